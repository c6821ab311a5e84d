import type { LabelHTMLAttributes, MouseEvent, Ref } from "react";
import { cn } from "../../lib/cn";

interface LabelProps extends LabelHTMLAttributes<HTMLLabelElement> {
  ref?: Ref<HTMLLabelElement>;
}

/** A form label. Plain <label>: Radix's adds ~2 kB gzip to every page with a form, for one behaviour, kept here. */
export function Label({ className, onMouseDown, ...props }: LabelProps) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is bound through htmlFor by the caller.
    <label
      className={cn("text-sm font-semibold text-ink", className)}
      onMouseDown={(event: MouseEvent<HTMLLabelElement>) => {
        onMouseDown?.(event);
        // A double click on the label would select its text instead of focusing the control.
        if (!event.defaultPrevented && event.detail > 1) event.preventDefault();
      }}
      {...props}
    />
  );
}
