import type { ReactNode } from "react";
import { cn } from "../../lib/cn";
import { Label } from "./label";

/** What a field's control spreads to be bound to its label, hint and error message. */
export interface FieldControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

interface FormFieldProps {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  /**
   * Whether the control is marked invalid; by default when there is an error to show. A form that shows
   * one message for several fields marks each of them without repeating the message.
   */
  invalid?: boolean | undefined;
  hint?: ReactNode;
  className?: string;
  /** Renders the control (an Input, a Select, a textarea...) with the props that bind it: `{...control}`. */
  children: (control: FieldControlProps) => ReactNode;
}

/** Label, control, hint and error message wired together by id (aria-describedby, aria-invalid). */
export function FormField({ id, label, error, invalid, hint, className, children }: FormFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("space-y-1.5", className)}>
      <Label htmlFor={id}>{label}</Label>
      {children({
        id,
        "aria-invalid": (invalid ?? Boolean(error)) ? true : undefined,
        "aria-describedby": describedBy,
      })}
      {hint ? (
        <p id={hintId} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-danger-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
