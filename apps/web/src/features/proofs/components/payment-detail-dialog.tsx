import { checkpointText, parseCheckpoint } from "@rifazo/shared/domain/draw-checkpoint";
import { proofReviewPromise } from "@rifazo/shared/domain/glossary";
import { purchaseDisplayState } from "@rifazo/shared/domain/purchase-state";
import { claimText } from "@rifazo/shared/fairness-texts";
import { GENERAL_PROOF_LABEL } from "@rifazo/shared/schemas/proofs";
import { useState } from "react";
import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { CopyButton } from "../../../components/ui/copy-button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { OpenInNewTab } from "../../../components/ui/open-in-new-tab";
import { formatDateTime, formatMoney } from "../../../lib/format";
import { CHECKPOINT_PARAM, paths } from "../../../lib/paths";
import { OwnershipCheck } from "../../draws";
import { type PaymentProof, proofFileUrl } from "../api/proofs-api";
import { heldNumbersNote, isImageType, ticketsLabel } from "../payments";
import { InstantOutcomeNotice } from "./instant-outcome";
import { ProofStatusBadge } from "./proof-status-badge";

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="space-y-0.5">
      <dt className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</dt>
      <dd className="break-words text-ink">{children}</dd>
    </div>
  );
}

/** The proof file as sent: the image itself, or the PDF in a frame (with a link if the browser cannot show it). */
function ProofFile({ proof, file }: { proof: PaymentProof; file: NonNullable<PaymentProof["file"]> }) {
  const url = proofFileUrl(proof);
  const [failed, setFailed] = useState(false);
  const image = isImageType(file.contentType);
  return (
    <figure className="space-y-2">
      {failed ? (
        <Alert variant="warning">No se pudo mostrar el comprobante.</Alert>
      ) : image ? (
        <img
          src={url}
          alt={`Comprobante de pago ${proof.transactionRef}`}
          className="max-h-[60vh] w-full rounded-control border border-line bg-canvas object-contain"
          onError={() => setFailed(true)}
        />
      ) : (
        <iframe
          src={url}
          title={`Comprobante de pago ${proof.transactionRef} (PDF)`}
          className="h-[60vh] w-full rounded-control border border-line bg-canvas"
        />
      )}
      <figcaption className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted">
        <span className="min-w-0 truncate">{file.filename}</span>
        <OpenInNewTab href={url} className="underline-offset-4" />
      </figcaption>
    </figure>
  );
}

/**
 * The receipt's secret (decision 0012): the owner tags of this purchase's numbers in the raffle's frozen list
 * come from it, so with it the buyer, and only the buyer, recognises their numbers there.
 */
function ReceiptCode({ proof }: { proof: PaymentProof }) {
  const secret = proof.receiptSecret;
  if (!secret) return null;
  const numbers = proof.ticketNumbers.map(Number).filter(Number.isInteger);
  return (
    <section aria-labelledby={`receipt-${proof.id}`} className="space-y-2 rounded-control bg-canvas p-4">
      <h3 id={`receipt-${proof.id}`} className="text-sm font-bold text-ink">
        Código de verificación del recibo
      </h3>
      <p className="text-sm text-muted">{claimText("receiptCode")} Guárdalo y no lo publiques.</p>
      {proof.abono && !proof.abono.final ? (
        // Decision 0034: an earlier abono sold nothing; the purchase's tags are the completing payment's.
        <p className="text-sm text-muted">
          Este abono no vendió números: en la lista congelada, los de la compra llevan las etiquetas del pago
          que la completa. El recibo de este abono las muestra junto a cada número una vez pagada la compra.
        </p>
      ) : null}
      <div className="flex items-start gap-2">
        <code className="min-w-0 flex-1 rounded-md border border-line bg-surface px-2 py-1.5 font-mono text-xs break-all text-ink">
          {secret}
        </code>
        <CopyButton value={secret} label="Código de verificación del recibo" />
      </div>
      {proof.raffleId && !proof.refund && proof.status === "approved" && numbers.length > 0 ? (
        <OwnershipCheck raffleId={proof.raffleId} receiptCode={secret} numbers={numbers} />
      ) : null}
    </section>
  );
}

/**
 * The record checkpoint of the approval (docs/draw-protocol.md §14): kept with the offline copy of Mis
 * boletos, so the buyer holds it even without the receipt; the link checks it against the published record.
 */
function RecordCheckpoint({ proof }: { proof: PaymentProof }) {
  if (!proof.checkpoint || !proof.raffleId) return null;
  let text: string;
  try {
    text = checkpointText(parseCheckpoint(proof.checkpoint));
  } catch {
    return null;
  }
  return (
    <section aria-labelledby={`checkpoint-${proof.id}`} className="space-y-2 rounded-control bg-canvas p-4">
      <h3 id={`checkpoint-${proof.id}`} className="text-sm font-bold text-ink">
        Punto de control del acta
      </h3>
      <p className="text-sm text-ink">{text}</p>
      <div className="flex items-start gap-2">
        <code className="min-w-0 flex-1 rounded-md border border-line bg-surface px-2 py-1.5 font-mono text-xs break-all text-ink">
          {proof.checkpoint}
        </code>
        <CopyButton value={proof.checkpoint} label="Punto de control del acta" />
      </div>
      <Link
        to={`${paths.drawRecord(proof.raffleId)}?${CHECKPOINT_PARAM}=${encodeURIComponent(proof.checkpoint)}`}
        className="inline-block text-sm font-semibold text-brand-700 hover:underline"
      >
        Comprobar el acta con este punto de control
      </Link>
    </section>
  );
}

