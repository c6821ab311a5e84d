import { useQueryClient } from "@tanstack/react-query";
import { useLocation } from "react-router";

// A form the browser submitted on its own (no JavaScript yet) and the server refused comes back as its
// page rendered again (docs/decisions/0029-reserve-and-pay-before-javascript.md): the message and the
// values sent travel in the page's query cache, so hydration shows exactly what the server rendered.

export interface FormReturn {
  /** The form's action: only that form shows it. */
  action: string;
  message: string;
  fields: Record<string, string>;
  values: Record<string, string[]>;
}

export const formReturnKey = ["form-return"] as const;

/**
 * The refusal of the form posting to `action`, on the page the server answered with; null otherwise
 * (after moving to another page inside the app it is history).
 */
export function useFormReturn(action: string): FormReturn | null {
  const client = useQueryClient();
  const { key } = useLocation();
  const form = client.getQueryData<FormReturn>(formReturnKey);
  // "default": the document's first location, the one the server rendered.
  if (!form || form.action !== action || key !== "default") return null;
  return form;
}

/** The first value sent for `name`, or "". */
export function formValue(form: FormReturn | null, name: string): string {
  return form?.values[name]?.[0] ?? "";
}
