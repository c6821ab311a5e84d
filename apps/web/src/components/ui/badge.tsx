import type { HTMLAttributes } from "react";
import { cn } from "../../lib/cn";

export type BadgeVariant = "brand" | "accent" | "success" | "danger" | "warning" | "neutral" | "info";

const variants: Record<BadgeVariant, string> = {
  brand: "bg-brand-100 text-brand-800",
  accent: "bg-accent-300 text-brand-950",
  success: "bg-success-50 text-success-700 ring-1 ring-success-600/20",
  danger: "bg-danger-50 text-danger-700 ring-1 ring-danger-600/20",
  warning: "bg-warning-50 text-warning-700 ring-1 ring-warning-700/20",
  info: "bg-info-50 text-info-700 ring-1 ring-info-700/20",
  neutral: "bg-canvas text-muted ring-1 ring-line",
};

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  variant?: BadgeVariant;
}

export function Badge({ variant = "brand", className, ...props }: BadgeProps) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded-pill px-2.5 py-0.5 text-xs font-bold tracking-wide",
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}
