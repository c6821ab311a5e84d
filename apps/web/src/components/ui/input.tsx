import type { InputHTMLAttributes, Ref } from "react";
import { cn } from "../../lib/cn";

export const inputClasses =
  "h-11 w-full rounded-control border border-line bg-surface px-3 text-base text-ink shadow-xs " +
  "placeholder:text-muted/70 transition-colors hover:border-brand-300 " +
  "focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600/30 " +
  "aria-invalid:border-danger-600 aria-invalid:focus-visible:outline-danger-600/30 " +
  "disabled:cursor-not-allowed disabled:bg-canvas disabled:opacity-70 [&:is(input,textarea):read-only]:bg-canvas";

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  ref?: Ref<HTMLInputElement>;
}

export function Input({ className, type = "text", ...props }: InputProps) {
  return <input type={type} className={cn(inputClasses, className)} {...props} />;
}
