import { randomBytes } from "node:crypto";

/** The receipt page's private link: 32 random bytes, base64url (RECEIPT_TOKEN_PATTERN in shared). */
export function newReceiptToken(): string {
  return randomBytes(32).toString("base64url");
}

/** What the approval email says of the receipt it links. */
export const RECEIPT_EMAIL_LINE =
  "En tu recibo están tus números, la fecha del sorteo, lo que pagaste y un código QR para verificar tus boletos. Puedes descargarlo en PNG o PDF y compartirlo.";
