import { PAYMENT_METHOD_LABELS, type PaymentMethod } from "@rifazo/shared/constants";
import { formatEsNumber, sameCents } from "@rifazo/shared/domain/money";
import { countText } from "@rifazo/shared/domain/plural";
import { whatsappLink } from "@rifazo/shared/domain/whatsapp";
import { PROOF_FLAG_LABELS, type ProofFlag } from "@rifazo/shared/schemas/admin";
import { GENERAL_PROOF_LABEL } from "@rifazo/shared/schemas/proofs";
import type { ComponentProps } from "react";
import { Link } from "react-router";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { AlertTriangleIcon, WhatsappIcon } from "../../../components/ui/icons";
import { cn } from "../../../lib/cn";
import { formatDate, formatDateTime, formatMoney } from "../../../lib/format";
import { paths } from "../../../lib/paths";
import type { AdminProof } from "../api/admin-api";
import { adminTabHref } from "../dashboard/admin-tabs";
import { ProofStatusBadge } from "../shared/proof-status";
import { TicketPreview } from "../shared/ticket-preview";
import { ProofFilePreview } from "./proof-file-preview";

/** The chosen numbers held for a proof under review: the reviewer checks them, so up to 12 show. */
const HELD_ROW_PREVIEW = 12;

/** /admin?tab=payments&proof=<id>: the inbox showing that one proof. */
export function proofHref(id: string): string {
  const base = adminTabHref(paths.admin, "payments");
  return `${base}${base.includes("?") ? "&" : "?"}proof=${encodeURIComponent(id)}`;
}

const methodLabel = (proof: AdminProof) =>
  PAYMENT_METHOD_LABELS[proof.paymentMethod as PaymentMethod] ?? proof.paymentMethod;

/** The prefilled WhatsApp message about this payment (the organiser edits it before sending). */
export function whatsappMessage(proof: AdminProof): string {
  const what = proof.raffleTitle ? `tu pago para la rifa "${proof.raffleTitle}"` : "tu pago general";
  return (
    `Hola ${proof.buyerName}, te escribimos de Rifazo por ${what}: ` +
    `${formatMoney(proof.amount, proof.currency)} por ${methodLabel(proof)}` +
    `${proof.transactionRef ? `, referencia ${proof.transactionRef}` : ""}, ` +
    `enviado el ${formatDate(proof.createdAt)}.`
  );
}

interface ProofRowProps {
  proof: AdminProof;
  selected: boolean;
  busy: boolean;
  onSelect: () => void;
  onApprove: () => void;
  onReject: () => void;
  onDelete: () => void;
}

/** The raffle (or general payment), when it was sent, the review deadline and the status. */
function ProofHeading({ proof, headingId }: { proof: AdminProof; headingId: string }) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-2">
      <div className="min-w-0">
        <h3 id={headingId} className="font-bold break-words text-ink">
          {proof.raffleTitle ?? GENERAL_PROOF_LABEL}
        </h3>
        <p className="text-sm text-muted">{formatDateTime(proof.createdAt)}</p>
        {proof.reviewBefore ? (
          <p className="mt-1">
            <Badge
              variant="warning"
              title="La rifa cerró: este pago se rechaza solo si no se revisa a tiempo"
            >
              Rifa cerrada · revisar antes del {formatDateTime(proof.reviewBefore)}
            </Badge>
          </p>
        ) : null}
      </div>
      <ProofStatusBadge status={proof.status} refund={proof.refund} />
    </div>
  );
}

/** The buyer (with a WhatsApp link), the tickets and both parties' notes. */
function ProofDetails({ proof }: { proof: AdminProof }) {
  const chat = whatsappLink(proof.buyerPhone, whatsappMessage(proof));
  return (
    <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-2">
      <div className="min-w-0">
        <dt className="text-muted">Comprador</dt>
        <dd className="font-semibold break-words text-ink">{proof.buyerName}</dd>
        {proof.buyerEmail ? <dd className="break-all text-muted">{proof.buyerEmail}</dd> : null}
        {proof.buyerPhone ? <dd className="text-muted">{proof.buyerPhone}</dd> : null}
        {proof.userId === null ? <dd className="text-muted">Sin cuenta en Rifazo</dd> : null}
        {proof.seller ? (
          <dd className="font-semibold text-brand-800">
            Vendido por {proof.seller.name} ({proof.seller.code})
          </dd>
        ) : null}
        {chat ? (
          <dd>
            <a
              href={chat}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 text-sm font-semibold text-success-700 hover:underline"
            >
              <WhatsappIcon aria-hidden="true" /> Escribir por WhatsApp
              <span className="sr-only"> a {proof.buyerName} (se abre en una pestaña nueva)</span>
            </a>
          </dd>
        ) : null}
      </div>
      <div>
        <dt className="text-muted">Boletos</dt>
        <dd className="text-ink">{countText(proof.quantityOfTickets, "boleto", "boletos")}</dd>
        <dd>
          {proof.tickets.length === 0 && proof.heldNumbers.length > 0 ? (
            <TicketPreview tickets={proof.heldNumbers} held max={HELD_ROW_PREVIEW} />
          ) : (
            <TicketPreview
              tickets={proof.tickets}
              empty={proof.status === "pending" ? "Se asignan al aprobar" : "Sin boletos"}
            />
          )}
        </dd>
      </div>
      {proof.userNotes ? (
        <div className="sm:col-span-2">
          <dt className="text-muted">Notas del usuario</dt>
          <dd className="break-words whitespace-pre-line text-ink">{proof.userNotes}</dd>
        </div>
      ) : null}
      {proof.adminNotes ? (
        <div className="sm:col-span-2">
          <dt className="text-muted">Notas del administrador</dt>
          <dd className="break-words whitespace-pre-line text-ink">{proof.adminNotes}</dd>
        </div>
      ) : null}
    </dl>
  );
}

