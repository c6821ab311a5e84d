// Better Auth's session cookie ("__Secure-" on HTTPS). Its presence alone says nothing about who is signed
// in: modules/auth/session.ts validates it; lib/web.ts only uses it to decide what a page prefetches.
export const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]+)/;

export function hasSessionCookie(header: string | undefined): boolean {
  return header !== undefined && SESSION_COOKIE.test(header);
}
