import { createHash, randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Executor } from "../../db/client";
import { signInDevices, users } from "../../db/schema";

// A browser that signed in to an account with the right password gets a long-lived, httpOnly device
// cookie; its hash is remembered for that account (docs/decisions/0007-one-sign-in-path.md). Guesses
// from other clients are throttled per (account, client) and capped per account, but never block a
// device that the account's owner has already used.

export const DEVICE_COOKIE = "rifazo_device";
const DEVICE_COOKIE_PATH = "/api/account";
const DEVICE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** The device token this request carries, if it looks like one of ours (43 base64url characters). */
export function deviceTokenOf(request: FastifyRequest): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const part of header.split(/;\s*/)) {
    const [name, ...value] = part.split("=");
    if (name === DEVICE_COOKIE) {
      const token = value.join("=");
      return /^[A-Za-z0-9_-]{43}$/.test(token) ? token : null;
    }
  }
  return null;
}

/** The hash of the request's device token when that device has signed in to this account before. */
export async function knownDeviceFor(
  db: Executor,
  token: string | null,
  email: string,
): Promise<string | null> {
  if (!token) return null;
  const tokenHash = hashToken(token);
  const [row] = await db
    .select({ id: signInDevices.id })
    .from(signInDevices)
    .innerJoin(users, eq(users.id, signInDevices.userId))
    .where(and(eq(signInDevices.tokenHash, tokenHash), sql`lower(${users.email}) = ${email.toLowerCase()}`));
  return row ? tokenHash : null;
}

/** After a right password: remember this browser for the account, giving it a device cookie if it has none. */
export async function rememberDevice(
  db: Executor,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  secure: boolean,
): Promise<void> {
  const token = deviceTokenOf(request) ?? randomBytes(32).toString("base64url");
  await db
    .insert(signInDevices)
    .values({ userId, tokenHash: hashToken(token) })
    .onConflictDoUpdate({
      target: [signInDevices.tokenHash, signInDevices.userId],
      set: { lastUsedAt: sql`now()` },
    });
  const attributes = [
    `${DEVICE_COOKIE}=${token}`,
    `Path=${DEVICE_COOKIE_PATH}`,
    `Max-Age=${DEVICE_COOKIE_MAX_AGE}`,
    "HttpOnly",
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
  ];
  reply.header("set-cookie", attributes.join("; "));
}
