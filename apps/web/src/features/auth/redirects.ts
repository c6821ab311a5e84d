import type { Role } from "@rifazo/shared/constants";
import { isAdminPath, paths } from "../../lib/paths";

/** What the guards put in location state so sign-in can send the visitor back. */
export interface FromLocation {
  pathname: string;
  search?: string;
  hash?: string;
}

export interface RedirectState {
  from?: FromLocation;
}

const AUTH_PAGES = new Set<string>([paths.login, paths.register, paths.adminSignIn]);

export function readFrom(state: unknown): FromLocation | undefined {
  if (typeof state !== "object" || state === null) return undefined;
  const from = (state as RedirectState).from;
  if (typeof from !== "object" || from === null || typeof from.pathname !== "string") return undefined;
  // Only same-app paths: never a protocol-relative or absolute URL smuggled into history state.
  if (!from.pathname.startsWith("/") || from.pathname.startsWith("//")) return undefined;
  return from;
}

/** The page paths.loginReturningTo names (?volver=), when it is a path of this app. */
export function readReturnTo(search: string): FromLocation | undefined {
  const value = new URLSearchParams(search).get("volver");
  if (!value?.startsWith("/") || value.startsWith("//")) return undefined;
  // Resolved against a placeholder origin: "/\\evil.example" and the like leave it, and are refused.
  const origin = "https://rifazo.invalid";
  const url = new URL(value, origin);
  if (url.origin !== origin) return undefined;
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

export function homeFor(role: Role): string {
  return role === "admin" ? paths.admin : paths.profileInfo;
}

/**
 * Where to go after signing in: back to the page that asked for it, unless that page is an auth page or
 * an admin page the user may not see; otherwise the user's own area (spec 1 §2, spec 2 §2).
 */
export function postLoginPath(role: Role, from: FromLocation | undefined): string {
  if (!from || AUTH_PAGES.has(from.pathname)) return homeFor(role);
  if (isAdminPath(from.pathname) && role !== "admin") return homeFor(role);
  return `${from.pathname}${from.search ?? ""}${from.hash ?? ""}`;
}

/**
 * The page to return to, carried from sign-in to registration and back (an invitation link asks a visitor
 * to do either: docs/decisions/0034-vendedores.md), as location state for the next auth page's links.
 */
export function carriedReturn(location: { state: unknown; search: string }): RedirectState | undefined {
  const from = readFrom(location.state) ?? readReturnTo(location.search);
  return from ? { from } : undefined;
}
