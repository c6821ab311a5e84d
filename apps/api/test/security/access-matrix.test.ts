// Access matrix (docs/security.md): every operation of /api/openapi.json, sent as every actor of
// access-matrix.ts (visitors, users, an administrator, vendedores), against the outcome declared there.
// Also: private files are only ever served through their guarded routes.
import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paymentProofs } from "../../src/db/schema";
import { createTestApp, nextIp, type TestApp } from "../helpers";
import {
  ACCESS_MATRIX,
  ACTORS,
  type AccessDeclaration,
  type Actor,
  expectedOutcome,
  type OperationKey,
} from "./access-matrix";
import {
  buildWorld,
  fakeWebDist,
  fillPath,
  multipartBody,
  type Operation,
  openApiOperations,
  proofFields,
  uniqueId,
  type World,
} from "./support";

let t: TestApp;
let world: World;
let operations: Operation[];
let baseUrl: string;
let web: ReturnType<typeof fakeWebDist>;

beforeAll(async () => {
  web = fakeWebDist();
  t = await createTestApp({ webDist: web.dir });
  world = await buildWorld(t);
  operations = await openApiOperations(t.app);
  // Only the SSE stream needs a real socket (an injected request would wait for its end forever).
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  await t?.close();
  web?.remove();
});

interface Answer {
  status: number;
  headers: Record<string, unknown>;
  body: string;
}

async function send(key: OperationKey, declaration: AccessDeclaration, actor: Actor): Promise<Answer> {
  const [method, template] = key.split(" ") as [string, string];
  const values: Record<string, string> = {};
  for (const [name, fixture] of Object.entries(declaration.params ?? {})) {
    values[name] = await world.fixture(fixture);
  }
  const url = fillPath(template, values);
  const account =
    actor === "visitor" ? undefined : declaration.isolate ? await world.isolated(actor) : world.actors[actor];
  const headers: Record<string, string> = account ? { cookie: account.cookie } : {};

  if (declaration.stream) {
    const controller = new AbortController();
    const response = await fetch(`${baseUrl}${url}`, { headers, signal: controller.signal });
    controller.abort();
    return { status: response.status, headers: Object.fromEntries(response.headers), body: "" };
  }

  const options: InjectOptions = {
    method: method as InjectOptions["method"],
    url,
    headers,
    remoteAddress: nextIp(),
  };
  const unique = uniqueId();
  if (declaration.multipart === "proof") {
    const body = multipartBody(proofFields(world.ids.raffle, unique), {
      name: "comprobante.png",
      type: "image/png",
      data: world.png,
    });
    Object.assign(headers, body.headers);
    options.payload = body.payload;
  } else if (declaration.multipart === "image") {
    const body = multipartBody(
      { folder: "gallery" },
      { name: "premio.png", type: "image/png", data: world.png },
    );
    Object.assign(headers, body.headers);
    options.payload = body.payload;
  } else if (declaration.body) {
    options.payload = declaration.body({
      ...world.context(account?.password),
      unique,
    }) as InjectOptions["payload"];
  }
  const response = await t.app.inject(options);
  return { status: response.statusCode, headers: response.headers, body: response.body };
}

function verdict(expected: ReturnType<typeof expectedOutcome>, status: number): boolean {
  if (status >= 500) return false;
  if (expected === "allowed") return status !== 401 && status !== 403;
  if (expected === "allowedNot404") return status !== 401 && status !== 403 && status !== 404;
  return status === expected;
}

describe("declarations", () => {
  it("every operation of /api/openapi.json has exactly one declaration, and every declaration an operation", () => {
    const published = operations.map((op) => op.key);
    expect(new Set(published).size, "operaciones repetidas en el documento").toBe(published.length);
    const declared = new Set<string>(Object.keys(ACCESS_MATRIX));
    const undeclared = published.filter((key) => !declared.has(key));
    const stale = [...declared].filter((key) => !published.includes(key));
    expect(undeclared, "operaciones sin declarar en security/access-matrix.ts").toEqual([]);
    expect(stale, "declaraciones de operaciones que ya no existen").toEqual([]);
  });

  it("the document's security says what each declaration says (the matrix below then tests both)", () => {
    const mismatches: string[] = [];
    for (const op of operations) {
      const declaration = ACCESS_MATRIX[op.key as OperationKey];
      if (!declaration) continue;
      const published =
        op.security === null
          ? "sin security"
          : op.security.length === 0
            ? "public"
            : op.role === "admin"
              ? "admin"
              : "user";
      // `owner` is a signed-in user's route whose rows belong to someone, `seller`, `raffleSeller` and
      // `sellerOwner` ones the service refuses to accounts that are not an active vendedor (of the raffle, or
      // the one the row belongs to): the document says "user".
      const declared = ["owner", "seller", "raffleSeller", "sellerOwner"].includes(declaration.access)
        ? "user"
        : declaration.access;
      if (published !== declared) mismatches.push(`${op.key}: documento ${published}, matriz ${declared}`);
    }
    expect(mismatches).toEqual([]);
  });
});

