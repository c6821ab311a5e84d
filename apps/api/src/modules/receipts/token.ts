import { randomBytes } from "node:crypto";

/** The receipt page's private link: 32 random bytes, base64url (RECEIPT_TOKEN_PATTERN in shared). */
export function newReceiptToken(): string {
  return randomBytes(32).toString("base64url");
}
