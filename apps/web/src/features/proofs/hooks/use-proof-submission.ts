import type { ProofFormFields } from "@rifazo/shared/schemas/proofs";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useRef, useState } from "react";
import type { FieldErrors } from "react-hook-form";
import { useNavigate } from "react-router";
import { toast } from "../../../components/ui/toast";
import { errorMessage, isApiError } from "../../../lib/api-client";
import { paths } from "../../../lib/paths";
import { toastIfOffline } from "../../offline";
import { isPhoneRequired } from "../../profile";
import { proofKeys, uploadProof } from "../api/proofs-api";
import { reservationKeys } from "../api/reservations-api";
import {
  clearProofDraft,
  isUploadFailure,
  newIdempotencyKey,
  PROOF_FIELD_ORDER,
  PROOF_FORM_TEXT,
  PROOF_REDIRECT_MS,
  type ProofField,
  type ProofFormValues,
  type ProofUpload,
  proofFingerprint,
  proofToast,
  quantityCode,
  redirectAfterUpload,
} from "../proof-form";
import type { ProofForm } from "./use-proof-form";

const TOAST_ID = "proof-upload";
const FIELD_NAMES = new Set<string>(PROOF_FIELD_ORDER);

interface SubmissionSetup {
  form: ProofForm;
  raffleId: string;
  reservation: { id: string } | null;
  signedIn: boolean;
  draftKey: string;
}

export type UploadPhase = "editing" | "uploading" | "done";

/** The first problem in the spec's order (spec 1 §8 "Proof upload") is toasted and its field focused. */
function onInvalid(invalid: FieldErrors<ProofFormValues>) {
  const field = PROOF_FIELD_ORDER.find((name) => invalid[name]?.message);
  const error = field ? invalid[field] : undefined;
  if (!field || !error?.message) return;
  const issue = { message: error.message, code: quantityCode(error.type) };
  toast({ id: TOAST_ID, ...proofToast(field, issue), variant: "error" });
  document.getElementById(`proof-${field}`)?.focus();
}

/** A refused upload: the toast says whether the file or the proof failed; the server's fields are marked. */
function reportFailure(error: unknown, form: ProofForm, retry: () => void) {
  // The form keeps what was typed: «Reintentar» sends it again (same key, so never twice).
  if (toastIfOffline(error, "subir el comprobante", retry)) return;
  const upload = isApiError(error) ? isUploadFailure(error) : true;
  toast({
    id: TOAST_ID,
    title: upload ? PROOF_FORM_TEXT.uploadErrorTitle : PROOF_FORM_TEXT.saveErrorTitle,
    description: errorMessage(error),
    variant: "error",
  });
  if (isApiError(error) && error.fields) {
    for (const [name, message] of Object.entries(error.fields)) {
      const key = name === "quantityOfTickets" ? "quantity" : name === "proof" ? "file" : name;
      if (FIELD_NAMES.has(key)) form.setError(key as ProofField, { message });
    }
  }
}

function toastSignIn() {
  toast({
    id: TOAST_ID,
    title: PROOF_FORM_TEXT.userErrorTitle,
    description: PROOF_FORM_TEXT.userError,
    variant: "error",
  });
}

function refreshAfterUpload(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: proofKeys.all });
  void queryClient.invalidateQueries({ queryKey: reservationKeys.all });
  void queryClient.invalidateQueries({ queryKey: ["raffles"] });
}

/**
 * Sending the proof (spec 1 §2, §5, §8): checks in the spec's order with its toasts, uploads with a real
 * progress, and tags each submission with an idempotency key that a retry of the same form reuses.
 */
export function useProofSubmission({ form, raffleId, reservation, signedIn, draftKey }: SubmissionSetup) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const [phase, setPhase] = useState<UploadPhase>("editing");
  // 422 PHONE_REQUIRED: the mobile is asked inline, saved to the profile, and the same proof sent again.
  const [needsPhone, setNeedsPhone] = useState(false);
  const attempt = useRef<{ fingerprint: string; key: string } | null>(null);
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const uploaded = () => {
    setProgress(100);
    setPhase("done");
    toast({
      id: TOAST_ID,
      title: PROOF_FORM_TEXT.successTitle,
      description: PROOF_FORM_TEXT.success,
      variant: "success",
      // Without a reservation the form goes on to the raffle or Mis Pagos a moment later.
      survivesRedirect: !reservation,
    });
    clearProofDraft(draftKey);
    refreshAfterUpload(queryClient);
    // A reservation's page shows "Comprobante en revisión" in place of this form once the refetched
    // reservation is submitted; a purchase without one goes on to its raffle or Mis Pagos.
    if (reservation) return;
    const target = redirectAfterUpload(raffleId);
    redirectTimer.current = setTimeout(() => {
      void navigate(target.kind === "payments" ? paths.profilePayments : paths.raffle(target.id));
    }, PROOF_REDIRECT_MS);
  };

  const onValid = async (parsed: ProofFormFields) => {
    // The schema only knows the file's name and size; the value is the File the input gave.
    const fields: ProofUpload = { ...parsed, file: parsed.file as File };
    // One key per attempt; pressing send again on the same, unchanged form is a retry and reuses it.
    const fingerprint = proofFingerprint(raffleId, fields, reservation?.id);
    if (attempt.current?.fingerprint !== fingerprint) {
      attempt.current = { fingerprint, key: newIdempotencyKey() };
    }
    setPhase("uploading");
    setProgress(0);
    try {
      await uploadProof({
        raffleId,
        reservationId: reservation?.id,
        fields,
        idempotencyKey: attempt.current.key,
        onProgress: (fraction) => setProgress(Math.round(fraction * 100)),
      });
      uploaded();
    } catch (error) {
      setPhase("editing");
      setProgress(null);
      // The reservation may have expired or changed meanwhile: the page shows its state again.
      if (reservation) void queryClient.invalidateQueries({ queryKey: reservationKeys.all });
      if (isPhoneRequired(error)) setNeedsPhone(true);
      else reportFailure(error, form, () => formRef.current?.requestSubmit());
    }
  };

  const validateAndSend = form.handleSubmit(onValid, onInvalid);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (phase !== "editing") return;
    // The spec's order (spec 1 §8): a signed-out user hears that before any field problem.
    if (signedIn) void validateAndSend(event);
    else toastSignIn();
  };
  const phoneSaved = () => {
    setNeedsPhone(false);
    void validateAndSend();
  };

  return { phase, progress, formRef, submit, needsPhone, phoneSaved };
}
