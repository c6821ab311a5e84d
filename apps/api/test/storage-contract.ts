// What both storage drivers (local folder and S3) must do alike: the local and the S3 suites run these
// same checks, since both serve the same Storage interface and share assertValidKey.
import { expect } from "vitest";
import type { Storage } from "../src/modules/files/storage";

/** Traversal, absolute paths, empty segments, upper case, backslashes, encodings, spaces and NUL. */
export const INVALID_STORAGE_KEYS = [
  "../secret.png",
  "proofs/../../secret.png",
  "proofs/..",
  "/etc/passwd",
  "proofs//x.png",
  "proofs/x.png/",
  "Proofs/X.PNG",
  "proofs\\x.png",
  "proofs/x..png",
  "proofs/%2e%2e/x.png",
  "proofs/x y.png",
  "proofs/\u0000.png",
  ".",
  "",
];

export async function streamToBuffer(stream: NodeJS.ReadableStream | undefined): Promise<Buffer> {
  if (!stream) throw new Error("sin archivo");
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** A new key is absent; a put stores it, a second put replaces it, each read giving back its size and bytes. */
export async function expectStoreAndOverwrite(storage: Storage, key: string): Promise<void> {
  expect(await storage.exists(key)).toBe(false);
  expect(await storage.get(key)).toBeNull();

  await storage.put(key, Buffer.from("primero"), "image/png");
  expect(await storage.exists(key)).toBe(true);
  const first = await storage.get(key);
  expect(first?.size).toBe(7);
  expect((await streamToBuffer(first?.body)).toString()).toBe("primero");

  await storage.put(key, Buffer.from("segundo contenido"), "image/png");
  const second = await storage.get(key);
  expect(second?.size).toBe(17);
  expect((await streamToBuffer(second?.body)).toString()).toBe("segundo contenido");
}

/** A delete leaves the key absent, and deleting it again is not an error (a retried cleanup must not fail). */
export async function expectDeleted(storage: Storage, key: string): Promise<void> {
  await storage.delete(key);
  expect(await storage.exists(key)).toBe(false);
  expect(await storage.get(key)).toBeNull();
  await expect(storage.delete(key)).resolves.toBeUndefined();
}
