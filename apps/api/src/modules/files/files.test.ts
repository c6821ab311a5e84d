import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import multipart from "@fastify/multipart";
import Fastify from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectDeleted, expectStoreAndOverwrite, INVALID_STORAGE_KEYS } from "../../../test/storage-contract";
import { registerErrorHandler } from "../../lib/error-handler";
import { AppError } from "../../lib/errors";
import { detectFileKind, IMAGE_TYPES, newStorageKey, PROOF_TYPES, readLimited } from "./file-type";
import { contentDisposition, sendPrivateFile } from "./serve";
import { assertValidKey, createLocalStorage, type Storage } from "./storage";

function listRecursive(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

const image = (format: "png" | "jpeg" | "webp" | "gif") =>
  sharp({ create: { width: 4, height: 4, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    [format]()
    .toBuffer();

const TINY_PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n" +
    "trailer<</Root 1 0 R>>\n%%EOF\n",
  "latin1",
);

let root: string;
let storage: Storage;

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), "rifazo-files-"));
  storage = createLocalStorage(path.join(root, "files"));
});

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

describe("local storage", () => {
  it("stores, reads, overwrites and deletes a file, creating folders and leaving no temp files", async () => {
    const key = "proofs/2026/11/abc-123.png";
    await expectStoreAndOverwrite(storage, key);
    expect(listRecursive(path.join(root, "files"))).toEqual([
      path.join("proofs", "2026", "11", "abc-123.png"),
    ]);

    await expectDeleted(storage, key);
  });

  it("does not treat a folder as a file", async () => {
    await storage.put("folder/inner/file.txt", Buffer.from("x"), "text/plain");
    expect(await storage.exists("folder/inner")).toBe(false);
    expect(await storage.get("folder/inner")).toBeNull();
  });

  it.each(INVALID_STORAGE_KEYS)("refuses the key %j", async (key) => {
    expect(() => assertValidKey(key)).toThrow(/Clave de almacenamiento inválida/);
    await expect(storage.put(key, Buffer.from("x"), "text/plain")).rejects.toThrow(/inválida/);
    await expect(storage.get(key)).rejects.toThrow(/inválida/);
    await expect(storage.exists(key)).rejects.toThrow(/inválida/);
    await expect(storage.delete(key)).rejects.toThrow(/inválida/);
  });

  it("accepts the keys newStorageKey makes", () => {
    const key = newStorageKey("proofs", "png", new Date(Date.UTC(2026, 10, 5)));
    expect(key).toMatch(/^proofs\/2026\/11\/[0-9a-f-]{36}\.png$/);
    expect(() => assertValidKey(key)).not.toThrow();
    expect(newStorageKey("images/originals", "webp")).not.toBe(newStorageKey("images/originals", "webp"));
    expect(() => newStorageKey("../x", "png")).toThrow();
    expect(() => newStorageKey("proofs", "p/ng")).toThrow();
  });
});

describe("detectFileKind", () => {
  it("accepts real PNG, JPEG and PDF bytes as proofs", async () => {
    expect(await detectFileKind(await image("png"), PROOF_TYPES)).toEqual({ mime: "image/png", ext: "png" });
    expect(await detectFileKind(await image("jpeg"), PROOF_TYPES)).toEqual({
      mime: "image/jpeg",
      ext: "jpg",
    });
    expect(await detectFileKind(TINY_PDF, PROOF_TYPES)).toEqual({ mime: "application/pdf", ext: "pdf" });
  });

  it("refuses text whatever it is called, and types outside the allowed set", async () => {
    // What a browser would send as "comprobante.png" with type image/png: only the bytes count.
    const fakePng = Buffer.from("<html><script>alert(1)</script></html>");
    expect(await detectFileKind(fakePng, PROOF_TYPES)).toBeNull();
    expect(await detectFileKind(Buffer.from("hola"), IMAGE_TYPES)).toBeNull();
    expect(await detectFileKind(Buffer.alloc(0), IMAGE_TYPES)).toBeNull();
    expect(await detectFileKind(await image("webp"), PROOF_TYPES)).toBeNull();
    expect(await detectFileKind(TINY_PDF, IMAGE_TYPES)).toBeNull();
  });

  it("accepts WebP and GIF as gallery images", async () => {
    expect(await detectFileKind(await image("webp"), IMAGE_TYPES)).toEqual({
      mime: "image/webp",
      ext: "webp",
    });
    expect(await detectFileKind(await image("gif"), IMAGE_TYPES)).toEqual({ mime: "image/gif", ext: "gif" });
  });
});

