import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { createDrawTranscript } from "../../packages/shared/src/domain/draw-engine";

// The CLI as a user runs it (tsx, a child process): v1 transcripts and v2 records, from files and URLs.
const root = path.resolve(import.meta.dirname, "../..");
const dir = mkdtempSync(path.join(tmpdir(), "rifazo-verify-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const exec = promisify(execFile);

async function run(...args: string[]): Promise<{ code: number; stdout: string }> {
  try {
    const { stdout } = await exec(
      process.execPath,
      [path.join(root, "node_modules/tsx/dist/cli.mjs"), "scripts/verify-draw.ts", ...args],
      {
        cwd: root,
        encoding: "utf8",
      },
    );
    return { code: 0, stdout };
  } catch (error) {
    const e = error as { code: number; stdout: string };
    return { code: e.code, stdout: e.stdout };
  }
}

const example = JSON.parse(readFileSync(path.join(root, "docs/draw-protocol/example-record.json"), "utf8"));
const write = (name: string, value: unknown) => {
  const file = path.join(dir, name);
  writeFileSync(file, JSON.stringify(value));
  return file;
};

async function transcript() {
  return createDrawTranscript({
    seedHex: "5a".repeat(32),
    raffleId: "3f0c6b2e-9a41-4c1e-8d2a-5b7e9f1a2c3d",
    ticketNumbers: [4, 8, 15, 16, 23, 42],
    publicValue: "",
    prizeLevels: [{ level: 1, count: 2, description: "Moto" }],
    drawnAt: new Date("2026-11-20T18:00:00Z"),
  });
}

describe("npm run verify-draw", () => {
  it("verifica el acta v2 de ejemplo (quicknet) y rechaza una con un boleto cambiado, nombrando la entrada", async () => {
    const ok = await run(write("acta.json", example));
    expect(ok.code, ok.stdout).toBe(0);
    expect(ok.stdout).toContain("✔ VERIFICADO");
    expect(ok.stdout).toContain("✔ Firma BLS del beacon");
    expect(ok.stdout).toContain("boleto 0013");
    expect(ok.stdout).not.toContain("⚠");

    const tampered = structuredClone(example);
    tampered.entries[2].data.tickets[0].number = 3;
    const bad = await run(write("alterada.json", tampered));
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain("✘ NO COINCIDE");
    expect(bad.stdout).toContain("✘ Entrada 2 (Lista congelada): cadena de huellas");
  });

  it("sigue verificando transcripciones v1", async () => {
    const t = await transcript();
    expect((await run(write("v1.json", t))).code).toBe(0);
    const bad = await run(write("v1-mala.json", { ...t, ticketNumbers: [4, 8, 15, 16, 23, 43] }));
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain("✘ Huella de la lista de boletos");
  });

  it("desde la URL de la rifa: el acta, o la transcripción v1 si la rifa no tiene acta", async () => {
    const t = await transcript();
    const v2Id = example.raffleId as string;
    const server = http.createServer((req, res) => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      if (req.url === `/api/raffles/${v2Id}/record`) return send(200, example);
      if (req.url === `/api/draws/${t.raffleId}/transcript`) return send(200, t);
      if (req.url === "/api/draws") {
        return send(200, [
          { raffleId: v2Id, title: "Ejemplo v2", recordUrl: `/api/raffles/${v2Id}/record` },
          { raffleId: t.raffleId, title: "Ejemplo v1", recordUrl: null },
        ]);
      }
      return send(404, { error: "no encontrado" });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const v2 = await run(`${origin}/rifas/${v2Id}`);
      expect(v2.code, v2.stdout).toBe(0);
      expect(v2.stdout).toContain("acta v2");
      const v1 = await run(`${origin}/sorteo/${t.raffleId}`);
      expect(v1.code, v1.stdout).toBe(0);
      expect(v1.stdout).toContain("sorteo v1");
      const all = await run("--all", origin);
      expect(all.code, all.stdout).toBe(0);
      expect(all.stdout).toContain("2 sorteo(s) revisado(s).");
    } finally {
      server.close();
    }
  });
});