/** "Aprobar" or "Rechazar" a pending payment, named after its buyer and announcing its shortcut key. */
function DecisionButton({
  verb,
  shortcut,
  proof,
  ...props
}: { verb: "Aprobar" | "Rechazar"; shortcut: "a" | "r"; proof: AdminProof } & Omit<
  ComponentProps<typeof Button>,
  "children"
>) {
  return (
    <Button
      size="sm"
      aria-label={`${verb} pago de ${proof.buyerName}`}
      aria-keyshortcuts={shortcut}
      {...props}
    >
      {verb}
    </Button>
  );
}

/** "Aprobar" and "Rechazar" while pending, and "Eliminar". */
function ProofActions({
  proof,
  busy,
  onApprove,
  onReject,
  onDelete,
}: Pick<ProofRowProps, "proof" | "busy" | "onApprove" | "onReject" | "onDelete">) {
  return (
    <div className="flex flex-wrap items-start gap-2 md:col-start-1 md:row-start-2">
      {proof.status === "pending" ? (
        <>
          <DecisionButton verb="Aprobar" shortcut="a" proof={proof} onClick={onApprove} loading={busy} />
          <DecisionButton
            verb="Rechazar"
            shortcut="r"
            proof={proof}
            variant="outline"
            onClick={onReject}
            disabled={busy}
          />
        </>
      ) : null}
      <Button
        size="sm"
        variant="ghost"
        onClick={onDelete}
        disabled={busy}
        aria-label={`Eliminar comprobante de ${proof.buyerName}`}
      >
        <span className="text-danger-700">Eliminar</span>
      </Button>
    </div>
  );
}

export function ProofRow({ proof, selected, busy, onSelect, onApprove, onReject, onDelete }: ProofRowProps) {
  const headingId = `proof-${proof.id}`;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: j/k and the arrows select with the keyboard (the shortcuts).
    <li
      id={`proof-row-${proof.id}`}
      aria-labelledby={headingId}
      aria-current={selected ? "true" : undefined}
      data-selected={selected ? "" : undefined}
      onClick={onSelect}
      // Phones: details, the proof, then the buttons (look before approving). Wider: the proof on the right.
      className={cn(
        "grid scroll-mt-24 grid-cols-1 gap-4 rounded-card border p-4 md:grid-cols-[minmax(0,1fr)_20rem] md:grid-rows-[auto_1fr] lg:grid-cols-[minmax(0,1fr)_26rem]",
        selected ? "border-brand-500 ring-2 ring-brand-300" : "border-line",
      )}
    >
      <div className="min-w-0 space-y-3 md:col-start-1 md:row-start-1">
        <ProofHeading proof={proof} headingId={headingId} />
        <ProofFlags proof={proof} />
        <ProofDetails proof={proof} />
        <Comparison proof={proof} />
      </div>
      <div className="md:col-start-2 md:row-span-2 md:row-start-1">
        <ProofFilePreview proof={proof} />
      </div>
      <ProofActions proof={proof} busy={busy} onApprove={onApprove} onReject={onReject} onDelete={onDelete} />
    </li>
  );
}

