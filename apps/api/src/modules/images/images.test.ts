import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helpers";
import { images } from "../../db/schema";
import { acceptsAvif, IMAGE_NOT_FOUND, pickWidth } from "./service";

let t: TestApp;
const id = randomUUID();
const bodies = new Map<number, Buffer>();

beforeAll(async () => {
  t = await createTestApp();
  const { storage, db } = t.app.ctx;
  for (const w of [320, 640, 960]) {
    const body = Buffer.from(`RIFF-webp-${w}-`.padEnd(64 + w / 10, "x"));
    bodies.set(w, body);
    await storage.put(`images/${id}/${w}.webp`, body, "image/webp");
  }
  await storage.put(`images/${id}/original.webp`, Buffer.from("original"), "image/webp");
  // AVIF copies of two of the widths only: the third is still being encoded.
  for (const w of [320, 640]) {
    const body = Buffer.from(`avif-${w}-`.padEnd(32 + w / 20, "y"));
    bodies.set(-w, body);
    await storage.put(`images/${id}/${w}.avif`, body, "image/avif");
  }
  await db.insert(images).values({
    id,
    name: "moto.webp",
    folder: "prizes",
    storageKey: `images/${id}/original.webp`,
    contentType: "image/webp",
    size: 8,
    variantWidths: [320, 640, 960],
    avifWidths: [320, 640],
  });
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string) => t.app.inject({ method: "GET", url });

const CHROME_IMAGE_ACCEPT = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8";

describe("GET /api/images/:id", () => {
  it("a un navegador que acepta AVIF le sirve la copia AVIF de esa variante; si no la hay, o no la acepta, la WebP", async () => {
    const as = (url: string, accept?: string) =>
      t.app.inject({ method: "GET", url, headers: accept ? { accept } : {} });
    const avif = await as(`/api/images/${id}?w=640`, CHROME_IMAGE_ACCEPT);
    expect(avif.statusCode).toBe(200);
    expect(avif.headers["content-type"]).toBe("image/avif");
    expect(avif.rawPayload.equals(bodies.get(-640) as Buffer)).toBe(true);
    // The same address answers differently by Accept: every cache must know it.
    expect(avif.headers.vary).toBe("accept");
    expect(avif.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    // The 960 px variant has no AVIF copy yet: WebP.
    const notYet = await as(`/api/images/${id}?w=960`, CHROME_IMAGE_ACCEPT);
    expect(notYet.headers["content-type"]).toBe("image/webp");
    expect(notYet.rawPayload.equals(bodies.get(960) as Buffer)).toBe(true);
    // A browser that does not name AVIF, or refuses it with q=0, gets WebP, also told to vary.
    for (const accept of [undefined, "image/webp,*/*", "image/avif;q=0,image/webp"]) {
      const webp = await as(`/api/images/${id}?w=640`, accept);
      expect(webp.headers["content-type"]).toBe("image/webp");
      expect(webp.rawPayload.equals(bodies.get(640) as Buffer)).toBe(true);
      expect(webp.headers.vary).toBe("accept");
    }
  });

  it("lee Accept como lo escriben los navegadores", () => {
    expect(acceptsAvif(CHROME_IMAGE_ACCEPT)).toBe(true);
    expect(acceptsAvif("image/AVIF ; q=0.9")).toBe(true);
    expect(acceptsAvif("image/avif;q=0")).toBe(false);
    expect(acceptsAvif("image/avif;q=0.0")).toBe(false);
    expect(acceptsAvif("image/webp,*/*;q=0.8")).toBe(false);
    expect(acceptsAvif(undefined)).toBe(false);
  });

  it("sirve la variante pedida con cabeceras de caché inmutable y nosniff", async () => {
    const response = await get(`/api/images/${id}?w=640`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("image/webp");
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(Number(response.headers["content-length"])).toBe(bodies.get(640)?.length);
    expect(response.rawPayload.equals(bodies.get(640) as Buffer)).toBe(true);
    // Already compressed: served as stored even to a browser that accepts br/gzip.
    const compressed = await t.app.inject({
      method: "GET",
      url: `/api/images/${id}?w=640`,
      headers: { "accept-encoding": "br, gzip" },
    });
    expect(compressed.headers["content-encoding"]).toBeUndefined();
    const head = await t.app.inject({ method: "HEAD", url: `/api/images/${id}?w=320` });
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-type"]).toBe("image/webp");
  });

  it("sin ancho sirve la más grande, y con otro ancho la más cercana", async () => {
    expect((await get(`/api/images/${id}`)).rawPayload.equals(bodies.get(960) as Buffer)).toBe(true);
    expect((await get(`/api/images/${id}?w=300`)).rawPayload.equals(bodies.get(320) as Buffer)).toBe(true);
    expect((await get(`/api/images/${id}?w=2000`)).rawPayload.equals(bodies.get(960) as Buffer)).toBe(true);
  });

  it("responde 404 en JSON para imágenes desconocidas o ids mal formados", async () => {
    for (const url of [`/api/images/${randomUUID()}`, "/api/images/no-es-uuid"]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ error: { code: "NOT_FOUND", message: IMAGE_NOT_FOUND } });
    }
    // A path written with an escaped slash never reaches the route: one spelling per path
    // (packages/shared/src/request-path.ts), refused before any handler.
    expect((await get("/api/images/..%2F..%2Fetc")).statusCode).toBe(400);
  });

  it("responde 404 si falta el archivo, y no sirve originales SVG", async () => {
    const missing = randomUUID();
    const svg = randomUUID();
    await t.app.ctx.db.insert(images).values([
      {
        id: missing,
        name: "x",
        storageKey: `images/${missing}/original.webp`,
        contentType: "image/webp",
        size: 1,
        variantWidths: [320],
      },
      {
        id: svg,
        name: "x.svg",
        storageKey: `images/${svg}/original.svg`,
        contentType: "image/svg+xml",
        size: 1,
      },
    ]);
    await t.app.ctx.storage.put(
      `images/${svg}/original.svg`,
      Buffer.from("<svg onload=alert(1)>"),
      "image/svg+xml",
    );
    expect((await get(`/api/images/${missing}`)).statusCode).toBe(404);
    expect((await get(`/api/images/${svg}`)).statusCode).toBe(404);
  });

  it("valida el ancho en español", async () => {
    const response = await get(`/api/images/${id}?w=grande`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe("El ancho solicitado no es válido.");
  });

  it("pickWidth elige la variante más cercana (empates hacia la mayor)", () => {
    expect(pickWidth([320, 640, 960], undefined)).toBe(960);
    expect(pickWidth([320, 640, 960], 480)).toBe(640);
    expect(pickWidth([320, 640, 960], 479)).toBe(320);
    expect(pickWidth([640], 320)).toBe(640);
    expect(pickWidth([], 320)).toBeNull();
  });
});
