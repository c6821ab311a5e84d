import { createHmac } from "node:crypto";
import { levelForPoints, type SessionUser } from "@rifazo/shared";
import { fromNodeHeaders } from "better-auth/node";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Executor } from "../../db/client";
import { users } from "../../db/schema";
import { AppError, forbidden, unauthenticated } from "../../lib/errors";
import { markGuard } from "../../lib/openapi-security";
import { SESSION_COOKIE } from "../../lib/session-cookie";
import { CLIENT_IP_HEADER } from "./auth";
import { isSuspendedSession } from "./repository";

type UserRow = typeof users.$inferSelect & { isSeller: boolean };

declare module "fastify" {
  interface FastifyRequest {
    /** Set by requireUser / requireAdmin (and by optionalUser when signed in). */
    sessionUser?: SessionUser;
    /** The signed-in session's token (secret), set with sessionUser: keys bound to the session derive from it. */
    sessionToken?: string;
  }
}

/** Headers for Better Auth calls: the request's own, with the client IP that Fastify trusts. */
export function authHeaders(request: FastifyRequest): Headers {
  const headers = fromNodeHeaders(request.headers);
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

export function toSessionUser(row: UserRow): SessionUser {
  return {
    id: row.id,
    email: row.email,
    fullName: row.name,
    role: row.role === "admin" ? "admin" : "user",
    status: row.status === "inactive" ? "inactive" : "active",
    phone: row.phone,
    avatarUrl: row.image,
    points: row.rifazoPoints,
    pointsEarned: row.pointsEarned,
    // The level follows points earned over time; `points` is the balance that can be spent.
    level: levelForPoints(row.pointsEarned).name,
    emailVerified: row.emailVerified,
    twoFactorEnabled: row.twoFactorEnabled,
    registrationDate: row.createdAt.toISOString(),
    isSeller: row.isSeller,
  };
}

// Whether the account accepted a vendedor invitation (docs/decisions/0034-vendedores.md): read with the
// profile, so the menu shows the vendedor area without a request of its own.
const isSellerColumn = sql<boolean>`EXISTS (SELECT 1 FROM sellers s WHERE s.user_id = ${sql.raw('"users"."id"')} AND s.status <> 'invited')`;

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select({ user: users, isSeller: isSellerColumn })
    .from(users)
    .where(eq(users.id, id));
  return row ? { ...row.user, isSeller: Boolean(row.isSeller) } : undefined;
}

/** The signed-in, active user of this request, or null. Reads the profile fresh from the database. */
export async function currentUser(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<SessionUser | null> {
  if (request.sessionUser) return request.sessionUser;
  if (!request.headers.cookie) return null;
  const session = await app.ctx.auth.api.getSession({ headers: authHeaders(request) });
  if (!session) return null;
  const row = await findUserById(app.ctx.db, session.user.id);
  // A valid session whose profile row is gone: say so instead of a plain "signed out".
  if (!row) throw new AppError("PROFILE_NOT_FOUND");
  if (row.status !== "active") return null;
  request.sessionUser = toSessionUser(row);
  request.sessionToken = session.session.token;
  return request.sessionUser;
}

/**
 * A key bound to this request's session, for `purpose` (HMAC-SHA256 of the purpose with the session's
 * secret token, base64url): the device may keep it, it reveals nothing of the token, and it changes with
 * the next sign-in. The vendedores' queued sales are signed with one (docs/decisions/0034-vendedores.md).
 */
export function sessionKeyOf(request: FastifyRequest, purpose: string): string {
  if (!request.sessionToken) throw new AppError("INTERNAL", "Ruta sin guardia de sesión.");
  return createHmac("sha256", request.sessionToken)
    .update(`rifazo-session-key:${purpose}`)
    .digest("base64url");
}

/**
 * No signed-in user: 403 ACCOUNT_SUSPENDED when the request's session was ended by a suspension that
 * still holds (the screen then says so and how to appeal), else 401 with `message`.
 */
async function notSignedIn(app: FastifyInstance, request: FastifyRequest, message?: string): Promise<never> {
  const cookie = request.headers.cookie?.match(SESSION_COOKIE)?.[1];
  // The cookie is "<token>.<signature>"; the token alone is what the session row held.
  const token = cookie ? decodeURIComponent(cookie).split(".")[0] : undefined;
  if (token && (await isSuspendedSession(app.ctx.db, token))) throw new AppError("ACCOUNT_SUSPENDED");
  throw unauthenticated(message);
}

export async function requireUser(app: FastifyInstance, request: FastifyRequest): Promise<SessionUser> {
  const user = await currentUser(app, request);
  return user ?? notSignedIn(app, request);
}

export async function requireAdmin(app: FastifyInstance, request: FastifyRequest): Promise<SessionUser> {
  const user = await requireUser(app, request);
  if (user.role !== "admin") throw forbidden("ADMIN_ONLY");
  return user;
}

/**
 * Route hooks that let only a signed-in, active user (or an administrator) through. Each is marked for
 * lib/openapi-security.ts, which publishes the route's `security` from the guard it actually runs.
 */
export function guards(app: FastifyInstance) {
  /** `message`: what the screen shows when a visitor tries this action (spec 1 §6). */
  const signedIn = (message?: string) =>
    markGuard(async (request: FastifyRequest) => {
      if (!(await currentUser(app, request))) await notSignedIn(app, request, message);
    }, "user");
  return {
    user: signedIn(),
    userWith: signedIn,
    admin: markGuard(async (request: FastifyRequest) => {
      await requireAdmin(app, request);
    }, "admin"),
  };
}

export function sessionUserOf(request: FastifyRequest): SessionUser {
  if (!request.sessionUser) throw new AppError("INTERNAL", "Ruta sin guardia de sesión.");
  return request.sessionUser;
}
