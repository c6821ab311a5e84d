import { Popover } from "radix-ui";
import { useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "../../../components/ui/button";
import { BellIcon, OfflineIcon } from "../../../components/ui/icons";
import { Spinner } from "../../../components/ui/spinner";
import { cn } from "../../../lib/cn";
import { formatDateTime } from "../../../lib/format";
import type { AppNotification } from "../api/notifications-api";
import { useNotificationStream } from "../hooks/use-notification-stream";
import { useNotifications } from "../hooks/use-notifications";
import { NOTIFICATION_MESSAGES, notificationAction, notificationTitle } from "../notification-text";
import { NotificationDetailDialog } from "./notification-detail-dialog";
import { NotificationIcon } from "./notification-icon";

// The header's bell and its dropdown (spec 1 §2 "Notification dropdown"). Loaded only once someone is
// signed in (and never for admins, who get no notifications): visitors never download this code.

interface ItemProps {
  item: AppNotification;
  onOpen: (item: AppNotification) => void;
  onMarkRead: (id: string) => void;
}

function NotificationItem({ item, onOpen, onMarkRead }: ItemProps) {
  const title = notificationTitle(item.title);
  const action = notificationAction(item);
  const clickable = action.kind !== "none" || !item.isRead;
  const body = (
    <>
      <span className="flex items-start gap-2">
        <span className={cn("min-w-0 flex-1 text-sm text-ink", item.isRead ? "font-semibold" : "font-bold")}>
          {title}
        </span>
        {item.isRead ? null : (
          <span className="mt-1.5 size-2 shrink-0 rounded-full bg-brand-600" aria-hidden="true" />
        )}
      </span>
      <span className="mt-0.5 line-clamp-3 block text-sm text-muted">{item.message}</span>
      <time dateTime={item.createdAt} className="mt-1 block text-xs text-muted">
        {formatDateTime(item.createdAt)}
      </time>
    </>
  );
  return (
    <li className={cn("flex gap-3 px-4 py-3", item.isRead ? "bg-surface" : "bg-brand-50/70")}>
      <NotificationIcon type={item.type} className="mt-0.5" />
      <div className="min-w-0 flex-1">
        {clickable ? (
          <button
            type="button"
            onClick={() => onOpen(item)}
            className="block w-full rounded-md text-left hover:opacity-85"
          >
            {item.isRead ? null : <span className="sr-only">Sin leer: </span>}
            {body}
          </button>
        ) : (
          <div>{body}</div>
        )}
        {item.isRead ? null : (
          <Button
            variant="link"
            size="sm"
            className="mt-1 text-xs"
            onClick={() => onMarkRead(item.id)}
            aria-label={`${NOTIFICATION_MESSAGES.markRead}: ${title}`}
          >
            {NOTIFICATION_MESSAGES.markRead}
          </Button>
        )}
      </div>
    </li>
  );
}

/** The dropdown's content: loading, a load error with a retry, nothing yet, or the list. */
function NotificationPanelBody({
  notifications,
  onRetry,
  onOpen,
}: {
  notifications: ReturnType<typeof useNotifications>;
  onRetry: () => void;
  onOpen: (item: AppNotification) => void;
}) {
  const { items } = notifications;
  if (notifications.isPending) {
    return (
      <div className="flex h-full flex-col items-center justify-center gap-3 p-6 text-sm text-muted">
        <Spinner label={null} className="text-2xl text-brand-600" />
        <p role="status">{NOTIFICATION_MESSAGES.loading}</p>
      </div>
    );
  }
  if (notifications.isError) {
    return (
      <div className="flex h-full flex-col items-center justify-center gap-4 p-6 text-center">
        <OfflineIcon className="text-3xl text-warning-700" />
        <p role="alert" className="text-sm text-ink">
          {NOTIFICATION_MESSAGES.loadError}
        </p>
        <Button size="sm" variant="outline" onClick={onRetry}>
          {NOTIFICATION_MESSAGES.retry}
        </Button>
      </div>
    );
  }
  if (items.length === 0) {
    return (
      <div className="flex h-full flex-col items-center justify-center gap-3 p-6 text-center text-muted">
        <span className="flex size-14 items-center justify-center rounded-full bg-brand-50 text-2xl text-brand-600">
          <BellIcon />
        </span>
        <p className="text-sm">{NOTIFICATION_MESSAGES.empty}</p>
      </div>
    );
  }
  return (
    <ul className="divide-y divide-line">
      {items.map((item) => (
        <NotificationItem key={item.id} item={item} onOpen={onOpen} onMarkRead={notifications.markRead} />
      ))}
    </ul>
  );
}

export default function NotificationBell() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [detail, setDetail] = useState<AppNotification | null>(null);
  const notifications = useNotifications();
  const stream = useNotificationStream();
  const { unreadCount } = notifications;

  const retry = () => {
    stream.retry();
    notifications.refetch();
  };

  const openItem = (item: AppNotification) => {
    if (!item.isRead) notifications.markRead(item.id);
    const action = notificationAction(item);
    if (action.kind === "navigate") {
      setOpen(false);
      void navigate(action.to);
    } else if (action.kind === "detail") {
      setOpen(false);
      setDetail(item);
    }
  };

  const label =
    unreadCount > 0
      ? `${NOTIFICATION_MESSAGES.title} (${unreadCount} sin leer)`
      : `${NOTIFICATION_MESSAGES.title} (sin notificaciones nuevas)`;

  return (
    <>
      <div className="flex items-center">
        {/* A lost connection is said once, by the bar under the header (ConnectionStatus). */}
        <Popover.Root open={open} onOpenChange={setOpen}>
          <Popover.Trigger
            aria-label={label}
            className="relative inline-flex size-10 items-center justify-center rounded-full text-xl text-muted hover:bg-brand-50 hover:text-brand-800 data-[state=open]:bg-brand-50 data-[state=open]:text-brand-800"
          >
            <BellIcon />
            {unreadCount > 0 ? (
              <span
                data-testid="notification-dot"
                aria-hidden="true"
                className="absolute top-2 right-2 size-2.5 rounded-full bg-danger-600 ring-2 ring-surface"
              />
            ) : null}
          </Popover.Trigger>
          <Popover.Portal>
            <Popover.Content
              align="end"
              sideOffset={8}
              collisionPadding={8}
              aria-label={NOTIFICATION_MESSAGES.title}
              className="z-50 w-[min(24rem,calc(100vw-1rem))] overflow-hidden rounded-card border border-line bg-surface shadow-pop animate-fade-in"
            >
              <div className="flex items-center justify-between gap-3 border-b border-line px-4 py-3">
                <h2 className="text-base font-bold text-ink">{NOTIFICATION_MESSAGES.title}</h2>
                <Button
                  variant="link"
                  size="sm"
                  className="text-xs"
                  onClick={notifications.markAllRead}
                  disabled={unreadCount === 0 || notifications.markingAll}
                >
                  {NOTIFICATION_MESSAGES.markAllRead}
                </Button>
              </div>
              {/* 300 px on phones, 400 px from the sm breakpoint up (spec 1 §2). */}
              <div className="h-[300px] overflow-y-auto overscroll-contain sm:h-[400px]">
                <NotificationPanelBody notifications={notifications} onRetry={retry} onOpen={openItem} />
              </div>
            </Popover.Content>
          </Popover.Portal>
        </Popover.Root>
      </div>
      <NotificationDetailDialog item={detail} onClose={() => setDetail(null)} />
    </>
  );
}
