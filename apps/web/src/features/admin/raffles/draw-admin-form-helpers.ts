import { useQueryClient } from "@tanstack/react-query";
import { errorMessage, isApiError } from "../../../lib/api-client";
import { recordKeys } from "../../draws";
import { adminKeys } from "../api/admin-api";

// Shared by the draw's admin forms (decision 0012).

export type FieldErrors = Record<string, string>;

/** The first message of each field a shared schema refused. */
export function fieldErrors(error: {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "");
    if (key && !out[key]) out[key] = issue.message;
  }
  return out;
}

/** The server's per-field messages, with a message that names no field put under `fallbackField`. */
export function errorsFrom(error: unknown, fallbackField: string): FieldErrors {
  if (isApiError(error) && error.fields && Object.keys(error.fields).length > 0) return { ...error.fields };
  return { [fallbackField]: errorMessage(error) };
}

export function useAfterDrawChange(raffleId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: recordKeys.one(raffleId) }),
      queryClient.invalidateQueries({ queryKey: adminKeys.raffle(raffleId) }),
    ]);
}

/** The evidence file as base64 (the server keeps it privately; the record publishes its SHA-256). */
export async function fileToBase64(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
