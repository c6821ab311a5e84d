import { AlertDialog } from "radix-ui";
import type { ReactNode } from "react";
import { Button, type ButtonVariant } from "../../../components/ui/button";
import { useReturnFocus } from "../../../components/ui/return-focus";

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  variant?: ButtonVariant;
  /** Runs on confirm; the dialog stays open (button busy) until it settles, and closes unless it throws. */
  onConfirm: () => Promise<unknown> | undefined;
  busy?: boolean;
  children?: ReactNode;
}

/**
 * Deletions ask first (spec 2 §5). An alert dialog: focus starts on "Cancelar", Escape cancels, and the
 * page behind cannot be clicked until it is answered.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = "Cancelar",
  variant = "danger",
  onConfirm,
  busy = false,
  children,
}: ConfirmDialogProps) {
  const returnFocus = useReturnFocus();
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => (busy ? undefined : onOpenChange(next))}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-brand-950/55 backdrop-blur-[2px] data-[state=open]:animate-fade-in" />
        <AlertDialog.Content
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-card border border-line bg-surface p-6 shadow-pop data-[state=open]:animate-pop-in"
          {...returnFocus}
        >
          <AlertDialog.Title className="text-lg font-bold text-ink">{title}</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="mt-2 space-y-2 text-sm text-muted">{description}</div>
          </AlertDialog.Description>
          {children}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="outline" disabled={busy}>
                {cancelLabel}
              </Button>
            </AlertDialog.Cancel>
            <Button
              variant={variant}
              loading={busy}
              onClick={() => {
                const result = onConfirm();
                if (result && typeof result.then === "function") {
                  result.then(
                    () => onOpenChange(false),
                    () => undefined,
                  );
                } else {
                  onOpenChange(false);
                }
              }}
            >
              {confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
