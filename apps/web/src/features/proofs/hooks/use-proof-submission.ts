import type { ProofFormFields } from "@rifazo/shared/schemas/proofs";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useRef, useState } from "react";
import type { FieldErrors } from "react-hook-form";
import { useNavigate } from "react-router";
import { toast } from "../../../components/ui/toast";
import { errorMessage, isApiError, type UploadProgress } from "../../../lib/api-client";
import { paths } from "../../../lib/paths";
import { OFFLINE_TITLE, toastIfOffline } from "../../offline";
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
import { useUploadRetry } from "./use-upload-retry";

const TOAST_ID = "proof-upload";
const FIELD_NAMES = new Set<string>(PROOF_FIELD_ORDER);

interface SubmissionSetup {
  form: ProofForm;
  raffleId: string;
  reservation: { id: string } | null;
  signedIn: boolean;
  draftKey: string;
}

/** "interrupted": the connection dropped mid-upload; the form and the file wait to be sent again. */
export type UploadPhase = "editing" | "uploading" | "interrupted" | "done";

/** The first problem in the spec's order (spec 1 §8 "Proof upload") is toasted and its field focused. */
function onInvalid(invalid: FieldErrors<ProofFormValues>) {
  // The form's check could not be downloaded (use-proof-form): nothing is wrong with the fields.
  if (invalid.root?.type === "network" && invalid.root.message) {
    toast({ id: TOAST_ID, title: OFFLINE_TITLE, description: invalid.root.message, variant: "error" });
    return;
  }
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

/** The proof is in: the success toast, fresh lists, and (without a reservation) on to where it belongs. */
function useAfterUpload({ raffleId, reservation, draftKey }: Omit<SubmissionSetup, "form" | "signedIn">) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  return () => {
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
}

/**
 * Sending the proof (spec 1 §2, §5, §8): checks in the spec's order with its toasts, uploads with a real
 * progress, and tags each submission with an idempotency key that a retry of the same form reuses.
 */
export function useProofSubmission({ form, raffleId, reservation, signedIn, draftKey }: SubmissionSetup) {
  const queryClient = useQueryClient();
  const finished = useAfterUpload({ raffleId, reservation, draftKey });
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [phase, setPhase] = useState<UploadPhase>("editing");
  // 422 PHONE_REQUIRED: the mobile is asked inline, saved to the profile, and the same proof sent again.
  const [needsPhone, setNeedsPhone] = useState(false);
  const attempt = useRef<{ fingerprint: string; key: string } | null>(null);
  // What an interrupted upload sends again, with attempt.current's key.
  const pending = useRef<ProofUpload | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const send = async (fields: ProofUpload, key: string) => {
    pending.current = fields;
    setPhase("uploading");
    setProgress({ loaded: 0, total: fields.file.size });
    try {
      await uploadProof({
        raffleId,
        reservationId: reservation?.id,
        fields,
        idempotencyKey: key,
        onProgress: setProgress,
      });
      pending.current = null;
      setProgress((last) => last ?? { loaded: fields.file.size, total: fields.file.size });
      setPhase("done");
      finished();
    } catch (error) {
      // A dropped connection keeps everything as it is, to be sent again with the same key.
      if (isApiError(error) && error.isNetwork) {
        setPhase("interrupted");
        return;
      }
      pending.current = null;
      setPhase("editing");
      setProgress(null);
      // The reservation may have expired or changed meanwhile: the page shows its state again.
      if (reservation) void queryClient.invalidateQueries({ queryKey: reservationKeys.all });
      if (isPhoneRequired(error)) setNeedsPhone(true);
      else reportFailure(error, form, () => formRef.current?.requestSubmit());
    }
  };

  // Sent again as it was (useUploadRetry), or given back to the buyer to edit («Cancelar envío»).
  const retry = () => pending.current && attempt.current && void send(pending.current, attempt.current.key);
  const { resetTries } = useUploadRetry(phase === "interrupted", retry);
  const cancelRetry = () => {
    pending.current = null;
    setPhase("editing");
    setProgress(null);
  };

  const onValid = async (parsed: ProofFormFields) => {
    // The schema only knows the file's name and size; the value is the File the input gave.
    const fields: ProofUpload = { ...parsed, file: parsed.file as File };
    // One key per attempt; pressing send again on the same, unchanged form is a retry and reuses it.
    const fingerprint = proofFingerprint(raffleId, fields, reservation?.id);
    if (attempt.current?.fingerprint !== fingerprint) {
      attempt.current = { fingerprint, key: newIdempotencyKey() };
    }
    resetTries();
    await send(fields, attempt.current.key);
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

  return { phase, progress, formRef, submit, needsPhone, phoneSaved, retry, cancelRetry };
}
