import type { ReactNode, SVGProps } from "react";
import { BellIcon, CheckCircleIcon, MailIcon, TicketIcon, TrophyIcon } from "../../../components/ui/icons";
import { cn } from "../../../lib/cn";
import { type NotificationTone, notificationTone } from "../notification-text";

type IconProps = SVGProps<SVGSVGElement>;

const svg = (children: ReactNode) => (props: IconProps) => (
  <svg
    xmlns="http://www.w3.org/2000/svg"
    viewBox="0 0 24 24"
    width="1em"
    height="1em"
    fill="none"
    stroke="currentColor"
    strokeWidth={2}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
    {...props}
  >
    {children}
  </svg>
);

const XCircleIcon = svg(
  <>
    <circle cx="12" cy="12" r="10" />
    <path d="m15 9-6 6M9 9l6 6" />
  </>,
);

const StarIcon = svg(<path d="m12 2 3.1 6.3 6.9 1-5 4.9 1.2 6.8L12 17.8 5.8 21l1.2-6.8-5-4.9 6.9-1z" />);

/** A cloud with a slash: the live channel is down. */
export const OfflineIcon = svg(
  <>
    <path d="M2 2l20 20" />
    <path d="M5.8 8.3A6 6 0 0 0 7 20h10a4.5 4.5 0 0 0 2.7-.9M10 4.3A6 6 0 0 1 17.7 9 4.5 4.5 0 0 1 22 14.5a4.5 4.5 0 0 1-.6 2.3" />
  </>,
);

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
