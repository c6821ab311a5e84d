import { randomBytes } from "node:crypto";
import { mkdir, open, rename, stat, unlink } from "node:fs/promises";
import path from "node:path";

/**
 * Where uploaded files live. Keys are internal names (never user input) such as
 * `proofs/2026/11/<uuid>.png`; an S3-compatible driver can implement the same four calls later.
 */
export interface Storage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<{ body: NodeJS.ReadableStream; size: number } | null>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

const KEY_PATTERN = /^[a-z0-9_\-.]+(\/[a-z0-9_\-.]+)*$/;

/** Throws for anything that could escape the storage root or is not a plain internal name. */
export function assertValidKey(key: string): void {
  const valid =
    key.length > 0 &&
    key.length <= 512 &&
    KEY_PATTERN.test(key) &&
    !key.split("/").some((segment) => segment === "." || segment === ".." || segment.includes(".."));
  if (!valid) throw new Error(`Clave de almacenamiento inválida: ${JSON.stringify(key)}`);
}

function isNotFound(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === "ENOENT" || code === "ENOTDIR";
}

/** Files on the local disk under `root`. The content type is not stored: the database row keeps it. */
export function createLocalStorage(root: string): Storage {
  const base = path.resolve(root);

  function resolve(key: string): string {
    assertValidKey(key);
    const target = path.resolve(base, key);
    // Second line of defence after the key pattern: the path must stay inside the root.
    if (!target.startsWith(base + path.sep)) throw new Error(`Clave de almacenamiento inválida: ${key}`);
    return target;
  }

  return {
    async put(key, body, _contentType) {
      const target = resolve(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Write beside the target and rename: readers never see a half-written file, and a crash
      // leaves at most a stray temp file rather than a truncated upload under the real name.
      const temp = `${target}.${randomBytes(6).toString("hex")}.tmp`;
      const handle = await open(temp, "wx", 0o640);
      try {
        await handle.writeFile(body);
        await handle.sync();
      } catch (error) {
        await handle.close().catch(() => {});
        await unlink(temp).catch(() => {});
        throw error;
      }
      await handle.close();
      try {
        await rename(temp, target);
      } catch (error) {
        await unlink(temp).catch(() => {});
        throw error;
      }
    },

    async get(key) {
      const target = resolve(key);
      // Open first and stat the handle, so a concurrent delete cannot pair one file's size with nothing.
      let handle: Awaited<ReturnType<typeof open>>;
      try {
        handle = await open(target, "r");
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
      try {
        const info = await handle.stat();
        if (!info.isFile()) {
          await handle.close();
          return null;
        }
        return { body: handle.createReadStream({ autoClose: true }), size: info.size };
      } catch (error) {
        await handle.close().catch(() => {});
        throw error;
      }
    },

    async delete(key) {
      const target = resolve(key);
      try {
        await unlink(target);
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    },

    async exists(key) {
      const target = resolve(key);
      try {
        return (await stat(target)).isFile();
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },
  };
}
