// One way to tell a buyer something: the in-app notification, its realtime event and the outbox email,
// all written with the caller's transaction, so nothing is told for an action that rolls back.
import type { AppContext } from "../../context";
import type { Executor } from "../../db/client";
import { noticeEmail } from "../email";
import type { NotificationRow } from "./repository";
import { createNotifications } from "./service";
import { NOTICES, type Notice, type NoticeData, type NoticeKind } from "./templates";

export interface Recipient {
  userId: string;
  /** Where the email goes; without an address (or for an app-only notice) no email is queued. */
  email?: string | null;
  name?: string | null;
}

export type NotifyContext = Pick<AppContext, "events" | "mail" | "config">;

export interface Notified {
  notifications: NotificationRow[];
  /** Emails queued: call ctx.mail.flushSoon() once the caller's transaction commits. */
  mails: number;
}

/**
 * Tells each recipient the notice `kind` built from `data` (the same for all, or per recipient): one
 * notification and realtime event each (published on commit, see events/service.ts), and the notice's
 * email to each recipient with an address. The rows are written in the recipients' order.
 */
export async function notify<K extends NoticeKind, R extends Recipient>(
  tx: Executor,
  ctx: NotifyContext,
  recipients: R | R[],
  kind: K,
  data: NoticeData<K> | ((recipient: R) => NoticeData<K>),
): Promise<Notified> {
  const list = Array.isArray(recipients) ? recipients : [recipients];
  if (list.length === 0) return { notifications: [], mails: 0 };
  const build = NOTICES[kind] as (data: NoticeData<K>) => Notice;
  const notices = list.map((recipient) =>
    build(typeof data === "function" ? (data as (r: R) => NoticeData<K>)(recipient) : data),
  );
  const notifications = await createNotifications(
    ctx,
    tx,
    notices.map((notice, i) => ({
      userId: (list[i] as R).userId,
      type: notice.type,
      title: notice.title,
      message: notice.message,
      linkTo: notice.linkTo,
    })),
  );
  let mails = 0;
  for (const [i, notice] of notices.entries()) {
    const recipient = list[i] as R;
    if (!notice.email || !recipient.email) continue;
    await ctx.mail.enqueue(tx, {
      to: recipient.email,
      ...noticeEmail({
        name: recipient.name ?? "",
        title: notice.email.subject,
        message: notice.email.message,
        actionUrl: `${ctx.config.publicUrl}${notice.email.path}`,
        actionLabel: notice.email.label,
      }),
    });
    mails++;
  }
  return { notifications, mails };
}