describe("readLimited", () => {
  const message = "El archivo no debe exceder los 5MB.";

  it("reads a stream of exactly the limit", async () => {
    const data = Buffer.alloc(1000, 7);
    const result = await readLimited(
      Readable.from([data.subarray(0, 400), data.subarray(400)]),
      1000,
      message,
    );
    expect(result.equals(data)).toBe(true);
  });

  it("refuses limit + 1 bytes with a 413 and the given message", async () => {
    const error = await readLimited(
      Readable.from([Buffer.alloc(600), Buffer.alloc(401)]),
      1000,
      message,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 413, code: "PAYLOAD_TOO_LARGE", message });
  });

  it("stops reading as soon as the limit is passed", async () => {
    let pulled = 0;
    // An endless upload: reading it whole would never finish.
    async function* endless() {
      while (true) {
        pulled++;
        yield Buffer.alloc(1024);
      }
    }
    await expect(readLimited(endless(), 10 * 1024, message)).rejects.toMatchObject({ status: 413 });
    expect(pulled).toBe(11);
  });

  it("refuses a stream the multipart parser truncated at its own limit", async () => {
    const stream = Object.assign(Readable.from([Buffer.alloc(100)]), { truncated: true });
    await expect(readLimited(stream, 100, message)).rejects.toMatchObject({ status: 413, message });
  });

  it("answers 413 for an oversized multipart upload", async () => {
    const app = Fastify();
    registerErrorHandler(app);
    await app.register(multipart, { limits: { fileSize: 1000, files: 1 } });
    app.post("/upload", async (request) => {
      const part = await request.file();
      if (!part) throw new AppError("VALIDATION", "Falta el archivo.");
      const body = await readLimited(part.file, 1000, message);
      return { size: body.length };
    });
    const send = (size: number) => {
      const boundary = "----rifazo";
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n` +
            "Content-Type: image/png\r\n\r\n",
        ),
        Buffer.alloc(size, 1),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return app.inject({
        method: "POST",
        url: "/upload",
        headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
        payload,
      });
    };
    const ok = await send(1000);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ size: 1000 });
    const tooBig = await send(1001);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error.message).toBe(message);
    await app.close();
  });
});

describe("sendPrivateFile", () => {
  it("streams the file with the stored type and protective headers", async () => {
    const png = await image("png");
    const key = newStorageKey("proofs", "png");
    await storage.put(key, png, "image/png");

    const app = Fastify();
    registerErrorHandler(app);
    app.get<{ Querystring: { key: string; download?: string } }>("/file", (request, reply) =>
      sendPrivateFile(reply, {
        storage,
        key: request.query.key,
        contentType: "image/png",
        filename: 'Comprobante pago José "Zelle".png',
        disposition: request.query.download ? "attachment" : "inline",
      }),
    );

    const response = await app.inject({ method: "GET", url: "/file", query: { key } });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(png)).toBe(true);
    expect(response.headers["content-type"]).toBe("image/png");
    expect(response.headers["content-length"]).toBe(String(png.length));
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["content-security-policy"]).toBe(
      "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox",
    );
    expect(response.headers["cache-control"]).toBe("private, no-store");
    expect(response.headers["cross-origin-resource-policy"]).toBe("same-origin");
    expect(response.headers["content-disposition"]).toBe(
      `inline; filename="Comprobante pago Jose _Zelle_.png"; ` +
        `filename*=UTF-8''Comprobante%20pago%20Jos%C3%A9%20%22Zelle%22.png`,
    );

    const download = await app.inject({ method: "GET", url: "/file", query: { key, download: "1" } });
    expect(download.headers["content-disposition"]).toMatch(/^attachment; /);

    const missing = await app.inject({
      method: "GET",
      url: "/file",
      query: { key: "proofs/2026/11/nada.png" },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      error: { code: "NOT_FOUND", message: "El archivo solicitado no existe." },
    });
    await app.close();
  });

  it("never lets a file name break the header", () => {
    const value = contentDisposition("attachment", "a\r\nSet-Cookie: x=1;\"b'(c)*.pdf");
    expect(value).not.toMatch(/[\r\n]/);
    expect(value).toBe(
      `attachment; filename="a__Set-Cookie: x=1;_b'(c)*.pdf"; ` +
        `filename*=UTF-8''a__Set-Cookie%3A%20x%3D1%3B%22b%27%28c%29%2A.pdf`,
    );
    expect(contentDisposition("inline", "  ")).toBe(`inline; filename="archivo"; filename*=UTF-8''archivo`);
  });
});
