import { reportUnshownNotice } from "../../lib/network-status";
import { createStore, useStore } from "../../lib/store";

export type ToastVariant = "success" | "error" | "info" | "warning";

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds; the Toaster's default (5 s) when omitted. */
  duration?: number;
  /** A toast with the same id replaces the previous one instead of stacking (guards firing twice). */
  id?: string;
  action?: { label: string; onClick: () => void };
  /**
   * The toast announces the navigation its action starts ("¡Hola!" before the sign-in page sends the user
   * on, "Reserva activa" before opening it): it stays through that one navigation, then ends with the
   * page it was shown on like any other.
   */
  survivesRedirect?: boolean;
}

// A toast ends with the action that caused it: leaving the page dismisses it (ToastsEndWithPage counts
// the pages). Each toast remembers the last page it may be shown on.
let page = 0;
const lastPageOf = new Map<string | number, number>();

// sonner is loaded lazily to keep the home bundle small; toasts asked for before it is ready wait.
// Counts the attempts to load it: a download that failed offline is tried again by the next toast.
const toasterRequested = createStore(0);
let resolveReady: () => void = () => undefined;
const toasterReady = new Promise<void>((resolve) => {
  resolveReady = resolve;
});
let sonner: Promise<typeof import("sonner")> | undefined;

/** Starts loading the toaster (idempotent): on the first toast. */
export function requestToaster(): void {
  if (sonner) return;
  sonner = import("sonner");
  toasterRequested.set((attempt) => attempt + 1);
}

/** 0 until the first toast, then the number of attempts to load the toaster. */
export function useToasterRequested(): number {
  return useStore(toasterRequested);
}

export function markToasterReady(): void {
  resolveReady();
}

/** Shows a toast with a title and an optional description. */
export function toast({
  title,
  description,
  variant = "info",
  duration,
  id,
  action,
  survivesRedirect = false,
}: ToastOptions): void {
  requestToaster();
  const lastPage = page + (survivesRedirect ? 1 : 0);
  const options = {
    description,
    duration,
    id,
    action: action ? { label: action.label, onClick: action.onClick } : undefined,
  };
  void Promise.all([sonner, toasterReady])
    .then(([module]) => {
      if (!module) return;
      // Still downloading when the user left the page it was about: it would only confuse the next one.
      if (page > lastPage) return;
      const show = {
        success: module.toast.success,
        error: module.toast.error,
        warning: module.toast.warning,
        info: module.toast.info,
      }[variant];
      // One toast at a time (spec 1 §9): the newest replaces whatever is showing. A toast reusing an id
      // is updated in place, so that one stays.
      for (const current of module.toast.getToasts()) {
        if (current.id !== id) module.toast.dismiss(current.id);
      }
      lastPageOf.set(show(title, options), lastPage);
    })
    .catch(() => {
      // The toast code could not be downloaded (offline): the connection bar under the header says it
      // instead, with the toast's action, so an action's «Reintentar» is never lost.
      sonner = undefined;
      reportUnshownNotice({ text: description ?? title, action });
    });
}

/** Another page is on screen: the toasts raised for the previous one end with it. */
export function endPageToasts(): void {
  page += 1;
  void sonner?.then((module) => {
    for (const current of module.toast.getToasts()) {
      if ((lastPageOf.get(current.id) ?? -1) < page) module.toast.dismiss(current.id);
    }
    for (const [id, last] of lastPageOf) if (last < page) lastPageOf.delete(id);
  });
}
