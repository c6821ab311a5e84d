import type { ButtonHTMLAttributes } from "react";
import { cn } from "../../lib/cn";
import { useHydrated } from "../../lib/use-hydrated";
import { Spinner } from "./spinner";

export type ButtonVariant = "primary" | "accent" | "secondary" | "outline" | "ghost" | "danger" | "link";
export type ButtonSize = "sm" | "md" | "lg" | "icon";

const base =
  "inline-flex items-center justify-center gap-2 whitespace-nowrap font-semibold transition-colors " +
  "disabled:pointer-events-none disabled:opacity-60 aria-disabled:pointer-events-none aria-disabled:opacity-60 " +
  "[&_svg]:shrink-0";

const variants: Record<ButtonVariant, string> = {
  primary: "bg-brand-700 text-white shadow-sm hover:bg-brand-800 active:bg-brand-900",
  accent: "bg-accent-400 text-brand-950 shadow-sm hover:bg-accent-300 active:bg-accent-500",
  secondary: "bg-brand-100 text-brand-900 hover:bg-brand-200",
  outline: "border border-line bg-surface text-ink hover:bg-brand-50 hover:border-brand-300",
  ghost: "text-ink hover:bg-brand-50 hover:text-brand-800",
  danger: "bg-danger-600 text-white shadow-sm hover:bg-danger-700",
  link: "text-brand-700 underline-offset-4 hover:underline px-0! h-auto!",
};

const sizes: Record<ButtonSize, string> = {
  sm: "h-9 rounded-control px-3 text-sm",
  md: "h-11 rounded-control px-4 text-sm",
  lg: "h-12 rounded-control px-6 text-base",
  icon: "size-10 rounded-control text-lg",
};

/** The button look, for links (<Link className={buttonClasses()}>) that should look like a button. */
export function buttonClasses(
  options: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {},
) {
  return cn(base, variants[options.variant ?? "primary"], sizes[options.size ?? "md"], options.className);
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner, disables the button and swaps the text for `loadingText` when given. */
  loading?: boolean;
  loadingText?: string;
  /**
   * The action needs the page's code (a session, a POST, the clipboard...): on a server-rendered page the
   * button is disabled until hydration and says so, with a spinner and "cargando" for screen readers
   * (decision 0018), instead of sitting greyed out with no reason.
   */
  waitsForCode?: boolean;
  ref?: React.Ref<HTMLButtonElement>;
}

/** Said by a control that waits for the page's code (decision 0018). */
export const WAITING_TEXT = "cargando…";

export function Button({
  variant,
  size,
  loading = false,
  loadingText,
  className,
  children,
  disabled,
  type,
  waitsForCode = false,
  ...props
}: ButtonProps) {
  const hydrated = useHydrated();
  const waiting = waitsForCode && !hydrated;
  const label = props["aria-label"];
  return (
    <button
      type={type ?? "button"}
      className={buttonClasses({ variant, size, className })}
      disabled={disabled || loading || waiting}
      aria-busy={loading || waiting || undefined}
      {...props}
      aria-label={waiting && label ? `${label} (${WAITING_TEXT})` : label}
      title={waiting ? "Cargando…" : props.title}
    >
      {loading || waiting ? <Spinner label={null} /> : null}
      {loading && loadingText ? loadingText : children}
      {waiting && !label ? <span className="sr-only">{` (${WAITING_TEXT})`}</span> : null}
    </button>
  );
}
