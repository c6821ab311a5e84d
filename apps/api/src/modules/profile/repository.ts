import { desc, eq } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { loginActivity, users } from "../../db/schema";

/** The editable fields, locked until the transaction ends so the audit's "before" is the real one. */
export async function editableFieldsForUpdate(tx: Executor, userId: string) {
  const [row] = await tx
    .select({ fullName: users.name, phone: users.phone })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  return row;
}

export async function updateProfile(
  tx: Executor,
  userId: string,
  values: { fullName: string; phone?: string | null },
) {
  const [row] = await tx
    .update(users)
    .set({ name: values.fullName, ...(values.phone !== undefined ? { phone: values.phone } : {}) })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

export async function recentLoginActivity(db: Executor, userId: string, limit: number) {
  return db
    .select({
      id: loginActivity.id,
      loginTime: loginActivity.loginTime,
      device: loginActivity.device,
      ipAddress: loginActivity.ipAddress,
    })
    .from(loginActivity)
    .where(eq(loginActivity.userId, userId))
    .orderBy(desc(loginActivity.loginTime), desc(loginActivity.id))
    .limit(limit);
}
