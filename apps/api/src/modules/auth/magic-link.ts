import { createHash } from "node:crypto";
import { magicLink } from "better-auth/plugins";
import type { Db } from "../../db/client";
import type { Mailer } from "../email";
import { magicLinkEmail } from "../email";

/** Short and single use (the plugin consumes the token atomically); only its hash is stored. */
export const MAGIC_LINK_TTL_SECONDS = 10 * 60;
export const MAGIC_LINK_CALLBACK = "/";
export const MAGIC_LINK_ERROR_CALLBACK = "/login?enlace=invalido";

/**
 * The verification row's identifier for a link's token, as the plugin stores it with `storeToken:
 * "hashed"`: "magic-link:" and the token's SHA-256 in unpadded base64url.
 */
export function magicLinkIdentifier(token: string): string {
  return `magic-link:${createHash("sha256").update(token).digest("base64url")}`;
}

/**
 * Sign-in by email link (docs/decisions/0007-one-sign-in-path.md): the owner's way in that no amount of
 * failed passwords from elsewhere can close. Requested only through /api/account/magic-link (limits per
 * account and address); never creates an account.
 */
export function magicLinkPlugin({ db, mail }: { db: Db; mail: Mailer }) {
  return magicLink({
    expiresIn: MAGIC_LINK_TTL_SECONDS,
    disableSignUp: true,
    storeToken: "hashed",
    async sendMagicLink({ email, url }) {
      await mail.enqueue(db, { to: email, ...magicLinkEmail({ url }) });
      mail.flushSoon();
    },
  });
}
