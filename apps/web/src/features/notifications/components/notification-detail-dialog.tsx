import { Button } from "../../../components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { formatDateTime } from "../../../lib/format";
import type { AppNotification } from "../api/notifications-api";
import { NOTIFICATION_MESSAGES, notificationTitle } from "../notification-text";
import { NotificationIcon } from "./notification-icon";

/** A message from the administrators, read in full: title, when it arrived, and the whole text. */
export function NotificationDetailDialog({
  item,
  onClose,
}: {
  item: AppNotification | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={item !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {item ? (
        <DialogContent>
          <DialogHeader className="flex items-start gap-3 space-y-0!">
            <NotificationIcon type={item.type} />
            <div className="min-w-0 space-y-1">
              <DialogTitle>{notificationTitle(item.title)}</DialogTitle>
              <DialogDescription>
                {NOTIFICATION_MESSAGES.received}: {formatDateTime(item.createdAt)}
              </DialogDescription>
            </div>
          </DialogHeader>
          <p className="whitespace-pre-line break-words text-ink">{item.message}</p>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cerrar</Button>
            </DialogClose>
          </DialogFooter>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
