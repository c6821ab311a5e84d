import { MIN_TICKETS_PER_PURCHASE } from "@rifazo/shared/constants";
import { useState } from "react";
import { PhonePrompt } from "../../profile/lazy";
import { type ProofFormSetup, useProofForm } from "../hooks/use-proof-form";
import { useProofSubmission } from "../hooks/use-proof-submission";
import { quantityHint } from "../proof-upload-values";
import {
  ProofAmountFields,
  ProofFileField,
  ProofMethodField,
  ProofNotesField,
  ProofQuantityField,
  ProofReferenceField,
} from "./proof-upload-fields";
import { ProofFormActions, ProofFormNotices, ProofUploadProgress } from "./proof-upload-status";

export type { FixedPrice, PaymentOption } from "../proof-upload-values";

interface ProofUploadFormProps
  extends Omit<ProofFormSetup, "reservation" | "options">,
    Partial<Pick<ProofFormSetup, "reservation" | "options">> {
  signedIn: boolean;
  /** False when the raffle no longer sells tickets. */
  salesOpen: boolean;
}

/**
 * The proof upload form (spec 1 §2, §5, §8): the method, reference, quantity, amount and file, checked in
 * the spec's order with its toasts (useProofSubmission), then uploaded with a real progress bar.
 */
export function ProofUploadForm({
  reservation = null,
  options = null,
  signedIn,
  salesOpen,
  ...rest
}: ProofUploadFormProps) {
  const setup: ProofFormSetup = { ...rest, reservation, options };
  const { raffleId, fixed, allowance } = setup;
  const { form, watched, values, draft, draftKey } = useProofForm(setup);
  const upload = useProofSubmission({ form, raffleId, reservation, signedIn, draftKey });
  const { phase, needsPhone } = upload;
  const busy = phase !== "editing";
  const [preparing, setPreparing] = useState(false); // sending waits for the lighter image (decision 0030)

  // Per-buyer cap (decision 0008): the quantity offered is at most what is left and what this buyer may add.
  const cap = allowance?.maxTicketsPerBuyer ?? null;
  const allowed = allowance?.ticketsAllowed ?? null;
  const bounds = [fixed?.remaining, allowed].filter((n): n is number => typeof n === "number");
  const pendingFull = allowance !== null && allowance.pendingProofs >= allowance.maxPendingProofs;
  const capReached = cap !== null && allowed !== null && allowed < MIN_TICKETS_PER_PURCHASE;

  return (
    <>
      <form
        ref={upload.formRef}
        onSubmit={upload.submit}
        noValidate
        className="space-y-5"
        aria-label="Subir comprobante de pago"
      >
        <ProofFormNotices
          salesOpen={salesOpen}
          pendingFull={pendingFull}
          capReached={capReached ? cap : null}
          draftRestored={draft !== null}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <ProofMethodField form={form} busy={busy} options={options} />
          <ProofReferenceField form={form} busy={busy} />
          <ProofQuantityField
            form={form}
            busy={busy}
            raffleId={raffleId}
            reservation={reservation}
            hint={quantityHint(fixed?.remaining, cap, allowed)}
            maxQuantity={bounds.length > 0 ? Math.min(...bounds) : undefined}
          />
          <ProofAmountFields
            form={form}
            busy={busy}
            chosen={options?.find((o) => o.method === watched.paymentMethod) ?? null}
            currencyFixed={Boolean(options || fixed)}
            currency={values.currency}
          />
        </div>
        <ProofNotesField form={form} busy={busy} />
        <ProofFileField form={form} busy={busy} onPreparingChange={setPreparing} />
        <ProofUploadProgress
          progress={upload.progress}
          phase={phase}
          raffleId={raffleId}
          onRetry={upload.retry}
          onCancel={upload.cancelRetry}
        />
        <ProofFormActions
          withPaymentLink={!reservation}
          uploading={phase === "uploading"}
          preparing={preparing}
          disabled={phase === "done" || phase === "interrupted" || !salesOpen}
        />
      </form>
      {needsPhone ? (
        <div className="mt-4">
          <PhonePrompt onSaved={upload.phoneSaved} />
        </div>
      ) : null}
    </>
  );
}
