import { sellerSaleInputSchema, sellerSaleSigningText } from "@rifazo/shared/schemas/seller-sales";
import type { SellerSaleInput } from "./api";

// A sale saved without signal carries when it was saved and HMAC-SHA256(session's sale key, what the
// server will read of it) (docs/decisions/0034-vendedores.md, "Offline sales"): the server accepts it only
// under the session that signed it.

/** Only the schema's check of the signature's shape: the signing text does not include the signature. */
const PLACEHOLDER_SIGNATURE = "A".repeat(43);

function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function bytesToBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The body as sent online: without the offline fields. */
export function withoutSignature(body: SellerSaleInput): SellerSaleInput {
  const { recordedAt: _recordedAt, signature: _signature, ...online } = body;
  return online;
}

/**
 * The body to queue: `recordedAt` and its signature over the schema's reading of this very body (so the
 * trimming and normalising are the server's). Throws when the body does not pass the schema.
 */
export async function signSale(
  body: SellerSaleInput,
  saleKey: string,
  recordedAt: string,
): Promise<SellerSaleInput> {
  const unsigned = { ...withoutSignature(body), recordedAt };
  const parsed = sellerSaleInputSchema.parse({ ...unsigned, signature: PLACEHOLDER_SIGNATURE });
  const key = await crypto.subtle.importKey(
    "raw",
    base64UrlToBytes(saleKey),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(sellerSaleSigningText(parsed)));
  return { ...unsigned, signature: bytesToBase64Url(new Uint8Array(mac)) };
}
