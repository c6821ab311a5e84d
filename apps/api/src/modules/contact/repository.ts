import type { Executor } from "../../db/client";
import { contactMessages } from "../../db/schema";

export async function insertContactMessage(
  db: Executor,
  row: typeof contactMessages.$inferInsert,
): Promise<string> {
  const [inserted] = await db.insert(contactMessages).values(row).returning({ id: contactMessages.id });
  if (!inserted) throw new Error("contact_messages insert returned no row");
  return inserted.id;
}