/** What the buyer should know about the payment's state: refunded, rejected (and why) or under review. */
function ProofStatusNotice({ proof }: { proof: PaymentProof }) {
  return proof.refund ? (
    <Alert
      variant="warning"
      title={purchaseDisplayState({ proofStatus: proof.status, refund: proof.refund }).label}
    >
      La rifa fue cancelada y este pago se devuelve: sus boletos quedaron anulados y ya no participan.
    </Alert>
  ) : proof.status === "rejected" ? (
    <Alert variant="danger" title="Pago rechazado">
      {proof.adminNotes || "El administrador no dejó una nota."}
    </Alert>
  ) : proof.status === "pending" ? (
    <Alert variant="info">Estamos revisando tu pago. {proofReviewPromise()}</Alert>
  ) : null;
}

/** The numbers of the purchase: assigned (struck through once refunded), or held until approval. */
function ProofNumbers({ proof }: { proof: PaymentProof }) {
  return proof.ticketNumbers.length > 0 ? (
    <section aria-labelledby={`tickets-${proof.id}`} className="space-y-2">
      <h3 id={`tickets-${proof.id}`} className="text-sm font-bold text-ink">
        {proof.refund ? "Boletos anulados" : "Boletos asignados"} ({proof.ticketNumbers.length})
      </h3>
      <ul className="flex max-h-48 flex-wrap gap-1.5 overflow-y-auto">
        {proof.ticketNumbers.map((number) =>
          proof.refund ? (
            <li
              key={number}
              className="rounded-md bg-canvas px-2 py-1 font-mono text-sm font-bold text-muted"
            >
              <del>{number}</del>
            </li>
          ) : (
            <li
              key={number}
              className="rounded-md bg-brand-50 px-2 py-1 font-mono text-sm font-bold text-brand-800"
            >
              {number}
            </li>
          ),
        )}
      </ul>
    </section>
  ) : proof.heldNumbers.length > 0 ? (
    <section aria-labelledby={`held-${proof.id}`} className="space-y-2">
      <h3 id={`held-${proof.id}`} className="text-sm font-bold text-ink">
        Números apartados ({proof.heldNumbers.length})
      </h3>
      <ul className="flex max-h-48 flex-wrap gap-1.5 overflow-y-auto">
        {proof.heldNumbers.map((number) => (
          <li
            key={number}
            className="rounded-md border border-dashed border-brand-600 px-2 py-1 font-mono text-sm font-bold text-brand-800"
          >
            {number}
          </li>
        ))}
      </ul>
      <p className="text-xs text-muted">{heldNumbersNote(proof)}</p>
    </section>
  ) : null;
}

export function PaymentDetailDialog({ proof, onClose }: { proof: PaymentProof | null; onClose: () => void }) {
  return (
    <Dialog open={proof !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {proof ? (
        <DialogContent size="lg">
          <DialogHeader>
            <DialogTitle>{proof.raffleTitle ?? GENERAL_PROOF_LABEL}</DialogTitle>
            <DialogDescription>Enviado el {formatDateTime(proof.createdAt)}</DialogDescription>
          </DialogHeader>
          <div className="space-y-5">
            <div className="flex flex-wrap items-center gap-2">
              <ProofStatusBadge status={proof.status} refund={proof.refund} abono={proof.abono} />
              {proof.reviewedAt ? (
                <span className="text-xs text-muted">Revisado el {formatDateTime(proof.reviewedAt)}</span>
              ) : null}
            </div>
            <ProofStatusNotice proof={proof} />
            <dl className="grid gap-4 sm:grid-cols-2">
              <Detail label="Monto">{formatMoney(proof.amount, proof.currency)}</Detail>
              <Detail label="Método de pago">{proof.paymentMethodLabel}</Detail>
              <Detail label="Referencia">
                <span className="font-mono">{proof.transactionRef}</span>
              </Detail>
              <Detail label="Boletos">{ticketsLabel(proof.quantityOfTickets)}</Detail>
              {proof.userNotes ? <Detail label="Tus notas">{proof.userNotes}</Detail> : null}
            </dl>
            <ProofNumbers proof={proof} />
            {/* Decision 0035: the purchase's instant draw, waiting on its round or decided. */}
            <InstantOutcomeNotice instant={proof.instant} />
            <ReceiptCode proof={proof} />
            <RecordCheckpoint proof={proof} />
            <section aria-label="Comprobante" className="space-y-2">
              <h3 className="text-sm font-bold text-ink">Comprobante</h3>
              {proof.file ? (
                <ProofFile proof={proof} file={proof.file} />
              ) : (
                // A purchase recorded by a vendedor (docs/decisions/0034-vendedores.md) has no file.
                <p className="text-sm text-muted">Compra registrada por un vendedor, sin captura del pago.</p>
              )}
            </section>
          </div>
          <DialogFooter>
            {proof.raffleId ? (
              <Link
                to={paths.raffle(proof.raffleId)}
                className="text-center text-sm font-semibold text-brand-700 sm:mr-auto sm:self-center"
              >
                Ver la rifa
              </Link>
            ) : null}
            <DialogClose asChild>
              <Button variant="outline">Cerrar</Button>
            </DialogClose>
          </DialogFooter>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
