import { createHash, randomBytes } from "node:crypto";
import { type ErrorCode, PASSWORD_RESET_TTL_SECONDS } from "@rifazo/shared";
import { type BetterAuthOptions, betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { twoFactor } from "better-auth/plugins";
import { eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import * as schema from "../../db/schema";
import type { Mailer } from "../email";
import { passwordResetEmail, verificationEmail } from "../email";
import { announceSessionsEnded } from "../events";
import { describeDevice } from "./device";
import { MAGIC_LINK_ERROR_CALLBACK, magicLinkIdentifier, magicLinkPlugin } from "./magic-link";
import { passwordPolicyHook } from "./password-policy";
import { deleteOlderResetLinks, deleteOutstandingLinks } from "./repository";
import { userFieldsHooks } from "./user-fields-guard";

/** Fastify puts the client address it trusts here; Better Auth reads it for sessions. */
export const CLIENT_IP_HEADER = "x-rifazo-client-ip";
export const VERIFIED_CALLBACK = "/login?verificado=1";
/** The web page that sets a new password (apps/web paths.resetPassword); the emailed link opens it. */
export const RESET_PASSWORD_PAGE = "/restablecer-contrasena";
const VERIFICATION_TTL_SECONDS = 24 * 60 * 60;

export interface AuthDeps {
  config: Config;
  db: Db;
  mail: Mailer;
  log: FastifyBaseLogger;
}

/** The signing secret: AUTH_SECRET, else one generated once and kept in the database for every instance. */
async function ensureAuthSecret(db: Db): Promise<string> {
  const key = "internal.auth_secret";
  await db
    .insert(schema.settings)
    .values({ key, value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db.select().from(schema.settings).where(eq(schema.settings.key, key));
  return String(row?.value);
}

const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

/** The address a magic-link row was made for (Better Auth stores `{ type, email, name }` as JSON). */
function emailOfMagicLink(value: string): string | null {
  try {
    const parsed = JSON.parse(value) as { email?: unknown };
    return typeof parsed.email === "string" ? parsed.email : null;
  } catch {
    return null;
  }
}

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** Email links are single use: remember each token's hash; a second use is refused. */
async function refuseUsedEmailLink(db: Db, ctx: HookContext): Promise<void> {
  if (ctx.path !== "/verify-email" || typeof ctx.query?.token !== "string") return;
  const [fresh] = await db
    .insert(schema.usedTokens)
    .values({
      tokenHash: tokenHash(ctx.query.token),
      expiresAt: new Date(Date.now() + VERIFICATION_TTL_SECONDS * 1000),
    })
    .onConflictDoNothing()
    .returning();
  if (!fresh) throw ctx.redirect(`${VERIFIED_CALLBACK}&error=${"TOKEN_USED" satisfies ErrorCode}`);
  await db.delete(schema.usedTokens).where(sql`${schema.usedTokens.expiresAt} < now()`);
}

/**
 * A sign-in link never opens an account with two-factor authentication (it would skip the second
 * factor), whenever it was sent: turning it on deletes the links, this covers a link made meanwhile.
 */
async function refuseMagicLinkWithTwoFactor(db: Db, ctx: HookContext): Promise<void> {
  if (ctx.path !== "/magic-link/verify" || typeof ctx.query?.token !== "string") return;
  const identifier = magicLinkIdentifier(ctx.query.token);
  const [link] = await db
    .select({ value: schema.verifications.value })
    .from(schema.verifications)
    .where(eq(schema.verifications.identifier, identifier));
  const email = link ? emailOfMagicLink(link.value) : null;
  if (!email) return;
  const [owner] = await db
    .select({ twoFactorEnabled: schema.users.twoFactorEnabled })
    .from(schema.users)
    .where(sql`lower(${schema.users.email}) = ${email.toLowerCase()}`);
  if (owner?.twoFactorEnabled) {
    await db.delete(schema.verifications).where(eq(schema.verifications.identifier, identifier));
    throw ctx.redirect(`${MAGIC_LINK_ERROR_CALLBACK}&error=${"INVALID_TOKEN" satisfies ErrorCode}`);
  }
}

/** Users' profile guard, sign-in rules and records, and the end of sessions announced to open streams. */
function authDatabaseHooks(db: Db, log: FastifyBaseLogger): BetterAuthOptions["databaseHooks"] {
  return {
    user: {
      ...userFieldsHooks,
      update: {
        ...userFieldsHooks.update,
        // Two-factor authentication was just turned on (the twoFactor plugin's code step is the only
        // write under /two-factor/ that leaves it on): links sent before no longer open the account.
        async after(user, ctx) {
          if (user.twoFactorEnabled === true && ctx?.path?.startsWith("/two-factor/")) {
            await deleteOutstandingLinks(db, user.id);
          }
        },
      },
    },
    session: {
      create: {
        async before(session) {
          const [user] = await db
            .select({ status: schema.users.status })
            .from(schema.users)
            .where(eq(schema.users.id, session.userId));
          if (user?.status === "inactive") {
            throw new APIError("FORBIDDEN", {
              code: "ACCOUNT_SUSPENDED" satisfies ErrorCode,
              message: "ACCOUNT_SUSPENDED",
            });
          }
        },
        async after(session, ctx) {
          try {
            // With 2FA, the password step's session is thrown away by the plugin and the real sign-in
            // is the code step's session: log only that one.
            if (ctx?.path?.startsWith("/sign-in")) {
              const [user] = await db
                .select({ twoFactorEnabled: schema.users.twoFactorEnabled })
                .from(schema.users)
                .where(eq(schema.users.id, session.userId));
              if (user?.twoFactorEnabled) return;
            }
            await db.insert(schema.loginActivity).values({
              userId: session.userId,
              ipAddress: session.ipAddress ?? null,
              userAgent: session.userAgent ?? null,
              device: describeDevice(session.userAgent),
            });
          } catch (error) {
            log.error({ err: error }, "no se pudo registrar la actividad de inicio de sesión");
          }
        },
      },
      // Sign-out, password reset and Better Auth's revocations: the session's open streams end now.
      delete: {
        async after(session) {
          await announceSessionsEnded(db, session.userId).catch((error: unknown) =>
            log.warn({ err: error }, "events: no se pudo anunciar el fin de una sesión"),
          );
        },
      },
    },
  };
}

type Recipient = { id: string; email: string; name: string };

/** The password-reset email: its link goes straight to the web page with the token. */
async function sendResetLink(
  { config, db, mail }: Pick<AuthDeps, "config" | "db" | "mail">,
  user: Recipient,
  token: string,
): Promise<void> {
  const url = new URL(RESET_PASSWORD_PAGE, config.publicUrl);
  url.searchParams.set("token", token);
  // One outstanding link per account: this one replaces those sent before.
  await deleteOlderResetLinks(db, user.id, token);
  await mail.enqueue(db, { to: user.email, ...passwordResetEmail({ name: user.name, url: url.href }) });
  mail.flushSoon();
}

async function sendVerificationLink(
  { db, mail }: Pick<AuthDeps, "db" | "mail">,
  user: Recipient,
  url: string,
): Promise<void> {
  // Queued in the outbox: a failing SMTP server delays the email but never loses the account.
  await mail.enqueue(db, { to: user.email, ...verificationEmail({ name: user.name, url }) });
  mail.flushSoon();
}

/** Better Auth's log lines, in the app's log. */
function authLogger(log: FastifyBaseLogger): BetterAuthOptions["logger"] {
  return {
    log(level, message, ...args) {
      if (level === "error") log.error({ args }, `better-auth: ${message}`);
      else if (level === "warn") log.warn(`better-auth: ${message}`);
      else log.debug(`better-auth: ${message}`);
    },
  };
}

/** Better Auth's tables in the app's schema. */
const authAdapter = (db: Db) =>
  drizzleAdapter(db, {
    provider: "pg",
    schema: {
      user: schema.users,
      session: schema.sessions,
      account: schema.accounts,
      verification: schema.verifications,
      twoFactor: schema.twoFactors,
    },
  });

export async function createAuth({ config, db, mail, log }: AuthDeps) {
  const secret = config.authSecret ?? (await ensureAuthSecret(db));
  const secure = config.publicUrl.startsWith("https://");

  return betterAuth({
    appName: "Rifazo",
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret,
    trustedOrigins: [config.publicUrl],
    database: authAdapter(db),
    user: {
      // Profile fields that only the server writes (role, status, points) are not accepted as input.
      additionalFields: {
        role: { type: "string", required: false, defaultValue: "user", input: false },
        status: { type: "string", required: false, defaultValue: "active", input: false },
        phone: { type: "string", required: false, input: false },
        rifazoPoints: { type: "number", required: false, defaultValue: 0, input: false },
        rifazoLevel: { type: "string", required: false, defaultValue: "Bronce", input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: PASSWORD_RESET_TTL_SECONDS,
      // Requested only through /api/account/password-reset/request (limits, neutral answer). The link goes
      // straight to the web page with the token: Better Auth's GET /reset-password/:token stays closed.
      sendResetPassword: ({ user, token }) => sendResetLink({ config, db, mail }, user, token),
      // The link was used (and consumed): every other link of the account, sign-in links included, ends.
      async onPasswordReset({ user }) {
        await deleteOutstandingLinks(db, user.id);
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: false,
      expiresIn: VERIFICATION_TTL_SECONDS,
      sendVerificationEmail: ({ user, url }) => sendVerificationLink({ db, mail }, user, url),
    },
    session: {
      expiresIn: 30 * 24 * 60 * 60,
      updateAge: 24 * 60 * 60,
      // No cookie cache: a suspended user's deleted session must stop working on the next request.
      cookieCache: { enabled: false },
    },
    // Off: the endpoints left open are limited by the app's one limiter before they get here, and the
    // in-process auth.api calls never met this one (docs/decisions/0011-one-rate-limiter.md).
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        await passwordPolicyHook(ctx);
        await refuseUsedEmailLink(db, ctx);
        await refuseMagicLinkWithTwoFactor(db, ctx);
      }),
    },
    databaseHooks: authDatabaseHooks(db, log),
    plugins: [
      twoFactor({ issuer: "Rifazo", skipVerificationOnEnable: false }),
      magicLinkPlugin({ db, mail }),
    ],
    logger: authLogger(log),
  });
}

export type Auth = Awaited<ReturnType<typeof createAuth>>;
