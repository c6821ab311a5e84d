// Hostile input (docs/security.md): property-based requests over every JSON body of /api/openapi.json, and hostile
// uploads on the two multipart endpoints. A refused request answers 4xx (never 5xx) with a Spanish
// error.message and writes nothing.
import { existsSync, readdirSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { deflateSync } from "node:zlib";
import { MAX_IMAGE_BYTES, MAX_PROOF_BYTES } from "@rifazo/shared";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { images, paymentProofs, sellers, users } from "../../src/db/schema";
import { nextIp, type TestApp } from "../helpers";
import { ACCESS_MATRIX, type AccessDeclaration, type OperationKey } from "./access-matrix";
import { applyNastyEdit, hostileBody, hostileUrlComponent, nastyEdit } from "./arbitraries";
import { useTestApp } from "./lifecycle";
import {
  type ActorAccount,
  buildWorld,
  expectSpanishError,
  type FilePart,
  fillPath,
  multipartBody,
  type Operation,
  openApiOperations,
  proofFields,
  tableCounts,
  uniqueId,
  type World,
} from "./support";

let t: TestApp;
let world: World;
let operations: Operation[];
/** A throwaway account for /api/account/* (so a logout or password change can never hit the shared one). */
let accountUser: ActorAccount;

useTestApp(async (app) => {
  t = app;
  world = await buildWorld(t);
  operations = await openApiOperations(t.app);
  accountUser = await world.isolated("user");
});

const JSON_DECLARATIONS = (Object.entries(ACCESS_MATRIX) as Array<[OperationKey, AccessDeclaration]>).filter(
  ([, declaration]) => declaration.body !== undefined,
);

async function target(key: OperationKey, declaration: AccessDeclaration) {
  const [method, template] = key.split(" ") as [InjectOptions["method"], string];
  const values: Record<string, string> = {};
  for (const [name, fixture] of Object.entries(declaration.params ?? {})) {
    values[name] = await world.fixture(fixture);
  }
  const account = template.startsWith("/api/admin/")
    ? world.actors.admin
    : template.startsWith("/api/account/")
      ? accountUser
      : // A vendedor's routes are attacked as the vendedor of the raffle, past the service's refusal.
        template.startsWith("/api/seller/")
        ? world.actors.seller
        : world.actors.user;
  return { method, url: fillPath(template, values), account };
}

function sendJson(method: InjectOptions["method"], url: string, cookie: string, text: string) {
  return t.app.inject({
    method,
    url,
    payload: text,
    headers: { "content-type": "application/json", cookie },
    remoteAddress: nextIp(),
  });
}

function expect4xx(response: LightMyRequestResponse, label: string): void {
  expect(
    response.statusCode >= 400 && response.statusCode < 500,
    `${label}: ${response.statusCode} ${response.body.slice(0, 300)}`,
  ).toBe(true);
  expectSpanishError(response, label);
}

describe("JSON bodies", () => {
  it("every operation with a JSON body is covered (its declaration carries a valid body)", () => {
    const withJson = operations.filter((op) => op.jsonBody);
    expect(withJson.length).toBeGreaterThan(10);
    const covered = new Set<string>(JSON_DECLARATIONS.map(([key]) => key));
    expect(withJson.map((op) => op.key).filter((key) => !covered.has(key))).toEqual([]);
  });

  for (const [key, declaration] of JSON_DECLARATIONS) {
    it(`${key}: hostile bodies → 4xx in Spanish, nothing written`, async () => {
      const operation = operations.find((op) => op.key === key);
      if (!operation?.jsonBody) return; // Declared with a body but documented without one: nothing to attack.
      const { method, url, account } = await target(key, declaration);
      const valid = declaration.body?.(world.context(account.password)) as Record<string, unknown>;
      const before = await tableCounts(t.app);
      await fc.assert(
        fc.asyncProperty(hostileBody(operation.jsonBody, valid), async (hostile) => {
          const response = await sendJson(method, url, account.cookie, hostile.text);
          expect4xx(response, `${key} ${hostile.kind} ${JSON.stringify(hostile.text.slice(0, 120))}`);
        }),
        { numRuns: 25 },
      );
      expect(await tableCounts(t.app), `${key} escribió algo`).toEqual(before);
    });
  }
});

describe("valid bodies carrying hostile text", () => {
  // Text that is allowed may reach the database: it must be stored or refused, never crash the server.
  for (const [key, declaration] of JSON_DECLARATIONS) {
    if (declaration.isolate) continue; // Would change the throwaway account's password or sessions.
    it(`${key}: never a 5xx`, async () => {
      const { method, url, account } = await target(key, declaration);
      const shape = declaration.body?.(world.context(account.password)) as Record<string, unknown>;
      await fc.assert(
        fc.asyncProperty(nastyEdit(shape), async (edit) => {
          // A fresh valid body each run (new e-mail, reference...), then one field made nasty.
          const valid = declaration.body?.(world.context(account.password)) as Record<string, unknown>;
          const body = applyNastyEdit(valid, edit);
          const text = JSON.stringify(body);
          const response = await sendJson(method, url, account.cookie, text);
          const label = `${key} ${edit?.path.join(".")} ${text.slice(0, 200)}`;
          expect(response.statusCode, `${label}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
          if (response.statusCode >= 400) expectSpanishError(response, label);
          else expect(response.headers["content-type"]).toMatch(/^application\/json/);
        }),
        { numRuns: 12 },
      );
    });
  }
});

describe("query strings and path parameters", () => {
  function cookieFor(key: string): string {
    return key.includes(" /api/admin/") ? world.actors.admin.cookie : world.actors.user.cookie;
  }

  it("hostile query values: never a 5xx, refusals in Spanish, nothing written", async () => {
    const withQuery = operations.filter(
      (op) => op.queryParams.length > 0 && !op.multipart && op.key !== "GET /api/events",
    );
    expect(withQuery.length).toBeGreaterThan(5);
    const before = await tableCounts(t.app);
    for (const operation of withQuery) {
      const key = operation.key as OperationKey;
      const { method, url } = await target(key, ACCESS_MATRIX[key] ?? { access: "public" });
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...operation.queryParams),
          hostileUrlComponent,
          async (name, value) => {
            const response = await t.app.inject({
              method,
              url: `${url}?${name}=${value}`,
              headers: { cookie: cookieFor(key) },
              remoteAddress: nextIp(),
            });
            const label = `${key} ?${name}=${value.slice(0, 80)}`;
            expect(response.statusCode, `${label}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
            if (response.statusCode >= 400) expectSpanishError(response, label);
          },
        ),
        { numRuns: 10 },
      );
    }
    expect(await tableCounts(t.app)).toEqual(before);
  });

  it("hostile path parameters (ids, ticket numbers): never a 5xx, refusals in Spanish, nothing written", async () => {
    const withPath = operations.filter((op) => op.pathParams.length > 0);
    expect(withPath.length).toBeGreaterThan(20);
    const before = await tableCounts(t.app);
    for (const operation of withPath) {
      const key = operation.key as OperationKey;
      const valid = ACCESS_MATRIX[key]?.body?.(world.context()) as Record<string, unknown> | undefined;
      await fc.assert(
        fc.asyncProperty(hostileUrlComponent, async (value) => {
          const url = operation.path.replace(/\{\w+\}/g, value);
          const response = await t.app.inject({
            method: operation.method as InjectOptions["method"],
            url,
            headers: { cookie: cookieFor(key) },
            // The body the route expects, so that only the path is wrong.
            ...(valid ? { payload: valid as InjectOptions["payload"] } : {}),
            remoteAddress: nextIp(),
          });
          const label = `${operation.method} ${url.slice(0, 120)}`;
          expect(response.statusCode, `${label}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
          if (response.statusCode >= 400) expectSpanishError(response, label);
        }),
        { numRuns: 8 },
      );
    }
    expect(await tableCounts(t.app)).toEqual(before);
  });
});

describe("claiming a receipt (decision 0034)", () => {
  // The claim has no body: a token that opens no receipt and whatever is sent with it are refused alike.
  it("POST /api/receipts/{token}/claim: hostile tokens and bodies → 4xx in Spanish, nothing written", async () => {
    const before = await tableCounts(t.app);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(hostileUrlComponent, fc.constant("A".repeat(43))),
        fc.oneof(fc.string(), fc.constant("{}"), fc.constant('{"userId":"x"}')),
        async (token, body) => {
          for (const account of [world.actors.user, world.actors.seller]) {
            const response = await sendJson("POST", `/api/receipts/${token}/claim`, account.cookie, body);
            expect4xx(response, `claim ${token.slice(0, 80)} ${JSON.stringify(body.slice(0, 80))}`);
          }
        },
      ),
      { numRuns: 25 },
    );
    expect(await tableCounts(t.app)).toEqual(before);
  });
});

// ---------------------------------------------------------------------------------------------
// Uploads
// ---------------------------------------------------------------------------------------------

/** Every stored file under DATA_DIR/files, as relative keys. */
function storedFiles(): string[] {
  const root = path.join(t.dataDir, "files");
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

function uploadProof(
  file: FilePart | undefined,
  fields: Record<string, string | number> = {},
  cookie = world.actors.user.cookie,
) {
  const body = multipartBody({ ...proofFields(world.ids.raffle, uniqueId()), ...fields }, file);
  return t.app.inject({
    method: "POST",
    url: "/api/proofs",
    payload: body.payload,
    headers: { ...body.headers, cookie },
    remoteAddress: nextIp(),
  });
}

function uploadImage(file: FilePart | undefined) {
  const body = multipartBody({ folder: "gallery" }, file);
  return t.app.inject({
    method: "POST",
    url: "/api/admin/images",
    payload: body.payload,
    headers: { ...body.headers, cookie: world.actors.admin.cookie },
    remoteAddress: nextIp(),
  });
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([head, body, crc]);
}

/** A few hundred bytes that claim a 30000 × 30000 RGB canvas (900 megapixels). */
function pixelFloodPng(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(30_000, 0);
  ihdr.writeUInt32BE(30_000, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", deflateSync(Buffer.alloc(2 * (1 + 3 * 30_000)))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

const HTML_PAYLOAD = Buffer.from("<html><body><script>alert(document.cookie)</script></body></html>");

describe("uploads", () => {
  // The hostile PATCH /api/profile bodies above may have cleared the buyer's mobile, which a purchase
  // needs first (422 PHONE_REQUIRED): these tests are about the upload's size, so the buyer has one.
  beforeAll(async () => {
    await t.app.ctx.db
      .update(users)
      .set({ phone: "+584145550142" })
      .where(eq(users.id, world.actors.user.id));
  });

  it("5 MB + 1 byte is refused with 413 on both endpoints, nothing stored", async () => {
    const before = await tableCounts(t.app);
    const files = storedFiles();
    const tooBig = (limit: number) =>
      Buffer.concat([world.png, Buffer.alloc(limit + 1 - world.png.length, 7)]);
    const proof = await uploadProof({ name: "grande.png", type: "image/png", data: tooBig(MAX_PROOF_BYTES) });
    expect(proof.statusCode, proof.body).toBe(413);
    expectSpanishError(proof, "comprobante de 5 MB + 1");
    const image = await uploadImage({ name: "grande.png", type: "image/png", data: tooBig(MAX_IMAGE_BYTES) });
    expect(image.statusCode, image.body).toBe(413);
    expectSpanishError(image, "imagen de 5 MB + 1");
    expect(await tableCounts(t.app)).toEqual(before);
    expect(storedFiles()).toEqual(files);
  });

  it("an oversized upload is refused while it streams, before the client has sent it all", async () => {
    // Over a real socket: an injected request hands the whole payload over before the route runs.
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as AddressInfo;
    const total = 40 * 1024 * 1024;
    const chunk = Buffer.alloc(64 * 1024, 1);
    const boundary = `----rifazo${uniqueId()}`;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="enorme.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    for (const [url, cookie] of [
      ["/api/admin/images", world.actors.admin.cookie],
      ["/api/proofs", world.actors.user.cookie],
    ] as const) {
      const { status, sentBeforeAnswer } = await new Promise<{ status: number; sentBeforeAnswer: number }>(
        (resolve, reject) => {
          let sent = 0;
          let answered = false;
          const request = http.request({
            host: "127.0.0.1",
            port,
            method: "POST",
            path: url,
            headers: { "content-type": `multipart/form-data; boundary=${boundary}`, cookie },
          });
          request.on("response", (response) => {
            answered = true;
            response.resume();
            resolve({ status: response.statusCode ?? 0, sentBeforeAnswer: sent });
            request.destroy();
          });
          request.on("error", (error) => {
            if (!answered) reject(error);
          });
          const pump = () => {
            while (!answered && sent < total) {
              sent += chunk.length;
              if (!request.write(chunk)) {
                request.once("drain", pump);
                return;
              }
            }
            if (!answered) request.end(`\r\n--${boundary}--\r\n`);
          };
          request.write(head);
          request.write(world.png);
          pump();
        },
      );
      expect(status, url).toBe(413);
      expect(sentBeforeAnswer, url).toBeLessThan(total / 2);
    }
    // The refused uploads' connections are closed by the server, not left half-read and hanging.
    const open = () => new Promise<number>((r) => t.app.server.getConnections((_e, n) => r(n)));
    for (let i = 0; i < 40 && (await open()) > 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(await open()).toBe(0);
  });

  it("wrong magic bytes are refused whatever the name and declared type say", async () => {
    const before = await tableCounts(t.app);
    const files = storedFiles();
    const fakes: FilePart[] = [
      { name: "comprobante.png", type: "image/png", data: HTML_PAYLOAD },
      { name: "comprobante.jpg", type: "image/jpeg", data: Buffer.from("MZ\x90\x00 not really an exe") },
      { name: "comprobante.pdf", type: "application/pdf", data: Buffer.from("%PDX-1.4 casi un pdf") },
      { name: "comprobante.svg", type: "image/svg+xml", data: Buffer.from('<svg onload="alert(1)"/>') },
      { name: "comprobante.png", type: "image/png", data: Buffer.from([0x89, 0x50, 0x4e]) },
    ];
    for (const file of fakes) {
      const proof = await uploadProof(file);
      expect4xx(proof, `comprobante ${file.name} falso`);
      const image = await uploadImage(file);
      expect4xx(image, `imagen ${file.name} falsa`);
    }
    // A real PDF is a valid proof but not a prize image.
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");
    expect4xx(await uploadImage({ name: "premio.png", type: "image/png", data: pdf }), "PDF como imagen");
    expect(await tableCounts(t.app)).toEqual(before);
    expect(storedFiles()).toEqual(files);
  });

  it("a PNG/HTML polyglot is kept only as image/png and served inert (or refused)", async () => {
    const polyglot = Buffer.concat([world.png, HTML_PAYLOAD]);
    const proof = await uploadProof({ name: "polyglot.html", type: "text/html", data: polyglot });
    if (proof.statusCode === 201) {
      const created = proof.json() as { id: string; file: { contentType: string } };
      expect(created.file.contentType).toBe("image/png");
      const served = await t.app.inject({
        method: "GET",
        url: `/api/proofs/${created.id}/file`,
        headers: { cookie: world.actors.user.cookie },
      });
      expect(served.statusCode).toBe(200);
      expect(served.headers["content-type"]).toBe("image/png");
      expect(served.headers["x-content-type-options"]).toBe("nosniff");
      expect(String(served.headers["content-security-policy"])).toMatch(/\bsandbox\b/);
      expect(String(served.headers["content-disposition"])).toMatch(/^inline;/);
    } else {
      expect4xx(proof, "comprobante políglota");
    }

    const image = await uploadImage({ name: "polyglot.html", type: "text/html", data: polyglot });
    if (image.statusCode === 201) {
      const created = image.json() as { id: string };
      const served = await t.app.inject({ method: "GET", url: `/api/images/${created.id}` });
      expect(served.statusCode).toBe(200);
      expect(served.headers["content-type"]).toBe("image/webp");
      expect(served.headers["x-content-type-options"]).toBe("nosniff");
      // Re-encoded: what is served is a WebP made by the server, without the trailing HTML.
      expect(served.rawPayload.subarray(8, 12).toString("latin1")).toBe("WEBP");
      expect(served.rawPayload.includes("<script")).toBe(false);
    } else {
      expect4xx(image, "imagen políglota");
    }
  });

  it("path traversal in the file name never reaches the storage key", async () => {
    const names = [
      "../../etc/passwd.png",
      "..\\..\\..\\windows\\win.ini.png",
      "/etc/passwd.png",
      "%2e%2e%2fpasswd.png",
    ];
    // A buyer of its own: the shared one already has proofs under review, and an account may have only 3.
    const buyer = await world.isolated("user");
    for (const name of names) {
      const proof = await uploadProof({ name, type: "image/png", data: world.png }, {}, buyer.cookie);
      expect(proof.statusCode, proof.body).toBe(201);
      const { id } = proof.json() as { id: string };
      const [row] = await t.app.ctx.db.select().from(paymentProofs).where(eq(paymentProofs.id, id));
      expect(row?.proofImagePath).toMatch(/^proofs\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.png$/);
      expect(row?.proofImageFilename ?? "").not.toMatch(/[\\/]/);
      const served = await t.app.inject({
        method: "GET",
        url: `/api/proofs/${id}/file`,
        headers: { cookie: buyer.cookie },
      });
      expect(served.statusCode).toBe(200);
      expect(String(served.headers["content-disposition"])).not.toMatch(/filename="[^"]*[\\/]/);
      // Out of review again, so the next name is not refused by that limit (purchase-caps.test.ts).
      await t.app.ctx.db.update(paymentProofs).set({ status: "rejected" }).where(eq(paymentProofs.id, id));

      const image = await uploadImage({ name, type: "image/png", data: world.png });
      expect(image.statusCode, image.body).toBe(201);
      const created = image.json() as { id: string; name: string };
      const [stored] = await t.app.ctx.db.select().from(images).where(eq(images.id, created.id));
      expect(stored?.storageKey).toBe(`images/${created.id}/original.webp`);
      expect(created.name).not.toMatch(/[\\/]/);
    }
    // Nothing was written beside or above the storage root.
    for (const escaped of ["etc/passwd.png", "../etc/passwd.png", "../../etc/passwd.png"]) {
      expect(existsSync(path.resolve(t.dataDir, "files", escaped))).toBe(false);
    }
    // settlements/: the access matrix's settlement receipt (support.ts), stored by the world itself.
    expect(storedFiles().every((key) => /^(proofs|images|settlements)\//.test(key))).toBe(true);
  });

  it("a pixel flood (a PNG declaring 30000 × 30000 px) is refused with 4xx, not decoded", async () => {
    const before = await tableCounts(t.app);
    const flood = pixelFloodPng();
    const image = await uploadImage({ name: "bomba.png", type: "image/png", data: flood });
    expect4xx(image, "imagen de 900 megapíxeles");
    const proof = await uploadProof({ name: "bomba.png", type: "image/png", data: flood });
    expect4xx(proof, "comprobante de 900 megapíxeles");
    expect(await tableCounts(t.app)).toEqual(before);
    // The server is still fine afterwards.
    expect((await t.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
  });

  it("form fields carrying NUL are refused before anything is stored", async () => {
    const before = await tableCounts(t.app);
    const files = storedFiles();
    const cases: Array<Record<string, string>> = [
      { userNotes: "nota\u0000oculta" },
      { transactionRef: `REF\u0000${uniqueId()}` },
    ];
    for (const extra of cases) {
      const response = await uploadProof({ name: "c.png", type: "image/png", data: world.png }, extra);
      expect4xx(response, `comprobante con NUL en ${Object.keys(extra)[0]}`);
    }
    expect(await tableCounts(t.app)).toEqual(before);
    expect(storedFiles()).toEqual(files);
  });

  it("garbage multipart bodies are refused with a Spanish 4xx and write nothing", async () => {
    const before = await tableCounts(t.app);
    const files = storedFiles();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("/api/proofs", "/api/admin/images"),
        fc.oneof(
          fc.constant("multipart/form-data"),
          fc.constant("multipart/form-data; boundary="),
          fc
            // What an HTTP parser lets through in a header value (Node refuses control characters).
            .string({
              unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
              minLength: 1,
              maxLength: 70,
            })
            .map((b) => `multipart/form-data; boundary=${b}`),
        ),
        fc.uint8Array({ maxLength: 2000 }),
        async (url, contentType, bytes) => {
          const cookie = url.startsWith("/api/admin/") ? world.actors.admin.cookie : world.actors.user.cookie;
          const response = await t.app.inject({
            method: "POST",
            url,
            payload: Buffer.from(bytes),
            headers: { "content-type": contentType, cookie },
            remoteAddress: nextIp(),
          });
          expect4xx(response, `${url} ${JSON.stringify(contentType)}`);
        },
      ),
      { numRuns: 25 },
    );
    expect(await tableCounts(t.app)).toEqual(before);
    expect(storedFiles()).toEqual(files);
  });
});

describe("a settlement's receipt (decision 0034)", () => {
  // The organiser's "liquidación" may carry the transfer's receipt: the same checks as every upload.
  it("fake, oversized, flooding or garbled uploads → 4xx in Spanish, nothing written or stored", async () => {
    const [seller] = await t.app.ctx.db
      .select({ id: sellers.id })
      .from(sellers)
      .where(eq(sellers.userId, world.actors.seller.id));
    const url = `/api/admin/sellers/${seller?.id}/raffles/${world.ids.raffle}/settlements`;
    const fields = { amount: "1,00", method: "transferencia", reference: "0102-HOSTIL" };
    const send = (payload: Buffer, contentType: string) =>
      t.app.inject({
        method: "POST",
        url,
        payload,
        headers: { "content-type": contentType, cookie: world.actors.admin.cookie },
        remoteAddress: nextIp(),
      });
    const before = await tableCounts(t.app);
    const files = storedFiles();
    const uploads: FilePart[] = [
      { name: "recibo.png", type: "image/png", data: HTML_PAYLOAD },
      { name: "recibo.svg", type: "image/svg+xml", data: Buffer.from('<svg onload="alert(1)"/>') },
      { name: "recibo.png", type: "image/png", data: Buffer.from([0x89, 0x50, 0x4e]) },
      { name: "bomba.png", type: "image/png", data: pixelFloodPng() },
      {
        name: "grande.png",
        type: "image/png",
        data: Buffer.concat([world.png, Buffer.alloc(MAX_PROOF_BYTES + 1 - world.png.length, 7)]),
      },
    ];
    for (const file of uploads) {
      const body = multipartBody(fields, file);
      const response = await send(body.payload, body.headers["content-type"]);
      expect4xx(response, `liquidación con ${file.name}`);
    }
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 2000 }), async (bytes) => {
        const response = await send(Buffer.from(bytes), "multipart/form-data; boundary=x");
        expect4xx(response, "liquidación con un formulario ilegible");
      }),
      { numRuns: 15 },
    );
    expect(await tableCounts(t.app)).toEqual(before);
    expect(storedFiles()).toEqual(files);
  });
});

describe("a prize's files (decision 0035)", () => {
  // The winner's cédula and the organiser's delivery proof: the same checks as a payment proof's file.
  const uploads = (): FilePart[] => [
    { name: "cedula.png", type: "image/png", data: HTML_PAYLOAD },
    { name: "cedula.svg", type: "image/svg+xml", data: Buffer.from('<svg onload="alert(1)"/>') },
    { name: "cedula.png", type: "image/png", data: Buffer.from([0x89, 0x50, 0x4e]) },
    { name: "bomba.png", type: "image/png", data: pixelFloodPng() },
    {
      name: "grande.png",
      type: "image/png",
      data: Buffer.concat([world.png, Buffer.alloc(MAX_PROOF_BYTES + 1 - world.png.length, 7)]),
    },
  ];
  const send = (url: string, cookie: string, payload: Buffer, contentType: string) =>
    t.app.inject({
      method: "POST",
      url,
      payload,
      headers: { "content-type": contentType, cookie },
      remoteAddress: nextIp(),
    });

  async function expectRefusedUploads(url: string, cookie: string, fields: Record<string, string>) {
    const before = await tableCounts(t.app);
    const files = storedFiles();
    for (const file of uploads()) {
      const body = multipartBody(fields, file);
      expect4xx(
        await send(url, cookie, body.payload, body.headers["content-type"]),
        `${url} con ${file.name}`,
      );
    }
    const nul = multipartBody(
      { ...fields, note: "nota\u0000oculta" },
      { name: "c.png", type: "image/png", data: world.png },
    );
    expect4xx(await send(url, cookie, nul.payload, nul.headers["content-type"]), `${url} con NUL`);
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 2000 }), async (bytes) => {
        const response = await send(url, cookie, Buffer.from(bytes), "multipart/form-data; boundary=x");
        expect4xx(response, `${url} con un formulario ilegible`);
      }),
      { numRuns: 15 },
    );
    expect(await tableCounts(t.app)).toEqual(before);
    expect(storedFiles()).toEqual(files);
  }

  it("the claim: fake, oversized, flooding or garbled cédulas → 4xx in Spanish, nothing written or stored", async () => {
    await expectRefusedUploads(`/api/prizes/${world.ids.prize}/claim`, world.actors.user.cookie, {
      contactPhone: "0414-5550123",
    });
  });

  it("the delivery: the same for its proof, once the claim is accepted", async () => {
    const claim = multipartBody({}, { name: "cedula.png", type: "image/png", data: world.png });
    const claimed = await send(
      `/api/prizes/${world.ids.prize}/claim`,
      world.actors.user.cookie,
      claim.payload,
      claim.headers["content-type"],
    );
    expect(claimed.statusCode, claimed.body).toBe(201);
    const accepted = await t.app.inject({
      method: "POST",
      url: `/api/admin/prizes/${world.ids.prize}/review`,
      payload: { decision: "accepted" },
      headers: { cookie: world.actors.admin.cookie },
      remoteAddress: nextIp(),
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    await expectRefusedUploads(`/api/admin/prizes/${world.ids.prize}/deliveries`, world.actors.admin.cookie, {
      method: "transfer",
      deliveredOn: "2026-01-15",
    });
  });
});
