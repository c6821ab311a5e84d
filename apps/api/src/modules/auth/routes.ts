import {
  changePasswordSchema,
  ERROR_MESSAGES,
  loginSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
  registerSchema,
  resendVerificationSchema,
  sessionUserSchema,
  signInLinkSchema,
} from "@rifazo/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError, conflict, tooMany } from "../../lib/errors";
import { enforce, RATE_RULES } from "../../lib/rate-limit";
import { errorSchema } from "../../lib/schemas";
import { VERIFIED_CALLBACK } from "./auth";
import { copyResponseHeaders, mapAuthError, readJson } from "./better-auth-bridge";
import { betterAuthHandler } from "./better-auth-routes";
import { deviceTokenOf, knownDeviceFor, rememberDevice } from "./known-devices";
import { MAGIC_LINK_CALLBACK, MAGIC_LINK_ERROR_CALLBACK } from "./magic-link";
import { assertStrongPassword } from "./password-policy";
import * as service from "./service";
import { authHeaders, currentUser, guards, sessionUserOf } from "./session";
import { admitSignIn, type SignInClient, signInSucceeded } from "./sign-in-throttle";

const okSchema = z.object({ ok: z.literal(true) });
const tags = ["cuenta"];
const ipKey = (request: FastifyRequest) => request.ip;

function registerMeRoute(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = guards(app);
  r.get(
    "/api/account/me",
    {
      schema: {
        tags,
        summary: "Perfil del usuario con sesión iniciada",
        response: { 200: sessionUserSchema, 401: errorSchema },
      },
      preHandler: guard.user,
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return sessionUserOf(request);
    },
  );
}

