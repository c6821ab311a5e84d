import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config";
import { accounts, users } from "../../db/schema";
import { adminPasswordProblem } from "./password-policy";
import * as repo from "./repository";
import type { AuthContext } from "./service";

/**
 * ADMIN_EMAIL + ADMIN_PASSWORD make sure a verified, active admin exists at start. The environment is
 * the source of truth: an existing account is promoted and its password reset to ADMIN_PASSWORD.
 */
export async function ensureAdmin(
  ctx: AuthContext & { config: Config; log: FastifyBaseLogger },
): Promise<void> {
  const { adminEmail, adminPassword } = ctx.config;
  if (!adminEmail || !adminPassword) return;
  // The same rule as every other password: a weak one stops the start (server.ts prints why).
  const problem = adminPasswordProblem(adminPassword, adminEmail);
  if (problem) throw new Error(`ADMIN_PASSWORD no es segura: ${problem}`);
  const { password } = await ctx.auth.$context;
  const hash = await password.hash(adminPassword);
  await ctx.db.transaction(async (tx) => {
    let user = await repo.findUserByEmail(tx, adminEmail);
    if (!user) {
      const id = randomUUID();
      [user] = await tx
        .insert(users)
        .values({ id, name: "Administrador", email: adminEmail, emailVerified: true, role: "admin" })
        .returning();
    } else {
      await tx
        .update(users)
        .set({ role: "admin", status: "active", emailVerified: true })
        .where(eq(users.id, user.id));
    }
    if (!user) throw new Error("No se pudo crear la cuenta de administrador.");
    const account = await repo.findCredentialAccount(tx, user.id);
    if (account) await repo.setPasswordHash(tx, account.id, hash);
    else
      await tx.insert(accounts).values({
        id: randomUUID(),
        accountId: user.id,
        providerId: "credential",
        userId: user.id,
        password: hash,
      });
  });
  ctx.log.info({ email: adminEmail }, "cuenta de administrador lista");
}
