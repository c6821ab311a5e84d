import { ADMIN_SESSION_KEY } from "@rifazo/shared/constants";

// The spec keeps an admin-session marker in browser storage. The real session is the httpOnly cookie;
// this only remembers who signed in to the panel on this device, and is wiped on sign-out.

export function rememberAdminSession(email: string): void {
  try {
    localStorage.setItem(ADMIN_SESSION_KEY, JSON.stringify({ email, signedInAt: new Date().toISOString() }));
  } catch {
    // Storage disabled: nothing depends on the marker.
  }
}

export function forgetAdminSession(): void {
  try {
    localStorage.removeItem(ADMIN_SESSION_KEY);
  } catch {
    // Same as above.
  }
}