function registerSignUpRoute(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, auth } = app.ctx;
  r.post(
    "/api/account/register",
    {
      schema: {
        tags,
        summary: "Registro con correo y contraseña (envía el correo de confirmación)",
        description:
          "phone (opcional): celular venezolano (0414-1234567, +58 ...), guardado como +584XXXXXXXXX. Una cuenta sin él lo agrega antes de su primera compra (422 PHONE_REQUIRED).",
        body: registerSchema,
        response: { 201: okSchema, 400: errorSchema, 409: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      await enforce(db, [[`sign-up:ip:${ipKey(request)}`, RATE_RULES.signUpPerIp]]);
      const { fullName, email, password, phone } = request.body;
      assertStrongPassword(password, [email, fullName], "password");
      // The spec's "already registered" message is the only thing the form reveals about an address.
      if (await service.emailExists(db, email))
        throw conflict(ERROR_MESSAGES.USER_ALREADY_EXISTS, "USER_ALREADY_EXISTS");
      const response = await auth.api.signUpEmail({
        body: { name: fullName, email, password, callbackURL: VERIFIED_CALLBACK },
        headers: authHeaders(request),
        asResponse: true,
      });
      if (!response.ok) {
        const mapped = mapAuthError(response.status, await readJson(response));
        throw new AppError(
          mapped.code,
          mapped.message,
          undefined,
          mapped.status === 422 ? 409 : mapped.status,
        );
      }
      if (phone) await service.setPhoneOfNewAccount(db, email, phone);
      return reply.status(201).send({ ok: true as const });
    },
  );
}

function registerSignInRoute(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, auth } = app.ctx;
  const secureCookies = app.ctx.config.publicUrl.startsWith("https://");
  r.post(
    "/api/account/login",
    {
      schema: {
        tags,
        summary: "Inicio de sesión con correo y contraseña",
        body: loginSchema,
        response: {
          200: z.union([
            z.object({ user: sessionUserSchema }),
            z.object({ twoFactorRequired: z.literal(true) }),
          ]),
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          429: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const client: SignInClient = {
        email,
        ip: ipKey(request),
        knownDevice: await knownDeviceFor(db, deviceTokenOf(request), email),
      };
      const wait = await admitSignIn(db, client);
      if (wait !== null) throw tooMany(undefined, wait);
      const response = await auth.api.signInEmail({
        body: { email, password, rememberMe: true, callbackURL: VERIFIED_CALLBACK },
        headers: authHeaders(request),
        asResponse: true,
      });
      const body = (await readJson(response)) as {
        twoFactorRedirect?: boolean;
        user?: { id: string };
      } | null;
      if (!response.ok) {
        const mapped = mapAuthError(response.status, body);
        // A 403 (email not confirmed, account suspended) comes only after a right password: it does not
        // count as a guess. Wrong passwords and failures keep counting.
        if (mapped.status === 403) await signInSucceeded(db, client);
        throw new AppError(mapped.code, mapped.message, undefined, mapped.status);
      }
      await signInSucceeded(db, client);
      copyResponseHeaders(response, reply);
      const userId = body?.user?.id ?? (await service.userIdByEmail(db, email));
      if (userId) await rememberDevice(db, request, reply, userId, secureCookies);
      if (body?.twoFactorRedirect) return { twoFactorRequired: true as const };
      const user = userId ? await service.sessionUserById(db, userId) : null;
      if (!user) throw new AppError("INTERNAL");
      return { user };
    },
  );
}

function registerSessionRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = guards(app);
  const { db, auth } = app.ctx;
  r.post(
    "/api/account/logout",
    {
      schema: {
        tags,
        summary: "Cerrar sesión en este dispositivo o en todos",
        body: z.object({ allDevices: z.boolean().optional() }).nullish(),
        response: { 200: okSchema },
      },
    },
    async (request, reply) => {
      const headers = authHeaders(request);
      const user = await currentUser(app, request);
      if (user && request.body?.allDevices) await service.revokeAllSessions(db, user.id);
      const response = await auth.api.signOut({ headers, asResponse: true });
      copyResponseHeaders(response, reply);
      return { ok: true as const };
    },
  );

  r.post(
    "/api/account/sessions/revoke-others",
    {
      schema: {
        tags,
        summary: "Cerrar sesión en todos los demás dispositivos",
        response: { 200: z.object({ revoked: z.number().int() }), 401: errorSchema },
      },
      preHandler: guard.user,
    },
    async (request) => {
      const session = await auth.api.getSession({ headers: authHeaders(request) });
      const revoked = await service.revokeOtherSessions(
        db,
        sessionUserOf(request).id,
        session?.session.id ?? "",
      );
      return { revoked };
    },
  );
}

function registerChangePasswordRoute(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = guards(app);
  const { db, auth } = app.ctx;
  r.post(
    "/api/account/change-password",
    {
      schema: {
        tags,
        summary: "Cambiar la contraseña (pide la actual; cuenta en los límites de inicio de sesión)",
        body: changePasswordSchema,
        response: { 200: okSchema, 400: errorSchema, 401: errorSchema, 429: errorSchema },
      },
      preHandler: guard.user,
    },
    async (request) => {
      const user = sessionUserOf(request);
      await enforce(db, [[`password:user:${user.id}`, RATE_RULES.passwordPerUser]]);
      assertStrongPassword(request.body.newPassword, [user.email, user.fullName], "newPassword");
      // The current password is a password guess like the sign-in form's: it counts toward the same
      // limits of this client (sign-in-throttle.ts), before it is checked; only a wrong one stays counted.
      const client: SignInClient = {
        email: user.email,
        ip: ipKey(request),
        knownDevice: await knownDeviceFor(db, deviceTokenOf(request), user.email),
      };
      const wait = await admitSignIn(db, client);
      if (wait !== null) throw tooMany(undefined, wait);
      const session = await auth.api.getSession({ headers: authHeaders(request) });
      try {
        await service.changePassword(app.ctx, {
          userId: user.id,
          currentSessionId: session?.session.id ?? "",
          ...request.body,
        });
      } catch (error) {
        if (!(error instanceof AppError && error.code === "INVALID_PASSWORD"))
          await signInSucceeded(db, client);
        throw error;
      }
      await signInSucceeded(db, client);
      return { ok: true as const };
    },
  );
}

function registerEmailLinkRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, auth } = app.ctx;
  r.post(
    "/api/account/resend-verification",
    {
      schema: {
        tags,
        summary: "Reenviar el correo de confirmación",
        body: resendVerificationSchema,
        response: { 200: okSchema, 400: errorSchema, 429: errorSchema },
      },
    },
    async (request) => {
      const { email } = request.body;
      await enforce(db, [
        [`verify:ip:${ipKey(request)}`, RATE_RULES.verificationPerIp],
        [`verify:account:${email}`, RATE_RULES.verificationPerAccount],
      ]);
      // Same answer whether or not the address exists, so this cannot be used to probe accounts.
      if (await service.needsVerification(db, email)) {
        await auth.api.sendVerificationEmail({
          body: { email, callbackURL: VERIFIED_CALLBACK },
          headers: authHeaders(request),
        });
      }
      return { ok: true as const };
    },
  );

  r.post(
    "/api/account/magic-link",
    {
      schema: {
        tags,
        summary: "Pedir un enlace de un solo uso para entrar sin contraseña (vence en 10 minutos)",
        body: signInLinkSchema,
        response: { 200: okSchema, 400: errorSchema, 429: errorSchema },
      },
    },
    async (request) => {
      const { email } = request.body;
      await enforce(db, [
        [`sign-in-link:ip:${ipKey(request)}`, RATE_RULES.signInLinkPerIp],
        [`sign-in-link:account:${email}`, RATE_RULES.signInLinkPerAccount],
      ]);
      // Same answer whether or not a link was sent, so this cannot be used to probe accounts.
      if (await service.canReceiveSignInLink(db, email)) {
        await auth.api.signInMagicLink({
          body: { email, callbackURL: MAGIC_LINK_CALLBACK, errorCallbackURL: MAGIC_LINK_ERROR_CALLBACK },
          headers: authHeaders(request),
        });
      }
      return { ok: true as const };
    },
  );
}

function registerPasswordResetRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, auth } = app.ctx;
  r.post(
    "/api/account/password-reset/request",
    {
      schema: {
        tags,
        summary: "Pedir un enlace para crear una contraseña nueva (vence en 1 hora)",
        body: passwordResetRequestSchema,
        response: { 200: okSchema, 400: errorSchema, 429: errorSchema },
      },
    },
    async (request) => {
      const { email } = request.body;
      await enforce(db, [
        [`password-reset:ip:${ipKey(request)}`, RATE_RULES.passwordResetPerIp],
        [`password-reset:account:${email}`, RATE_RULES.passwordResetPerAccount],
      ]);
      // Same answer whether or not a link was sent, so this cannot be used to probe accounts.
      if (await service.canResetPassword(db, email)) {
        await auth.api.requestPasswordReset({ body: { email }, headers: authHeaders(request) });
      }
      return { ok: true as const };
    },
  );

  r.post(
    "/api/account/password-reset",
    {
      schema: {
        tags,
        summary: "Crear una contraseña nueva con el enlace del correo (cierra todas las sesiones)",
        body: passwordResetSchema,
        response: { 200: okSchema, 400: errorSchema, 429: errorSchema },
      },
    },
    async (request) => {
      const { token, newPassword } = request.body;
      await enforce(db, [[`password-reset:ip:${ipKey(request)}`, RATE_RULES.passwordResetPerIp]]);
      await service.assertResetPasswordAllowed(db, token, newPassword);
      // Better Auth checks the token again (single use: consumed with the new password under its own
      // check) and deletes every session of the account (revokeSessionsOnPasswordReset).
      const response = await auth.api.resetPassword({
        body: { token, newPassword },
        headers: authHeaders(request),
        asResponse: true,
      });
      if (!response.ok) {
        const mapped = mapAuthError(response.status, await readJson(response));
        throw new AppError(mapped.code, mapped.message, undefined, mapped.status);
      }
      return { ok: true as const };
    },
  );
}

export async function accountRoutes(app: FastifyInstance): Promise<void> {
  await app.register(betterAuthHandler);
  registerMeRoute(app);
  registerSignUpRoute(app);
  registerSignInRoute(app);
  registerSessionRoutes(app);
  registerChangePasswordRoute(app);
  registerEmailLinkRoutes(app);
  registerPasswordResetRoutes(app);
}
