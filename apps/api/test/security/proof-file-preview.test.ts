// PDF preview (docs/decisions/0009-payment-references-and-proof-files.md): a PDF proof can be previewed inside the admin inbox (and the owner's payment
// dialog), which frame it from the same origin (the inbox used an <object>, which the page's
// object-src 'none' blocks; e2e/proof-preview.spec.ts shows it in a real browser). The file route allows
// exactly that and nothing wider: a PDF may be framed by this origin only, still sandboxed; images
// cannot be framed at all; every page keeps its strict CSP; the file keeps its private headers and
// only its owner and administrators can open it.

import { createHash } from "node:crypto";
import { FORM_KEY_SCRIPT } from "@rifazo/shared/form-key-script";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signedInUser, type TestApp } from "../helpers";
import { receiptPdf } from "../receipt-pdf";
import { type FilePart, fakeWebDist, smallPng } from "./support";
import { postGeneralProof } from "./uploads";

/** The CSP source of the pages' one inline script (apps/api/src/app.ts). */
const FORM_KEY_SCRIPT_SOURCE = `'sha256-${createHash("sha256").update(FORM_KEY_SCRIPT).digest("base64")}'`;

let t: TestApp;
let web: ReturnType<typeof fakeWebDist>;
type SignedIn = Awaited<ReturnType<typeof signedInUser>>;
let owner: SignedIn;
let other: SignedIn;
let admin: SignedIn;
let pdfProof: string;
let pngProof: string;

async function uploadAs(cookie: string, ref: string, file: FilePart) {
  const response = await postGeneralProof(t.app, cookie, file, ref);
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: string }).id;
}

/** CSP directives by name. */
function csp(response: LightMyRequestResponse): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of String(response.headers["content-security-policy"] ?? "").split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), values);
  }
  return directives;
}

const file = (id: string, cookie?: string) =>
  t.app.inject({ method: "GET", url: `/api/proofs/${id}/file`, headers: cookie ? { cookie } : {} });

beforeAll(async () => {
  web = fakeWebDist();
  t = await createTestApp({ webDist: web.dir });
  [owner, other, admin] = await Promise.all([
    signedInUser(t.app),
    signedInUser(t.app),
    signedInUser(t.app, { role: "admin" }),
  ]);
  pdfProof = await uploadAs(owner.cookie, "PDF0042", {
    name: "recibo.pdf",
    type: "application/pdf",
    data: receiptPdf(),
  });
  pngProof = await uploadAs(owner.cookie, "PNG0042", {
    name: "captura.png",
    type: "image/png",
    data: await smallPng(),
  });
}, 120_000);

afterAll(async () => {
  await t?.close();
  web?.remove();
});

describe("PDF proof preview", () => {
  it.each(["owner", "admin"] as const)(
    "%s: the PDF may be framed by this origin, nothing more",
    async (who) => {
      const response = await file(pdfProof, who === "owner" ? owner.cookie : admin.cookie);
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("application/pdf");
      const directives = csp(response);
      // Framed by this origin only; everything else as strict as for any private file.
      expect(directives.get("frame-ancestors")).toEqual(["'self'"]);
      expect(response.headers["x-frame-options"]).toBe("SAMEORIGIN");
      expect(directives.has("sandbox")).toBe(true);
      expect(directives.get("default-src")).toEqual(["'none'"]);
      expect([...directives.keys()].sort()).toEqual(
        ["default-src", "frame-ancestors", "img-src", "sandbox", "style-src"].sort(),
      );
      // Still a private, inline, unsniffed file.
      expect(response.headers["content-disposition"]).toMatch(/^inline; filename="[^"]+\.pdf"/);
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(response.headers["cache-control"]).toBe("private, no-store");
      expect(response.headers["cross-origin-resource-policy"]).toBe("same-origin");
    },
  );

  it("an image proof stays sandboxed and cannot be framed at all", async () => {
    const response = await file(pngProof, admin.cookie);
    expect(response.statusCode).toBe(200);
    const directives = csp(response);
    expect(directives.has("sandbox")).toBe(true);
    expect(directives.get("default-src")).toEqual(["'none'"]);
    expect(directives.get("frame-ancestors")).toEqual(["'none'"]);
    expect(directives.has("object-src")).toBe(false);
    expect(response.headers["x-frame-options"]).toBe("DENY");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["cache-control"]).toBe("private, no-store");
  });

  it("visitor 401, another user 404: the file is the owner's and the administrators'", async () => {
    for (const id of [pdfProof, pngProof]) {
      const visitor = await file(id);
      expect(visitor.statusCode).toBe(401);
      expect(visitor.headers["content-type"]).toMatch(/^application\/json/);
      const stranger = await file(id, other.cookie);
      expect(stranger.statusCode).toBe(404);
      expect(stranger.body).not.toContain("%PDF");
    }
  });

  it.each(["/", "/admin", "/perfil/pagos", "/api/health"])(
    "%s keeps the strict page CSP (no objects, never framed, frames from this origin only)",
    async (url) => {
      const response = await t.app.inject({ method: "GET", url, headers: { cookie: admin.cookie } });
      const directives = csp(response);
      expect(directives.get("object-src")).toEqual(["'none'"]);
      expect(directives.get("frame-ancestors")).toEqual(["'none'"]);
      expect(directives.get("frame-src")).toEqual(["'self'"]);
      expect(directives.get("default-src")).toEqual(["'self'"]);
      // Same-origin files and the pages' one inline script, by its hash: nothing else inline.
      expect(directives.get("script-src")).toEqual(["'self'", FORM_KEY_SCRIPT_SOURCE]);
    },
  );
});
