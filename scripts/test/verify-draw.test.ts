import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { bls12_381 } from "@noble/curves/bls12-381.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { afterAll, describe, expect, it } from "vitest";
import {
  DRAND_DST,
  drandRoundMessage,
  firstRoundAtOrAfterMs,
  roundTime,
} from "../../packages/shared/src/domain/drand";
import { bytesToHex, createDrawTranscript, hexToBytes } from "../../packages/shared/src/domain/draw-engine";
import { drawV2 } from "../../packages/shared/src/domain/draw-engine-v2";
import { buildRecord, type DrawRecord } from "../../packages/shared/src/domain/draw-record";

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
  it("verifica el acta v3 de ejemplo (quicknet) y rechaza una con un boleto cambiado, nombrando la entrada", async () => {
    const ok = await run(write("acta.json", example));
    expect(ok.code, ok.stdout).toBe(0);
    expect(ok.stdout).toContain("✔ VERIFICADO");
    expect(ok.stdout).toContain("acta v3");
    expect(ok.stdout).toContain("✔ Firma BLS del beacon");
    expect(ok.stdout).toContain("✔ Ronda fijada en el futuro (último beacon que tenía el servidor)");
    expect(ok.stdout).toContain("✔ Reemplazo sorteado con la ronda de la descalificación (entrada 7)");
    expect(ok.stdout).toContain("⚑ Descalificado el boleto 90 (nivel 1 #1)");
    expect(ok.stdout).toContain("ronda 657413 de drand → reemplazo: boleto 71");
    expect(ok.stdout).toContain("Nivel 1 #2: boleto 71");
    expect(ok.stdout).not.toContain("⚠");

    const tampered = structuredClone(example);
    tampered.entries[2].data.tickets[0].number = 3;
    const bad = await run(write("alterada.json", tampered));
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain("✘ NO COINCIDE");
    expect(bad.stdout).toContain("✘ Entrada 2 (Lista congelada): cadena de huellas");
  });

  it("dice claramente cuando el sorteo usó una cadena que no es de la League of Entropy, y lo que falta", async () => {
    // The example's list and rules, decided by a chain of our own (as tests and demo data do).
    const s = bls12_381.shortSignatures;
    const secretKey = bls12_381.utils.randomSecretKey();
    const chain = {
      public_key: bytesToHex(s.getPublicKey(secretKey).toBytes()),
      period: 3,
      genesis_time: 1_690_000_000,
      hash: "ef".repeat(32),
      schemeID: "bls-unchained-g1-rfc9380",
    };
    const [rules, closed, frozen] = example.entries as DrawRecord["entries"];
    if (frozen?.type !== "frozen" || rules?.type !== "rules_published" || !closed)
      throw new Error("acta de ejemplo inesperada");
    const round = firstRoundAtOrAfterMs(chain, Date.parse(frozen.at) + 2 * 60_000);
    const roundAt = new Date(roundTime(chain, round) * 1000).toISOString();
    const signature = bytesToHex(s.sign(s.hash(drandRoundMessage(round), DRAND_DST), secretKey).toBytes());
    const randomness = bytesToHex(sha256(hexToBytes(signature)));
    const tags = new Map(frozen.data.tickets.map((t) => [t.number, t.tag]));
    const draw = await drawV2({
      raffleId: example.raffleId,
      listHash: frozen.data.listHash,
      randomness,
      ticketNumbers: [...tags.keys()],
      prizeLevels: rules.data.prizeLevels,
    });
    const events = [
      { type: rules.type, at: rules.at, data: rules.data },
      { type: closed.type, at: closed.at, data: closed.data },
      { type: frozen.type, at: frozen.at, data: frozen.data },
      {
        type: "round_named" as const,
        at: frozen.at,
        data: { chain, round, roundTime: roundAt, delayMinutes: 2 },
      },
      {
        type: "beacon" as const,
        at: roundAt,
        data: { round, signature, randomness, source: "admin" as const },
      },
      {
        type: "winners" as const,
        at: roundAt,
        data: {
          algorithm: "rifazo-draw-v2" as const,
          winners: draw.picks.map((w) => ({ ...w, tag: tags.get(w.ticketNumber) as string })),
        },
      },
    ];
    const drawn = await run(write("otra-cadena.json", await buildRecord(example.raffleId, events)));
    expect(drawn.code, drawn.stdout).toBe(0);
    expect(drawn.stdout).toContain(
      `⚠ Este sorteo usó una cadena que no es de la League of Entropy: ${chain.hash}`,
    );

    const waiting = await run(
      write("esperando.json", await buildRecord(example.raffleId, events.slice(0, 4))),
    );
    expect(waiting.code, waiting.stdout).toBe(0);
    expect(waiting.stdout).toContain("esperando la ronda de drand");
    expect(waiting.stdout).toContain(`… Pendiente: Falta el beacon de la ronda ${round}`);
  });

  it("recalcula el reemplazo v3: uno elegido a mano no verifica aunque se recalculen las huellas", async () => {
    const entries = (example as DrawRecord).entries;
    const replacement = entries[7];
    if (replacement?.type !== "replacement" || !replacement.data.replacement)
      throw new Error("acta inesperada");
    // The organiser's pick (another ticket of the pool), with every hash recomputed.
    const chosen = {
      ...replacement.data.replacement,
      ticketNumber: 13,
      tag: "a70755935487a8c203f5fd01525cdbd5",
    };
    const forged = await buildRecord(
      example.raffleId,
      entries.map((e) => ({
        type: e.type,
        at: e.at,
        data: e.type === "replacement" ? { ...e.data, replacement: chosen } : e.data,
      })),
      "rifazo-record-3",
    );
    const bad = await run(write("reemplazo-elegido.json", forged));
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain("✘ Reemplazo sorteado con la ronda de la descalificación (entrada 7)");
  });

  it("--earlier: una copia anterior debe ser un prefijo del acta; una reescrita se detecta", async () => {
    const entries = (example as DrawRecord).entries;
    const copy = write("copia.json", { ...example, entries: entries.slice(0, 4) });
    const ok = await run(write("acta.json", example), "--earlier", copy);
    expect(ok.code, ok.stdout).toBe(0);
    expect(ok.stdout).toContain("✔ Coincide con la copia anterior (4 entradas sin cambios)");

    // The record rebuilt from its start with another close time, up to the winners (hashes consistent,
    // so it verifies by itself).
    const rewritten = await buildRecord(
      example.raffleId,
      entries.slice(0, 6).map((e) => ({
        type: e.type,
        at: e.type === "closed" ? "2023-08-23T15:00:00.001Z" : e.at,
        data: e.data,
      })),
      "rifazo-record-3",
    );
    const alone = await run(write("reescrita.json", rewritten));
    expect(alone.code, alone.stdout).toBe(0);
    const caught = await run(write("reescrita.json", rewritten), "--earlier", copy);
    expect(caught.code).toBe(1);
    expect(caught.stdout).toContain(
      "✘ Coincide con la copia anterior: la entrada 1 cambió desde la copia anterior",
    );
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
      expect(v2.stdout).toContain("acta v3");
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
