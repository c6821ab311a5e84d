import { deflateSync } from "node:zlib";
import { ADMIN_MESSAGES } from "@rifazo/shared";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AdminTestContext,
  call,
  createRaffle,
  expectAdminOnly,
  setupAdminTest,
} from "../../../../test/admin-fixtures";
import { multipartBody } from "../../../../test/multipart";
import { auditLog, images } from "../../../db/schema";
import { encodeAvifVariants } from "./avif-variants";
import { renderMissingVariants } from "./missing-variants";
import { backfillImageVariants } from "./variant-backfill";

let ctx: AdminTestContext;
beforeAll(async () => {
  ctx = await setupAdminTest();
});
afterAll(async () => {
  await ctx?.t.close();
});

const db = () => ctx.t.app.ctx.db;

function multipart(
  file: { name: string; type: string; body: Buffer } | null,
  fields: Record<string, string> = {},
) {
  return multipartBody(fields, file ? { name: file.name, type: file.type, data: file.body } : undefined);
}

function upload(
  file: Parameters<typeof multipart>[0],
  fields: Record<string, string> = {},
  cookie = ctx.admin.cookie,
) {
  const { payload, headers } = multipart(file, fields);
  return ctx.t.app.inject({
    method: "POST",
    url: "/api/admin/images",
    payload,
    headers: { ...headers, cookie },
  });
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } } })
    .png()
    .toBuffer();

