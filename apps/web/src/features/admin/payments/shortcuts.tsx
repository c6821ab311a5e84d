import { useEffect, useRef } from "react";
import { AdminDialog } from "../shared/admin-dialog";

export const INBOX_SHORTCUTS = [
  { keys: ["j", "↓"], action: "Comprobante siguiente" },
  { keys: ["k", "↑"], action: "Comprobante anterior" },
  { keys: ["a"], action: "Aprobar el comprobante seleccionado (pide confirmación)" },
  { keys: ["r"], action: "Rechazar el comprobante seleccionado (elige el motivo)" },
  { keys: ["?"], action: "Mostrar estos atajos" },
] as const;

/**
 * Typing in a field, or moving inside a widget that uses the arrows itself (tabs, menus, dropdowns),
 * is never a shortcut.
 */
function ownsKeys(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target.closest("input, textarea, select, [contenteditable='true']")) return true;
  return (
    target.closest(
      "[role='tablist'], [role='listbox'], [role='menu'], [role='combobox'], [role='dialog']",
    ) !== null
  );
}

interface ShortcutHandlers {
  enabled: boolean;
  onMove: (step: 1 | -1) => void;
  onApprove: () => void;
  onReject: () => void;
  onHelp: () => void;
}

export function useInboxShortcuts(handlers: ShortcutHandlers): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const h = latest.current;
      if (!h.enabled || event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (ownsKeys(event.target)) return;
      switch (event.key) {
        case "j":
        case "ArrowDown":
          h.onMove(1);
          break;
        case "k":
        case "ArrowUp":
          h.onMove(-1);
          break;
        case "a":
          h.onApprove();
          break;
        case "r":
          h.onReject();
          break;
        case "?":
          h.onHelp();
          break;
        default:
          return;
      }
      event.preventDefault();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);
}

export function ShortcutsHelp({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <AdminDialog
      open={open}
      onOpenChange={onOpenChange}
      size="sm"
      title="Atajos de teclado"
      description="No funcionan mientras escribes en un campo."
    >
      <dl className="space-y-2 text-sm">
        {INBOX_SHORTCUTS.map((shortcut) => (
          <div key={shortcut.action} className="flex items-center justify-between gap-4">
            <dt className="flex gap-1">
              {shortcut.keys.map((key) => (
                <kbd
                  key={key}
                  className="rounded border border-line bg-canvas px-1.5 py-0.5 font-mono text-xs text-ink"
                >
                  {key}
                </kbd>
              ))}
            </dt>
            <dd className="text-right text-muted">{shortcut.action}</dd>
          </div>
        ))}
      </dl>
    </AdminDialog>
  );
}
