import { receiptDrawLabel } from "@rifazo/shared/domain/glossary";
import { instantOutcomeText } from "@rifazo/shared/domain/instant-texts";
import { claimText } from "@rifazo/shared/fairness-texts";
import type { Receipt } from "@rifazo/shared/schemas/receipts";
import { type ReactNode, useEffect, useState } from "react";
import { Link } from "react-router";
import { DrawTrustNotice } from "../../../components/draw/draw-trust-notice";
import { PurchaseStateBadge } from "../../../components/purchase/purchase-state-badge";
import { Alert } from "../../../components/ui/alert";
import { buttonClasses } from "../../../components/ui/button";
import { CopyButton } from "../../../components/ui/copy-button";
import {
  CheckCircleIcon,
  ShareIcon,
  ShieldIcon,
  SparklesIcon,
  WhatsappIcon,
} from "../../../components/ui/icons";
import { toast } from "../../../components/ui/toast";
import { cn } from "../../../lib/cn";
import { formatDateTime } from "../../../lib/format";
import { CHECKPOINT_PARAM, paths } from "../../../lib/paths";
import { QrCodeSvg } from "../../security";
import { shareMessage, verifierPathOf, whatsappShareUrl } from "../lib/share";
import { ReceiptAbonoNumbers, ReceiptAbonoSummary } from "./receipt-abono";
import { ReceiptClaim } from "./receipt-claim";

function Detail({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={cn("min-w-0", className)}>
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="font-semibold break-words text-ink">{children}</dd>
    </div>
  );
}

/** The system share sheet, where the browser has one (phones mostly); shown only after hydration. */
function useCanShare(): boolean {
  const [can, setCan] = useState(false);
  useEffect(() => {
    setCan(typeof navigator !== "undefined" && typeof navigator.share === "function");
  }, []);
  return can;
}

function ShareButtons({ receipt }: { receipt: Receipt }) {
  const canShare = useCanShare();
  async function share() {
    try {
      await navigator.share({
        title: `Recibo de Rifazo: ${receipt.raffle.title}`,
        text: shareMessage(receipt),
        url: receipt.receiptUrl,
      });
    } catch (error) {
      // Closing the share sheet is a choice, not a failure.
      if ((error as { name?: string }).name === "AbortError") return;
      toast({ title: "No se pudo compartir", description: "Copia el enlace del recibo.", variant: "error" });
    }
  }
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <a href={receipt.imageUrl} download className={buttonClasses({ variant: "primary" })}>
        Descargar PNG
      </a>
      <a href={receipt.pdfUrl} download className={buttonClasses({ variant: "outline" })}>
        Descargar PDF
      </a>
      <a
        href={whatsappShareUrl(receipt)}
        target="_blank"
        rel="noopener noreferrer"
        className={buttonClasses({ variant: "secondary" })}
      >
        <WhatsappIcon /> Compartir por WhatsApp
      </a>
      {canShare ? (
        <button type="button" onClick={share} className={buttonClasses({ variant: "outline" })}>
          <ShareIcon /> Compartir
        </button>
      ) : (
        <CopyButtonWide value={receipt.receiptUrl} />
      )}
    </div>
  );
}

/** Where the system share sheet is missing, copying the link is the other way to send it. */
function CopyButtonWide({ value }: { value: string }) {
  return (
    <div className="flex items-center gap-2 rounded-control border border-line bg-surface px-3">
      <span className="min-w-0 flex-1 truncate text-sm text-muted">Copiar enlace del recibo</span>
      <CopyButton value={value} label="Enlace del recibo" />
    </div>
  );
}

/**
 * The record checkpoint of the approval (docs/draw-protocol.md §14): what the published record must still
 * extend. The link opens the record page with it, which checks it.
 */
function CheckpointSection({
  receipt,
  checkpoint,
}: {
  receipt: Receipt;
  checkpoint: NonNullable<Receipt["checkpoint"]>;
}) {
  const check = `${paths.drawRecord(receipt.raffle.id)}?${CHECKPOINT_PARAM}=${encodeURIComponent(checkpoint.code)}`;
  return (
    <section
      aria-labelledby="receipt-checkpoint-title"
      className="space-y-2 rounded-card border border-line bg-surface p-5 shadow-card sm:p-6"
    >
      <h3 id="receipt-checkpoint-title" className="flex items-center gap-2 font-bold text-ink">
        <ShieldIcon className="text-brand-700" /> Punto de control del acta
      </h3>
      <p className="font-semibold text-ink">{checkpoint.text}</p>
      <p className="text-sm text-muted">{claimText("receiptCheckpoint")}</p>
      <CopyableCode code={checkpoint.code} label="Punto de control del acta" />
      <Link to={check} className="inline-block text-sm font-semibold text-brand-700 hover:underline">
        Comprobar el acta con este punto de control
      </Link>
    </section>
  );
}

