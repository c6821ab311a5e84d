import type { ReactNode } from "react";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";

interface AdminDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  size?: "sm" | "md" | "lg";
  /** Classes of the dialog's panel (a wider one). */
  className?: string;
  /** Shown in the header under the description (a contact link). */
  headerExtra?: ReactNode;
  children: ReactNode;
}

/** The admin panel's dialogs: a title and a description over their own body. */
export function AdminDialog({
  open,
  onOpenChange,
  title,
  description,
  size,
  className,
  headerExtra,
  children,
}: AdminDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size={size} className={className}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
          {headerExtra}
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}
