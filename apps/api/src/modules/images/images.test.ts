import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helpers";
import { images } from "../../db/schema";
import { IMAGE_NOT_FOUND, pickWidth } from "./service";

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
  await db.insert(images).values({
    id,
    name: "moto.webp",
    folder: "prizes",
    storageKey: `images/${id}/original.webp`,
    contentType: "image/webp",
    size: 8,
    variantWidths: [320, 640, 960],
  });
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string) => t.app.inject({ method: "GET", url });

describe("GET /api/images/:id", () => {
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