describe("access matrix", () => {
  for (const [key, declaration] of Object.entries(ACCESS_MATRIX) as Array<
    [OperationKey, AccessDeclaration]
  >) {
    it(`${key} (${declaration.access})`, async () => {
      const failures: string[] = [];
      for (const actor of ACTORS) {
        const expected = expectedOutcome(declaration, actor);
        const answer = await send(key, declaration, actor);
        if (!verdict(expected, answer.status)) {
          failures.push(
            `${actor}: esperado ${expected}, recibido ${answer.status} ${answer.body.slice(0, 200)}`,
          );
        }
      }
      expect(failures).toEqual([]);
    });
  }
});

describe("private files", () => {
  it("a proof's file is served only to its owner and administrators, inert", async () => {
    const { app } = t;
    const id = world.ids.proof;
    const get = (url: string, cookie?: string) =>
      app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });

    expect((await get(`/api/proofs/${id}/file`)).statusCode).toBe(401);
    expect((await get(`/api/proofs/${id}/file`, world.actors.suspendedUser.cookie)).statusCode).toBe(401);
    expect((await get(`/api/proofs/${id}/file`, world.actors.otherUser.cookie)).statusCode).toBe(404);
    expect((await get(`/api/proofs/${randomUUID()}/file`, world.actors.user.cookie)).statusCode).toBe(404);
    expect((await get(`/api/proofs/${randomUUID()}/file`, world.actors.admin.cookie)).statusCode).toBe(404);
    // An escaped slash is not a spelling the API accepts (lib/request-path.ts); a malformed id is a 404.
    expect((await get("/api/proofs/..%2F..%2Fetc%2Fpasswd/file", world.actors.user.cookie)).statusCode).toBe(
      400,
    );
    expect((await get("/api/proofs/..etc..passwd/file", world.actors.user.cookie)).statusCode).toBe(404);

    for (const [url, cookie] of [
      [`/api/proofs/${id}/file`, world.actors.user.cookie],
      [`/api/proofs/${id}/file`, world.actors.admin.cookie],
    ] as const) {
      const response = await get(url, cookie);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"]).toBe("image/png");
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(String(response.headers["content-security-policy"])).toMatch(/\bsandbox\b/);
      expect(String(response.headers["cache-control"])).toMatch(/no-store/);
      expect(response.rawPayload.equals(world.png)).toBe(true);
    }
  });

  it("storage paths cannot be requested directly", async () => {
    const { app } = t;
    const [row] = await app.ctx.db
      .select({ key: paymentProofs.proofImagePath })
      .from(paymentProofs)
      .where(eq(paymentProofs.id, world.ids.proof));
    const key = row?.key ?? "";
    expect(key).toMatch(/^proofs\//);
    const imageKey = `images/${world.ids.image}/original.webp`;
    const candidates = [
      `/${key}`,
      `/files/${key}`,
      `/api/files/${key}`,
      `/data/${key}`,
      `/data/files/${key}`,
      `/uploads/${key}`,
      `/storage/${key}`,
      `/api/storage/${key}`,
      `/api/${key}`,
      `/files/${imageKey}`,
      `/api/files/${imageKey}`,
      `/${imageKey}`,
      `/assets/../files/${key}`,
      `/assets/%2e%2e/%2e%2e/files/${key}`,
      `/%2e%2e/%2e%2e/files/${key}`,
      `/api/images/..%2F..%2Ffiles%2F${encodeURIComponent(key)}`,
      `/api/proofs/${world.ids.proof}/file/..%2F..%2F${encodeURIComponent(key)}`,
    ];
    for (const url of candidates) {
      for (const cookie of [undefined, world.actors.user.cookie, world.actors.admin.cookie]) {
        const response = await app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
        const label = `${url} (${cookie ? "con sesión" : "sin sesión"})`;
        expect(response.rawPayload.includes(world.png), `${label} sirvió el archivo`).toBe(false);
        if (url.startsWith("/api/")) {
          // 400 when the path is not written in its one accepted spelling (lib/request-path.ts).
          expect([400, 404], label).toContain(response.statusCode);
        } else if (response.statusCode === 200) {
          // Client-side routes of the SPA answer with its shell, never with a stored file.
          expect(response.headers["content-type"], label).toMatch(/^text\/html/);
          expect(response.body, label).toBe(web.indexHtml);
        } else {
          expect([400, 404], label).toContain(response.statusCode);
        }
      }
    }
  });
});
