import { PURCHASE_LIMIT_MESSAGES } from "@rifazo/shared/domain/purchase-limits";
import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { UploadIcon } from "../../../components/ui/icons";
import type { UploadProgress } from "../../../lib/api-client";
import { paths } from "../../../lib/paths";
import type { UploadPhase } from "../hooks/use-proof-submission";
import { GENERAL_RAFFLE_ID, PROOF_FORM_TEXT } from "../proof-form";
import { UploadInterrupted, UploadProgressBar } from "./upload-progress";

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

/** The real upload progress (or why it stopped), then the success and where the buyer goes next. */
export function ProofUploadProgress({
  progress,
  phase,
  raffleId,
  onRetry,
  onCancel,
}: {
  progress: UploadProgress | null;
  phase: UploadPhase;
  raffleId: string;
  onRetry: () => void;
  onCancel: () => void;
}) {
  return (
    <>
      {progress !== null ? <UploadProgressBar progress={progress} phase={phase} /> : null}
      {phase === "interrupted" ? <UploadInterrupted onRetry={onRetry} onCancel={onCancel} /> : null}
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
  preparing = false,
  disabled,
}: {
  withPaymentLink: boolean;
  uploading: boolean;
  /** The chosen image is being made lighter: sending waits for it. */
  preparing?: boolean;
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
        loading={uploading || preparing}
        loadingText={preparing ? "Preparando imagen..." : "Subiendo..."}
        disabled={disabled}
        className="w-full sm:w-auto"
      >
        <UploadIcon />
        Enviar Comprobante
      </Button>
    </div>
  );
}
