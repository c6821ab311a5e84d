// The OpenAPI document's `security` of every operation, derived from the guard the route really runs
// (guards() in modules/auth/session.ts), so the published access rules and the enforced ones cannot
// disagree: a route without a guard is public (`security: []`), a guarded one needs the session cookie,
// and an administrators-only one also says so with `x-role: admin` (OpenAPI 3.0 gives an apiKey scheme no
// scopes). The security suite sends every operation as a visitor, a user and an administrator against it.
import type { FastifyInstance, RouteOptions } from "fastify";

export type SessionAccess = "user" | "admin";

/** The security scheme's name in `components.securitySchemes`. */
export const SESSION_SCHEME = "session";

const guardAccess = new WeakMap<object, SessionAccess>();

/** Marks a route hook as the session guard it is (only guards() should call this). */
export function markGuard<T extends object>(hook: T, access: SessionAccess): T {
  guardAccess.set(hook, access);
  return hook;
}

/** What a route's hooks require: "admin" wins over "user"; null when no guard runs. */
export function routeAccess(route: Pick<RouteOptions, "onRequest" | "preValidation" | "preHandler">) {
  let access: SessionAccess | null = null;
  for (const hooks of [route.onRequest, route.preValidation, route.preHandler]) {
    for (const hook of [hooks ?? []].flat()) {
      const found = guardAccess.get(hook as object);
      if (found === "admin") return "admin";
      if (found) access = found;
    }
  }
  return access;
}

/** The session scheme as the browser sends it: Better Auth prefixes the cookie with __Secure- over https. */
export function sessionScheme(cookieName: string) {
  return {
    [SESSION_SCHEME]: {
      type: "apiKey" as const,
      in: "cookie" as const,
      name: cookieName,
      description: "Cookie de sesión (httpOnly) que se obtiene al iniciar sesión en /api/account/login.",
    },
  };
}

/** Registered before any route: every documented /api route gets its `security` from its guard. */
export function registerOpenApiSecurity(app: FastifyInstance): void {
  app.addHook("onRoute", (route) => {
    const schema = route.schema as (Record<string, unknown> & { hide?: boolean }) | undefined;
    if (!schema || schema.hide || !route.url.startsWith("/api/")) return;
    const access = routeAccess(route);
    const security = access ? [{ [SESSION_SCHEME]: [] }] : [];
    // A hand-written declaration must say what the guard does (a route cannot claim a session it never checks).
    if (schema.security !== undefined && JSON.stringify(schema.security) !== JSON.stringify(security)) {
      throw new Error(`${route.method} ${route.url}: security declarada no coincide con su guardia`);
    }
    route.schema = { ...schema, security, ...(access === "admin" ? { "x-role": "admin" } : {}) };
  });
}
