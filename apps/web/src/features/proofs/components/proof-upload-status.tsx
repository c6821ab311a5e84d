import { PURCHASE_LIMIT_MESSAGES } from "@rifazo/shared/domain/purchase-limits";
import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { UploadIcon } from "../../../components/ui/icons";
import { cn } from "../../../lib/cn";
import { paths } from "../../../lib/paths";
import type { UploadPhase } from "../hooks/use-proof-submission";
import { GENERAL_RAFFLE_ID, PROOF_FORM_TEXT } from "../proof-form";

// What the proof upload form says around its fields: why it may not be sent yet, a recovered draft, the
// upload's progress and its success (spec 1 §2 "Proof upload", §9).

interface NoticesProps {
  salesOpen: boolean;
  /** The buyer already has as many proofs under review as allowed (decision 0008). */
  pendingFull: boolean;
  /** The buyer's cap in the raffle when they may not buy the minimum any more; null otherwise. */
  capReached: number | null;
  draftRestored: boolean;
}

export function ProofFormNotices({ salesOpen, pendingFull, capReached, draftRestored }: NoticesProps) {
  return (
    <>
      {salesOpen ? null : (
        <Alert variant="warning" title="Venta cerrada">
          La venta de boletos para esta rifa está cerrada.
        </Alert>
      )}
      {pendingFull ? (
        <Alert variant="warning" title="Comprobantes en revisión">
          {PURCHASE_LIMIT_MESSAGES.pendingLimit}
        </Alert>
      ) : capReached !== null ? (
        <Alert variant="warning" title={PURCHASE_LIMIT_MESSAGES.capTitle}>
          {PURCHASE_LIMIT_MESSAGES.capReached(capReached)}
        </Alert>
      ) : null}
      {draftRestored ? (
        <Alert variant="info" title="Recuperamos lo que habías escrito">
          Vuelve a adjuntar el comprobante: por seguridad, el navegador no guarda archivos.
        </Alert>
      ) : null}
    </>
  );
}

/** The real upload progress, then the success and where the buyer goes next. */
export function ProofUploadProgress({
  progress,
  phase,
  raffleId,
}: {
  progress: number | null;
  phase: UploadPhase;
  raffleId: string;
}) {
  return (
    <>
      {progress !== null ? (
        <div className="space-y-1.5">
          <div className="flex items-center justify-between text-sm">
            <span id="proof-progress-label" className="font-semibold text-ink">
              {phase === "done" ? "Comprobante enviado" : "Subiendo comprobante..."}
            </span>
            <span className="font-mono text-muted" aria-hidden="true">
              {progress}%
            </span>
          </div>
          <div
            role="progressbar"
            aria-labelledby="proof-progress-label"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            className="h-2.5 overflow-hidden rounded-pill bg-brand-100"
          >
            <div
              className={cn(
                "h-full rounded-pill transition-[width] duration-200",
                phase === "done" ? "bg-success-600" : "bg-brand-600",
              )}
              style={{ width: `${progress}%` }}
            />
          </div>
        </div>
      ) : null}
      {phase === "done" ? (
        <Alert variant="success" title={PROOF_FORM_TEXT.successTitle}>
          {PROOF_FORM_TEXT.success} Te llevamos{" "}
          {raffleId === GENERAL_RAFFLE_ID ? "a tus pagos" : "de vuelta a la rifa"} en un momento...
        </Alert>
      ) : null}
    </>
  );
}

/** Where to find the payment data (not needed beside a reservation's own) and the send button. */
export function ProofFormActions({
  withPaymentLink,
  uploading,
  disabled,
}: {
  withPaymentLink: boolean;
  uploading: boolean;
  disabled: boolean;
}) {
  return (
    <div className="flex flex-col-reverse gap-3 border-t border-line pt-5 sm:flex-row sm:items-center sm:justify-between">
      {withPaymentLink ? (
        <Link
          to={paths.paymentMethods}
          className="text-center text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
        >
          Ver datos para pagar
        </Link>
      ) : (
        <span />
      )}
      <Button
        type="submit"
        size="lg"
        loading={uploading}
        loadingText="Subiendo..."
        disabled={disabled}
        className="w-full sm:w-auto"
      >
        <UploadIcon />
        Enviar Comprobante
      </Button>
    </div>
  );
}
