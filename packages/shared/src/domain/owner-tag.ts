/**
 * Owner tags (decision 0012, docs/draw-protocol.md §4). Each purchase gets a random receipt secret that
 * only its buyer sees; the frozen list publishes, next to each ticket number, the first 16 bytes of
 * HMAC-SHA256(secret, "rifazo-owner-tag-v1" ␟ raffleId ␟ NNNN). The buyer recomputes the tags of
 * their numbers from the receipt; without the secret a tag says nothing about who owns the ticket,
 * and two tickets of the same buyer cannot be linked to each other.
 *
 * Web Crypto only (async) so it runs unchanged in browsers and Node 20.
 */
import { bytesToHex, DrawInputError, encodeDrawMessage, FIELD_SEPARATOR, hexToBytes } from "./draw-engine";
import { isValidTicketNumber, protocolTicketNumber } from "./tickets";

export const OWNER_TAG_VERSION = "rifazo-owner-tag-v1";
export const RECEIPT_SECRET_BYTES = 32;
/** Tag length in bytes (32 hex characters): 128 bits, collisions are not a practical concern. */
export const OWNER_TAG_BYTES = 16;

function webCrypto(): typeof globalThis.crypto {
  const c = globalThis.crypto;
  if (!c?.subtle) throw new Error("Web Crypto API (globalThis.crypto.subtle) is not available");
  return c;
}

/** A new receipt secret: 32 random bytes as 64 lowercase hex characters. */
export function generateReceiptSecret(): string {
  return bytesToHex(webCrypto().getRandomValues(new Uint8Array(RECEIPT_SECRET_BYTES)));
}

export function isReceiptSecret(value: unknown): value is string {
  return typeof value === "string" && /^[0-9a-fA-F]{64}$/.test(value);
}

/** The bytes the tag authenticates: "rifazo-owner-tag-v1" 0x1F raffleId 0x1F NNNN (UTF-8). */
export function ownerTagMessage(raffleId: string, ticketNumber: number): Uint8Array<ArrayBuffer> {
  if (typeof raffleId !== "string" || raffleId.includes(String.fromCharCode(FIELD_SEPARATOR))) {
    throw new DrawInputError("El identificador de la rifa no es válido.");
  }
  if (!isValidTicketNumber(ticketNumber)) {
    throw new DrawInputError(`Número de boleto inválido: ${String(ticketNumber)}.`);
  }
  return encodeDrawMessage([OWNER_TAG_VERSION, raffleId, protocolTicketNumber(ticketNumber)]);
}

/** 32 lowercase hex characters: the first 16 bytes of HMAC-SHA256(secret bytes, ownerTagMessage). */
export async function ownerTag(
  receiptSecretHex: string,
  raffleId: string,
  ticketNumber: number,
): Promise<string> {
  if (!isReceiptSecret(receiptSecretHex)) {
    throw new DrawInputError(
      `El código del comprobante debe tener ${RECEIPT_SECRET_BYTES} bytes (${RECEIPT_SECRET_BYTES * 2} caracteres hexadecimales).`,
    );
  }
  const subtle = webCrypto().subtle;
  const key = await subtle.importKey(
    "raw",
    hexToBytes(receiptSecretHex),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = new Uint8Array(await subtle.sign("HMAC", key, ownerTagMessage(raffleId, ticketNumber)));
  return bytesToHex(mac.subarray(0, OWNER_TAG_BYTES));
}