/** A code to check with, in full, with its copy button. */
function CopyableCode({ code, label }: { code: string; label: string }) {
  return (
    <div className="flex items-start gap-2">
      <code className="min-w-0 flex-1 rounded-md border border-line bg-canvas px-2 py-1.5 font-mono text-xs break-all text-ink">
        {code}
      </code>
      <CopyButton value={code} label={label} />
    </div>
  );
}

/** The numbers of the receipt, large; struck through when the purchase was refunded. */
function ReceiptNumbers({ receipt, refund }: { receipt: Receipt; refund: Receipt["refund"] | null }) {
  return (
    <div>
      <h3 className="mb-2 text-sm text-muted">
        {refund
          ? `Números anulados (${receipt.quantity})`
          : receipt.quantity === 1
            ? "Tu número"
            : `Tus números (${receipt.quantity})`}
      </h3>
      <ul
        aria-label={refund ? "Números anulados" : "Tus números"}
        className="grid grid-cols-3 gap-2 sm:grid-cols-5"
      >
        {receipt.numbers.map((n) => (
          <li
            key={n}
            className={cn(
              "rounded-control py-2 text-center font-mono text-3xl font-black tracking-wider",
              refund ? "bg-canvas text-muted" : "bg-brand-100 text-brand-900",
            )}
          >
            {refund ? <del>{n}</del> : n}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The draw, what was paid and how, the buyer and when the payment was approved. */
function ReceiptDetails({ receipt }: { receipt: Receipt }) {
  const { payment } = receipt;
  return (
    <dl className="grid gap-3 sm:grid-cols-2">
      <Detail label={receiptDrawLabel(receipt.draw.kind)} className="sm:col-span-2">
        {receipt.draw.text}
        {receipt.draw.lotteryRule ? (
          <span className="block text-sm font-normal text-muted">{receipt.draw.lotteryRule}</span>
        ) : null}
      </Detail>
      <Detail label="Pagado">
        {payment.amountText}
        {payment.exchangeRateText ? (
          <span className="block text-sm font-normal text-muted">{payment.exchangeRateText}</span>
        ) : null}
      </Detail>
      <Detail label="Método">
        {payment.methodLabel}
        <span className="block text-sm font-normal text-muted">
          Referencia terminada en {payment.referenceLast4}
        </span>
      </Detail>
      <Detail label="Comprador">{receipt.buyerName}</Detail>
      <Detail label="Aprobado">{formatDateTime(receipt.approvedAt)}</Detail>
    </dl>
  );
}

/** The QR code that opens the ticket verifier for these numbers, and the same as a link. */
function VerifierQr({ receipt }: { receipt: Receipt }) {
  return (
    <section
      aria-labelledby="receipt-qr-title"
      className="flex flex-col items-center gap-4 rounded-card border border-line bg-surface p-5 shadow-card sm:flex-row sm:items-start sm:p-6"
    >
      <QrCodeSvg
        value={receipt.verifierUrl}
        label="Código QR del verificador de boletos"
        className="size-48 shrink-0 rounded-control border border-line"
      />
      <div className="space-y-2 text-center sm:text-left">
        <h3 id="receipt-qr-title" className="font-bold text-ink">
          Verifica tus boletos
        </h3>
        <p className="text-sm text-muted">
          {receipt.verifierHasNumbers
            ? "Escanea el código con otro teléfono (o ábrelo aquí) para ver en el verificador de boletos el estado de tus números."
            : "Escanea el código para abrir el verificador de boletos de esta rifa."}
        </p>
        <Link
          to={verifierPathOf(receipt.verifierUrl)}
          className="text-sm font-semibold text-brand-700 hover:underline"
        >
          Abrir el verificador
        </Link>
      </div>
    </section>
  );
}

/**
 * The receipt code and what it proves. An abono's earlier payment (decision 0034) sold nothing: its code
 * tags no number, so the page says whose does and leaves out the check by code.
 */
function ReceiptCodeSection({ receipt }: { receipt: Receipt }) {
  const abono = receipt.abono ?? null;
  const checkPath = `${paths.ticketVerifier}?rifa=${encodeURIComponent(receipt.raffle.id)}`;
  return (
    <section
      aria-labelledby="receipt-code-title"
      className="space-y-2 rounded-card border border-line bg-surface p-5 shadow-card sm:p-6"
    >
      <h3 id="receipt-code-title" className="flex items-center gap-2 font-bold text-ink">
        <ShieldIcon className="text-brand-700" /> Código de verificación del recibo
      </h3>
      {abono && !abono.final ? (
        <p className="text-sm text-muted">
          Este abono no vendió números: en la lista congelada, los de la compra llevan etiquetas que salen del
          código del pago que la completa, no de este. Una vez pagada la compra, este recibo muestra la
          etiqueta de cada número para que la compares con el acta.
        </p>
      ) : (
        <p className="text-sm text-muted">
          Cuando la rifa congela su lista de boletos, cada uno de tus números aparece en el acta con una
          etiqueta que sale de este código. Con él compruebas que tus números están en la lista y marcados
          como tuyos.
        </p>
      )}
      <CopyableCode code={receipt.receiptCode} label="Código de verificación del recibo" />
      {abono && !abono.final ? null : (
        <Link to={checkPath} className="inline-block text-sm font-semibold text-brand-700 hover:underline">
          Comprobar mis boletos en la lista congelada
        </Link>
      )}
    </section>
  );
}

/**
 * The purchase's instant draw (docs/decisions/0035-prizes-on-the-record.md), in the words the PNG and the
 * PDF print: waiting on its drand round, a win (highlighted) or none.
 */
function InstantLine({ instant }: { instant: NonNullable<Receipt["instant"]> }) {
  const won = instant.status === "decided" && instant.wins.length > 0;
  return (
    <p
      data-testid="receipt-instant"
      className={cn(
        "flex items-start gap-2 rounded-control px-3 py-2 text-sm",
        won ? "border border-accent-300 bg-accent-50 font-bold text-brand-950" : "bg-canvas text-ink",
      )}
    >
      {won ? <SparklesIcon className="mt-0.5 shrink-0 text-accent-600" /> : null}
      <span>{instantOutcomeText(instant)}</span>
    </p>
  );
}

/** "Pago aprobado"; an abono's "Abono aprobado", or "Abono final: compra pagada" for the completing one. */
function approvalLabel(abono: Receipt["abono"] | null): string {
  if (!abono) return "Pago aprobado";
  return abono.final ? "Abono final: compra pagada" : "Abono aprobado";
}

/**
 * The receipt of an approved purchase: raffle, numbers, draw date, what was paid, the QR code that opens
 * the ticket verifier for these numbers, and the receipt code that checks them in the frozen list.
 * Phone first: one column at 390 px, the numbers large.
 */
export function ReceiptView({ receipt }: { receipt: Receipt }) {
  // A refunded purchase (cancelled raffle, decision 0016): the receipt stays, void, and says so.
  const refund = receipt.refund ?? null;
  // One payment of an abono (decision 0034): the purchase's numbers and their state come with it.
  const abono = receipt.abono ?? null;
  return (
    <article aria-labelledby="receipt-title" className="space-y-5">
      <section className="space-y-5 rounded-card border border-line bg-surface p-5 shadow-card sm:p-6">
        <div className="space-y-1">
          {refund ? (
            <PurchaseStateBadge status="approved" refund={refund} />
          ) : (
            <p className="inline-flex items-center gap-1 rounded-pill bg-brand-100 px-3 py-1 text-xs font-bold text-brand-900">
              <CheckCircleIcon /> {approvalLabel(abono)}
            </p>
          )}
          <h2 id="receipt-title" className="text-2xl font-black text-ink">
            <Link to={paths.raffle(receipt.raffle.id)} className="hover:underline">
              {receipt.raffle.title}
            </Link>
          </h2>
        </div>

        {refund ? (
          <Alert variant="warning" title={refund.headline}>
            {refund.detail}
          </Alert>
        ) : null}

        {abono ? <ReceiptAbonoSummary abono={abono} /> : null}
        {abono ? (
          <ReceiptAbonoNumbers abono={abono} refunded={refund !== null} />
        ) : (
          <ReceiptNumbers receipt={receipt} refund={refund} />
        )}

        <ReceiptDetails receipt={receipt} />
        {receipt.instant ? <InstantLine instant={receipt.instant} /> : null}
        <DrawTrustNotice level={receipt.draw.trust} />
      </section>

      {receipt.claim ? <ReceiptClaim token={receipt.token} claim={receipt.claim} /> : null}

      <VerifierQr receipt={receipt} />

      <ReceiptCodeSection receipt={receipt} />

      {receipt.checkpoint ? <CheckpointSection receipt={receipt} checkpoint={receipt.checkpoint} /> : null}

      <section aria-label="Descargar y compartir" className="space-y-2">
        <ShareButtons receipt={receipt} />
        <p className="text-xs text-muted">
          Quien tenga este enlace ve tu recibo (sin tu apellido ni tu referencia completa): compártelo solo
          con quien quieras.
        </p>
      </section>
    </article>
  );
}
