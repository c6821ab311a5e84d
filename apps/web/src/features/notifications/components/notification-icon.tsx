import type { ReactNode, SVGProps } from "react";
import {
  BellIcon,
  CheckCircleIcon,
  MailIcon,
  StarIcon,
  TicketIcon,
  TrophyIcon,
  XCircleIcon,
} from "../../../components/ui/icons";
import { cn } from "../../../lib/cn";
import { type NotificationTone, notificationTone } from "../notification-text";

type IconProps = SVGProps<SVGSVGElement>;

const ICONS: Record<string, (props: IconProps) => ReactNode> = {
  payment_approved: CheckCircleIcon,
  payment_rejected: XCircleIcon,
  level_up: StarIcon,
  raffle_won: TrophyIcon,
  raffle_announcement: TicketIcon,
  admin_message: MailIcon,
  other: BellIcon,
};

const TONES: Record<NotificationTone, string> = {
  success: "bg-success-50 text-success-700",
  danger: "bg-danger-50 text-danger-700",
  accent: "bg-accent-100 text-accent-700",
  brand: "bg-brand-100 text-brand-800",
  info: "bg-info-50 text-info-700",
  neutral: "bg-canvas text-muted",
};

/** The round badge at the start of each item: icon and colour by notification type. */
export function NotificationIcon({ type, className }: { type: string; className?: string }) {
  const Icon = ICONS[type] ?? BellIcon;
  return (
    <span
      aria-hidden="true"
      className={cn(
        "inline-flex size-9 shrink-0 items-center justify-center rounded-full text-lg",
        TONES[notificationTone(type)],
        className,
      )}
    >
      <Icon />
    </span>
  );
}
