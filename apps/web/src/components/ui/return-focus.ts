import { useRef } from "react";

interface AutoFocusHandlers {
  onOpenAutoFocus?: (event: Event) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * Focus goes back to what opened the dialog when it closes (WAI-ARIA APG, dialog pattern). Radix does
 * this only for its own Dialog.Trigger; our dialogs open from state (a row's button, a card's action), so
 * focus fell to <body> and a keyboard or screen-reader user had to start again from the top of the page.
 * What had focus just before the dialog took it is remembered and focused again on close; without one (a
 * click in Safari does not focus a button) Radix's own behaviour stays.
 */
export function useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus }: AutoFocusHandlers = {}) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event: Event) => {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      onCloseAutoFocus?.(event);
      const target = opener.current;
      opener.current = null;
      if (event.defaultPrevented || !target?.isConnected) return;
      event.preventDefault();
      target.focus({ preventScroll: true });
    },
  };
}