/** Why this proof needs a closer look, each with the other proof to compare it with when there is one. */
function ProofFlags({ proof }: { proof: AdminProof }) {
  if (proof.flags.length === 0) return null;
  const other: Partial<Record<ProofFlag, string | null>> = {
    duplicate_reference: proof.duplicateOf,
    near_duplicate: proof.analysis.nearDuplicateOf,
  };
  return (
    <ul aria-label="Alertas" className="flex flex-wrap gap-2">
      {proof.flags.map((flag) => {
        const otherId = other[flag];
        return (
          <li key={flag} className="flex flex-wrap items-center gap-1.5">
            <Badge variant="danger">
              <AlertTriangleIcon aria-hidden="true" /> {PROOF_FLAG_LABELS[flag]}
            </Badge>
            {otherId ? (
              <Link
                to={proofHref(otherId)}
                className="text-xs font-semibold text-brand-700 underline-offset-4 hover:underline"
              >
                Ver el otro comprobante
              </Link>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

const FIELD_LABELS = { reference: "Referencia", amount: "Monto", date: "Fecha" } as const;

/** What OCR read on the receipt, each field marked when it differs from what the buyer typed. */
function ReadOnReceipt({ proof }: { proof: AdminProof }) {
  const { analysis } = proof;
  const ocr = analysis.ocr?.fields;
  const mismatch = new Set(analysis.mismatches);
  const differs = (field: "reference" | "amount" | "date") =>
    mismatch.has(field) ? (
      <span className="ml-1 font-bold text-danger-700">
        <AlertTriangleIcon aria-hidden="true" className="inline" /> No coincide con lo escrito
      </span>
    ) : null;
  return (
    <div>
      <h4 className="font-semibold text-muted">Leído en el recibo</h4>
      {ocr ? (
        <dl className="space-y-0.5">
          <div>
            <dt className="sr-only">{FIELD_LABELS.reference}</dt>
            <dd className={cn(mismatch.has("reference") && "text-danger-700")}>
              Ref. {ocr.reference ?? "—"}
              {differs("reference")}
            </dd>
          </div>
          <div>
            <dt className="sr-only">{FIELD_LABELS.amount}</dt>
            <dd className={cn(mismatch.has("amount") && "text-danger-700")}>
              {ocr.amount === null ? "Monto —" : formatMoney(ocr.amount, ocr.currency ?? proof.currency)}
              {differs("amount")}
            </dd>
          </div>
          <div>
            <dt className="sr-only">{FIELD_LABELS.date}</dt>
            <dd className={cn(mismatch.has("date") && "text-danger-700")}>
              {ocr.date ? formatDate(`${ocr.date}T12:00:00-04:00`) : "Fecha —"}
              {differs("date")}
            </dd>
          </div>
          <div>
            <dt className="sr-only">Banco</dt>
            <dd>{ocr.bank ?? "Banco —"}</dd>
          </div>
        </dl>
      ) : (
        <p className="text-muted">{proof.file ? ANALYSIS_TEXT[analysis.status] : "Sin recibo que leer."}</p>
      )}
    </div>
  );
}

/** What the buyer typed beside what the purchase costs, and what OCR read on the receipt. */
function Comparison({ proof }: { proof: AdminProof }) {
  const { expected } = proof;
  const amountDiffers =
    expected !== null && (expected.currency !== proof.currency || !sameCents(expected.amount, proof.amount));
  return (
    // A group, not a region: one landmark per proof, all named alike, would crowd the landmark list.
    // biome-ignore lint/a11y/useSemanticElements: three columns to compare, not a form; a fieldset means inputs.
    <div
      role="group"
      aria-label="Comparación del pago"
      className="rounded-control border border-line bg-canvas p-3 text-sm"
    >
      <div className="grid gap-3 sm:grid-cols-3">
        <div>
          <h4 className="font-semibold text-muted">
            {proof.seller ? "Registrado por el vendedor" : "Escrito por el comprador"}
          </h4>
          <p className="font-semibold text-ink">{formatMoney(proof.amount, proof.currency)}</p>
          <p className="text-ink">{methodLabel(proof)}</p>
          <p className="font-mono break-all text-ink">Ref. {proof.transactionRef || "—"}</p>
        </div>
        <div>
          <h4 className="font-semibold text-muted">Esperado</h4>
          {expected ? (
            <>
              <p className={cn("font-semibold", amountDiffers ? "text-danger-700" : "text-ink")}>
                {formatMoney(expected.amount, expected.currency)}
                {amountDiffers ? <span className="block text-xs">Monto distinto al esperado</span> : null}
              </p>
              {expected.exchangeRate !== null && expected.currency === "VES" ? (
                <p className="text-muted">Tasa {formatEsNumber(expected.exchangeRate, 2)} Bs/$</p>
              ) : null}
            </>
          ) : (
            <p className="text-muted">Sin reserva: sin monto congelado.</p>
          )}
        </div>
        <ReadOnReceipt proof={proof} />
      </div>
    </div>
  );
}

const ANALYSIS_TEXT: Record<AdminProof["analysis"]["status"], string> = {
  pending: "Leyendo el recibo…",
  done: "No se pudo leer nada.",
  failed: "No se pudo leer el recibo.",
  skipped: "No se lee (PDF u otro formato).",
};
