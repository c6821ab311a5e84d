// What the app last wrote to someone's mailbox (the outbox table: tests read it instead of a mail server).
import { and, desc, eq, like } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { mailOutbox } from "../../src/db/schema";

/** The newest e-mail to `to`, among those whose subject contains `subject` when it is given. */
export async function newestMail(app: FastifyInstance, to: string, subject?: string) {
  const toThem = eq(mailOutbox.to, to);
  const [mail] = await app.ctx.db
    .select()
    .from(mailOutbox)
    .where(subject === undefined ? toThem : and(toThem, like(mailOutbox.subject, `%${subject}%`)))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  return mail;
}