/** A PNG whose header claims width × height: the decoder must refuse it before allocating pixels. */
function pixelFloodPng(width: number, height: number): Buffer {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = (table[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(2, 9); // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(Buffer.alloc(1024))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

describe("guardia de la galería", () => {
  it("401 y 403 en subir, listar y eliminar", async () => {
    const body = await png(10, 10);
    const visitor = await upload({ name: "a.png", type: "image/png", body }, {}, "");
    expect(visitor.statusCode).toBe(401);
    const regular = await upload({ name: "a.png", type: "image/png", body }, {}, ctx.user.cookie);
    expect(regular.statusCode).toBe(403);
    expect(regular.json().error.code).toBe("ADMIN_ONLY");
    await expectAdminOnly(ctx, "GET", "/api/admin/images");
    await expectAdminOnly(ctx, "DELETE", "/api/admin/images/00000000-0000-4000-8000-000000000000");
    expect(await db().select().from(images)).toHaveLength(0);
  });
});

describe("subir imágenes", () => {
  it("guarda variantes WebP 320/640/720/960 y el original, y la ruta pública las sirve", async () => {
    const response = await upload(
      { name: "moto roja.png", type: "image/png", body: await png(1200, 800) },
      { folder: "prizes" },
    );
    expect(response.statusCode, response.body).toBe(201);
    const image = response.json();
    expect(image).toMatchObject({
      name: "moto roja.png",
      url: `/api/images/${image.id}`,
      path: `images/${image.id}/original.webp`,
      folder: "prizes",
      width: 1200,
      height: 800,
    });
    const [row] = await db().select().from(images).where(eq(images.id, image.id));
    expect(row?.variantWidths).toEqual([320, 640, 720, 960]);
    expect(row?.createdBy).toBe(ctx.admin.id);
    const storage = ctx.t.app.ctx.storage;
    for (const key of ["original", "320", "640", "720", "960"]) {
      expect(await storage.exists(`images/${image.id}/${key}.webp`), key).toBe(true);
    }
    const small = await call(ctx.t, "GET", `/api/images/${image.id}?w=320`);
    expect(small.statusCode).toBe(200);
    expect(small.headers["content-type"]).toBe("image/webp");
    const meta = await sharp(small.rawPayload).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 320, height: 213 });
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.entityId, image.id));
    expect(audit).toMatchObject({ action: "image.upload", actorId: ctx.admin.id });
  });

  it("no agranda imágenes pequeñas y acepta GIF y WEBP por su contenido", async () => {
    const tiny = await upload({ name: "x.bin", type: "application/octet-stream", body: await png(200, 100) });
    expect(tiny.statusCode, tiny.body).toBe(201);
    const [row] = await db().select().from(images).where(eq(images.id, tiny.json().id));
    expect(row?.variantWidths).toEqual([200]);
    expect(row?.folder).toBe("gallery");
    const medium = await upload({
      name: "m.webp",
      type: "image/webp",
      body: await sharp({ create: { width: 700, height: 300, channels: 3, background: "#0a0" } })
        .webp()
        .toBuffer(),
    });
    const [mediumRow] = await db().select().from(images).where(eq(images.id, medium.json().id));
    expect(mediumRow?.variantWidths).toEqual([320, 640]);
    const gif = await upload({
      name: "g.gif",
      type: "image/gif",
      body: await sharp({ create: { width: 50, height: 50, channels: 3, background: "#00f" } })
        .gif()
        .toBuffer(),
    });
    expect(gif.statusCode, gif.body).toBe(201);
  });

  it("rechaza tipos no permitidos, archivos de más de 5 MB, imágenes de más de 40 megapíxeles y carpetas inválidas", async () => {
    const text = await upload({
      name: "foto.png",
      type: "image/png",
      body: Buffer.from("<svg onload=alert(1)>"),
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().error.message).toBe("Solo se permiten imágenes JPG, PNG, WEBP o GIF.");
    const pdf = await upload({
      name: "a.pdf",
      type: "application/pdf",
      body: Buffer.from("%PDF-1.4\n%âãÏÓ\n1 0 obj\n"),
    });
    expect(pdf.statusCode).toBe(415);

    const big = Buffer.concat([await png(10, 10), Buffer.alloc(5 * 1024 * 1024 + 10, 1)]);
    const tooBig = await upload({ name: "big.png", type: "image/png", body: big });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error.message).toBe("La imagen no debe exceder los 5MB.");

    const flood = await upload({ name: "flood.png", type: "image/png", body: pixelFloodPng(20_000, 20_000) });
    expect(flood.statusCode).toBe(422);
    expect(flood.json().error.message).toBe(ADMIN_MESSAGES.imageTooManyPixels);

    const folder = await upload(
      { name: "a.png", type: "image/png", body: await png(10, 10) },
      { folder: "../etc" },
    );
    expect(folder.statusCode).toBe(400);
    expect(folder.json().error.message).toBe(ADMIN_MESSAGES.imageFolderInvalid);

    const missing = await upload(null, { folder: "gallery" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe(ADMIN_MESSAGES.imageMissing);
  });
});

describe("listar y eliminar", () => {
  it("lista la galería de la más nueva a la más antigua", async () => {
    const first = (await upload({ name: "uno.png", type: "image/png", body: await png(20, 20) })).json();
    await db()
      .update(images)
      .set({ createdAt: new Date(Date.UTC(2020, 0, 1)) })
      .where(eq(images.id, first.id));
    const second = (await upload({ name: "dos.png", type: "image/png", body: await png(20, 20) })).json();
    const response = await call(ctx.t, "GET", "/api/admin/images", ctx.admin.cookie);
    expect(response.statusCode).toBe(200);
    const ids = response.json().items.map((i: { id: string }) => i.id);
    expect(ids[0]).toBe(second.id);
    expect(ids[ids.length - 1]).toBe(first.id);
    const prizes = await call(ctx.t, "GET", "/api/admin/images?folder=prizes", ctx.admin.cookie);
    expect(prizes.json().items.every((i: { folder: string }) => i.folder === "prizes")).toBe(true);
  });

  it("elimina la fila y los archivos; una imagen en uso no se elimina", async () => {
    const image = (await upload({ name: "borrar.png", type: "image/png", body: await png(700, 400) })).json();
    const response = await call(ctx.t, "DELETE", `/api/admin/images/${image.id}`, ctx.admin.cookie);
    expect(response.statusCode).toBe(200);
    expect(await db().select().from(images).where(eq(images.id, image.id))).toHaveLength(0);
    for (const key of ["original", "320", "640"]) {
      expect(await ctx.t.app.ctx.storage.exists(`images/${image.id}/${key}.webp`)).toBe(false);
    }
    expect((await call(ctx.t, "GET", `/api/images/${image.id}`)).statusCode).toBe(404);

    const used = (await upload({ name: "usada.png", type: "image/png", body: await png(30, 30) })).json();
    await createRaffle(ctx, { totalTickets: 5, prizeImage: used.url });
    const refused = await call(ctx.t, "DELETE", `/api/admin/images/${used.id}`, ctx.admin.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(ADMIN_MESSAGES.imageInUse);
  });
});

describe("variantes que faltan en imágenes guardadas antes", () => {
  it("crea la de 720 px desde el original, sin agrandar, y la ruta la sirve; una imagen sin original queda como está", async () => {
    const storage = ctx.t.app.ctx.storage;
    const wide = (await upload({ name: "ancha.png", type: "image/png", body: await png(1200, 900) })).json();
    const narrow = (
      await upload({ name: "angosta.png", type: "image/png", body: await png(700, 525) })
    ).json();
    const lost = (
      await upload({ name: "perdida.png", type: "image/png", body: await png(1000, 750) })
    ).json();
    // As stored before 720 px joined the widths: the row without it and no file.
    for (const id of [wide.id, lost.id]) {
      await db()
        .update(images)
        .set({ variantWidths: [320, 640, 960] })
        .where(eq(images.id, id));
      await storage.delete(`images/${id}/720.webp`);
    }
    await storage.delete(`images/${lost.id}/original.webp`);
    // Until the backfill runs, the route serves the nearest width it has.
    const before = await call(ctx.t, "GET", `/api/images/${wide.id}?w=720`);
    expect((await sharp(before.rawPayload).metadata()).width).toBe(640);

    const result = await backfillImageVariants(ctx.t.app.ctx);
    expect(result).toEqual({ updated: 1, failed: 1 });
    const [wideRow] = await db().select().from(images).where(eq(images.id, wide.id));
    expect(wideRow?.variantWidths).toEqual([320, 640, 720, 960]);
    const served = await call(ctx.t, "GET", `/api/images/${wide.id}?w=720`);
    expect(served.statusCode).toBe(200);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({
      format: "webp",
      width: 720,
      height: 540,
    });
    // Narrower than 720: nothing to add, never enlarged.
    const [narrowRow] = await db().select().from(images).where(eq(images.id, narrow.id));
    expect(narrowRow?.variantWidths).toEqual([320, 640]);
    expect(await storage.exists(`images/${narrow.id}/720.webp`)).toBe(false);
    // Without its original the image keeps its row and is tried again on the next run, not in a loop.
    const [lostRow] = await db().select().from(images).where(eq(images.id, lost.id));
    expect(lostRow?.variantWidths).toEqual([320, 640, 960]);
    expect(await backfillImageVariants(ctx.t.app.ctx)).toEqual({ updated: 0, failed: 1 });
  });
});

describe("copias AVIF de las variantes", () => {
  it("se codifican desde el original, la ruta las sirve a quien acepta AVIF, y al borrar la imagen se borran", async () => {
    const storage = ctx.t.app.ctx.storage;
    const image = (await upload({ name: "avif.png", type: "image/png", body: await png(800, 600) })).json();
    const accept = { accept: "image/avif,image/webp,*/*;q=0.8" };
    const asked = () =>
      ctx.t.app.inject({ method: "GET", url: `/api/images/${image.id}?w=720`, headers: accept });
    // Before the job: WebP, for everyone.
    expect((await asked()).headers["content-type"]).toBe("image/webp");

    // An image of an earlier test lost its original: it fails alone, the others are encoded.
    const result = await encodeAvifVariants(ctx.t.app.ctx);
    expect(result.updated).toBeGreaterThanOrEqual(1);
    const [row] = await db().select().from(images).where(eq(images.id, image.id));
    expect(row?.avifWidths).toEqual(row?.variantWidths);
    const served = await asked();
    expect(served.headers["content-type"]).toBe("image/avif");
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({
      format: "heif",
      width: 720,
      height: 540,
    });
    const webp = await call(ctx.t, "GET", `/api/images/${image.id}?w=720`);
    expect(served.rawPayload.length).toBeLessThan(webp.rawPayload.length);
    // Nothing left to do: a second run encodes nothing.
    expect(await encodeAvifVariants(ctx.t.app.ctx)).toEqual({ updated: 0, failed: result.failed });

    expect((await call(ctx.t, "DELETE", `/api/admin/images/${image.id}`, ctx.admin.cookie)).statusCode).toBe(
      200,
    );
    for (const width of row?.avifWidths ?? []) {
      expect(await storage.exists(`images/${image.id}/${width}.avif`)).toBe(false);
    }
  });
});

describe("una imagen borrada mientras se crean sus variantes", () => {
  it("no queda con archivos sueltos: los que se escribieron para ella se borran", async () => {
    const storage = ctx.t.app.ctx.storage;
    const image = (await upload({ name: "suelta.png", type: "image/png", body: await png(800, 600) })).json();
    const [stale] = await db().select().from(images).where(eq(images.id, image.id));
    // The row goes (as an admin's delete would) after the job listed it, its original still readable.
    await db().delete(images).where(eq(images.id, image.id));
    const result = await renderMissingVariants(ctx.t.app.ctx, {
      format: "avif",
      find: async () => (stale ? [stale] : []),
      missing: () => [320],
      encode: (resized) => resized.avif({ quality: 50, effort: 0 }),
    });
    expect(result).toEqual({ updated: 0, failed: 0 });
    expect(await storage.exists(`images/${image.id}/320.avif`)).toBe(false);
  });
});
