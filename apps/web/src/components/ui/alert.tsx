import type { HTMLAttributes, ReactNode } from "react";
import { cn } from "../../lib/cn";
import { AlertTriangleIcon, CheckCircleIcon, InfoIcon } from "./icons";

export type AlertVariant = "info" | "success" | "warning" | "danger";

const styles: Record<AlertVariant, string> = {
  info: "border-info-700/20 bg-info-50 text-info-700",
  success: "border-success-600/25 bg-success-50 text-success-700",
  warning: "border-warning-700/25 bg-warning-50 text-warning-700",
  danger: "border-danger-600/25 bg-danger-50 text-danger-700",
};

const icons: Record<AlertVariant, ReactNode> = {
  info: <InfoIcon />,
  success: <CheckCircleIcon />,
  warning: <AlertTriangleIcon />,
  danger: <AlertTriangleIcon />,
};

export interface AlertProps extends Omit<HTMLAttributes<HTMLDivElement>, "title"> {
  variant?: AlertVariant;
  title?: ReactNode;
  /** Extra content under the text, such as a retry button. */
  action?: ReactNode;
}

/** An inline message. Errors are announced immediately (role alert), the rest politely (role status). */
export function Alert({ variant = "info", title, action, className, children, ...props }: AlertProps) {
  return (
    <div
      role={variant === "danger" ? "alert" : "status"}
      className={cn("flex gap-3 rounded-card border p-4 text-sm", styles[variant], className)}
      {...props}
    >
      <span className="mt-0.5 text-lg">{icons[variant]}</span>
      <div className="min-w-0 flex-1 space-y-1">
        {title ? <p className="font-bold">{title}</p> : null}
        {children ? <div className="text-ink/85">{children}</div> : null}
        {action ? <div className="pt-2">{action}</div> : null}
      </div>
    </div>
  );
}
