import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createDrawTranscript, generateSeed } from "@rifazo/shared";
import { QUICKNET, roundTime } from "@rifazo/shared/domain/drand";
import { formatCheckpoint } from "@rifazo/shared/domain/draw-checkpoint";
import {
  appendEntry,
  buildRecord,
  DISQUALIFICATION_REASONS_V3,
  type DrawRecord,
  RECORD_FORMAT_V3,
  type RecordEntry,
  type RecordEntryData,
  type RecordEntryType,
  type RulesPublishedData,
} from "@rifazo/shared/domain/draw-record";
import { afterAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../../../../..");
const dir = mkdtempSync(path.join(tmpdir(), "rifazo-verify-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(file: string, ...extra: string[]) {
  return spawnSync(
    process.execPath,
    [path.join(root, "node_modules/tsx/dist/cli.mjs"), "scripts/verify-draw.ts", file, ...extra],
    {
      cwd: root,
      encoding: "utf8",
    },
  );
}

describe("npm run verify-draw", () => {
  it("confirma un acta íntegra y rechaza una con un boleto cambiado", async () => {
    const transcript = await createDrawTranscript({
      seedHex: await generateSeed(),
      raffleId: "3f0c6b2e-9a41-4c1e-8d2a-5b7e9f1a2c3d",
      ticketNumbers: [4, 8, 15, 16, 23, 42],
      publicValue: "",
      prizeLevels: [{ level: 1, count: 2, description: "Moto" }],
      drawnAt: new Date("2026-11-20T18:00:00Z"),
    });
    const good = path.join(dir, "buena.json");
    writeFileSync(good, JSON.stringify(transcript));
    const ok = run(good);
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stdout).toContain("✔ VERIFICADO");

    const bad = path.join(dir, "alterada.json");
    writeFileSync(bad, JSON.stringify({ ...transcript, ticketNumbers: [4, 8, 15, 16, 23, 43] }));
    const refused = run(bad);
    expect(refused.status).toBe(1);
    expect(refused.stdout).toContain("✘ NO COINCIDE");
  });

  it("--checkpoint: el acta que extiende el punto de control del recibo pasa; una reescrita con otras reglas no", async () => {
    const raffleId = "3f0c6b2e-9a41-4c1e-8d2a-5b7e9f1a2c3d";
    const rules = (price: string): RulesPublishedData => ({
      title: "Moto",
      currency: "USD",
      price,
      totalTickets: 100,
      activationType: "date",
      activationPercentage: null,
      startDate: "2026-11-01T12:00:00.000Z",
      endDate: "2026-11-20T12:00:00.000Z",
      reviewWindowHours: 48,
      maxTicketsPerBuyer: null,
      prizeLevels: [{ level: 1, count: 1, description: "Moto" }],
      announcement: { type: "internal", roundDelayMinutes: 2 },
      claimPeriodDays: 7,
      disqualificationReasons: DISQUALIFICATION_REASONS_V3.map((r) => ({ ...r })),
      replacementDelayMinutes: 2,
    });
    const at = "2026-11-01T12:00:00.000Z";
    const sold = await buildRecord(
      raffleId,
      [{ type: "rules_published", at, data: rules("5.00") }],
      RECORD_FORMAT_V3,
    );
    const head = sold.entries[0]?.hash as string;
    const checkpoint = formatCheckpoint({ raffleId, length: 1, headHash: head, round: 12 });
    const good = path.join(dir, "publicada.json");
    writeFileSync(good, JSON.stringify(sold));
    const ok = run(good, "--checkpoint", checkpoint, "--checkpoint", checkpoint);
    expect(ok.status, ok.stdout + ok.stderr).toBe(0);
    expect(ok.stdout).toContain("El acta publicada extiende los 2 puntos de control presentados.");

    const cheaper = await buildRecord(
      raffleId,
      [{ type: "rules_published", at, data: rules("4.00") }],
      RECORD_FORMAT_V3,
    );
    const bad = path.join(dir, "reescrita.json");
    writeFileSync(bad, JSON.stringify(cheaper));
    const refused = run(bad, "--checkpoint", checkpoint);
    expect(refused.status).toBe(1);
    expect(refused.stdout).toContain("✔ VERIFICADO"); // the rewritten chain is consistent in itself
    expect(refused.stdout).toMatch(
      /✘ El punto de control \(entrada 1, huella .*\) contradice el acta: su entrada 1 tiene la huella/,
    );

    const malformed = run(good, "--checkpoint", "rifazo-cp-1:nada");
    expect(malformed.status).toBe(1);
    expect(malformed.stdout).toContain("Punto de control inválido");
  });

  it("muestra el estado verificado de cada premio y nombra la entrega que no cuadra (decisión 0035)", async () => {
    const example = JSON.parse(
      readFileSync(path.join(root, "docs/draw-protocol/example-record.json"), "utf8"),
    ) as DrawRecord;
    // The example's current level-1 winner is ticket 71 (a replacement drawn 2023-09-15).
    const prize = { level: 1, index: 1, ticketNumber: 71 };
    const extend = async (events: [RecordEntryType, string, RecordEntryData][]) => {
      const entries: RecordEntry[] = [...example.entries];
      for (const [type, at, data] of events)
        entries.push(await appendEntry(entries[entries.length - 1] as RecordEntry, type, at, data as never));
      return { ...example, entries };
    };
    const delivered = (more: object): [RecordEntryType, string, RecordEntryData] => [
      "prize_delivered",
      "2023-09-18T15:00:00.000Z",
      { ...prize, method: "in_person", deliveredOn: "2023-09-18", proofHash: "c0".repeat(32), ...more },
    ];
    const good = path.join(dir, "premio.json");
    writeFileSync(
      good,
      JSON.stringify(
        await extend([
          ["prize_claimed", "2023-09-16T10:00:00.000Z", prize],
          delivered({}),
          ["prize_confirmation", "2023-09-19T10:00:00.000Z", { ...prize, outcome: "received" }],
        ]),
      ),
    );
    const ok = run(good);
    expect(ok.status, ok.stdout + ok.stderr).toBe(0);
    expect(ok.stdout).toContain("✔ Premio 1.º, ganador 2: entrega (entrada 9)");
    expect(ok.stdout).toContain(
      `Nivel 1 #2, boleto 71: Entregado el 18/09/2023 y confirmado por el ganador · En persona · prueba SHA-256 ${"c0".repeat(32)}`,
    );
    expect(ok.stdout).toContain("Nivel 2 #1, boleto 66: Por reclamar");

    const cash = {
      cash: {
        prizeCurrency: "USD",
        prizeValue: "1000.00",
        paidCurrency: "USD",
        paidAmount: "1000.00",
        rate: null,
        rateDate: null,
      },
    };
    const bad = path.join(dir, "premio-con-efectivo.json");
    writeFileSync(
      bad,
      JSON.stringify(await extend([["prize_claimed", "2023-09-16T10:00:00.000Z", prize], delivered(cash)])),
    );
    const refused = run(bad);
    expect(refused.status).toBe(1);
    expect(refused.stdout).toContain("✘ Premio 1.º, ganador 2: entrega (entrada 9)");
    expect(refused.stdout).toContain("sin «cash»: el premio del nivel 1 no es en dinero según las reglas");
    expect(refused.stdout).not.toContain("Premios:");
  });

  it("muestra los premios instantáneos decididos y nombra el sorteo instantáneo que no cuadra (decisión 0035)", async () => {
    // The example of docs/draw-protocol.md §16.6: quicknet round 1000 decides purchases A and B.
    const roundMs = (round: number) => roundTime(QUICKNET.info, round) * 1000;
    const iso = (ms: number) => new Date(ms).toISOString();
    const signatures = {
      42: "95a9f9f5b231b7714de1553105d8ffdf3dcda24cfdb1e689319bccf79a9c8ce430a91b811fbfaf763900bc998b5d686a",
      1000: "b44679b9a59af2ec876b1a6b1ad52ea9b1615fc3982b19576350f93447cb1125e342b73a8dd2bacbe47e4b6b63ed5e39",
    };
    const rules: RulesPublishedData = {
      title: "Rifa con premios instantáneos",
      currency: "USD",
      price: "5.00",
      totalTickets: 50,
      activationType: "date",
      activationPercentage: null,
      startDate: "2023-08-20T14:00:00.000Z",
      endDate: "2023-09-30T15:00:00.000Z",
      reviewWindowHours: 48,
      maxTicketsPerBuyer: null,
      prizeLevels: [{ level: 1, count: 1, description: "Moto" }],
      announcement: { type: "internal", roundDelayMinutes: 2 },
      claimPeriodDays: 7,
      disqualificationReasons: DISQUALIFICATION_REASONS_V3.map((r) => ({ ...r })),
      replacementDelayMinutes: 2,
      instantPrizes: [
        { description: "USD 20 en efectivo", count: 2, cash: { currency: "USD", amount: "20.00" } },
        { description: "Camiseta de la rifa", count: 3 },
      ],
    };
    const final = (at: number, tickets: number[]) => ({
      type: "instant_final" as const,
      at: iso(at),
      data: {
        tickets,
        chain: { ...QUICKNET.info, metadata: { beaconID: "quicknet" } },
        round: 1000,
        roundTime: iso(roundMs(1000)),
        latestBeacon: { round: 42, signature: signatures[42] },
      },
    });
    const draw = (prizesLeft: number) => ({
      type: "instant_draw" as const,
      at: iso(roundMs(1000) + 1_512),
      data: {
        algorithm: "rifazo-instant-1" as const,
        round: 1000,
        signature: signatures[1000],
        randomness: "fe290beca10872ef2fb164d2aa4442de4566183ec51c56ff3cd603d930e54fdd",
        source: "relay" as const,
        decided: [
          { final: 1, wins: [{ ticketNumber: 7, index: 0, description: "USD 20 en efectivo" }] },
          { final: 2, wins: [{ ticketNumber: 15, index: 1, description: "USD 20 en efectivo" }] },
        ],
        prizesLeft,
        undecided: 45,
      },
    });
    const record = (prizesLeft: number) =>
      buildRecord(
        "7c9e6679-7425-40de-944b-e07fc1f90ae7",
        [
          { type: "rules_published", at: "2023-08-20T14:00:00.000Z", data: rules },
          final(roundMs(1000) - 62_500, [7, 12]),
          final(roundMs(1000) - 61_000, [14, 15, 16]),
          draw(prizesLeft),
          {
            type: "prize_claimed",
            at: "2023-08-25T10:00:00.000Z",
            data: { level: 0, index: 0, ticketNumber: 7 },
          },
        ],
        RECORD_FORMAT_V3,
      );
    const good = path.join(dir, "instantaneos.json");
    writeFileSync(good, JSON.stringify(await record(3)));
    const ok = run(good);
    expect(ok.status, ok.stdout + ok.stderr).toBe(0);
    expect(ok.stdout).toContain("✔ Premios instantáneos: ganadores y premios restantes (entrada 3)");
    expect(ok.stdout).toContain("Premios instantáneos: 2 de 5 premios ganados; 3 quedan por ganar.");
    expect(ok.stdout).toContain(
      "Boleto 07: USD 20 en efectivo (premio instantáneo 1, decidido en la entrada 3)",
    );
    expect(ok.stdout).toContain(
      "Boleto 15: USD 20 en efectivo (premio instantáneo 2, decidido en la entrada 3)",
    );
    expect(ok.stdout).toContain("Premio instantáneo 1, boleto 07: Reclamado");

    const bad = path.join(dir, "instantaneos-alterada.json");
    writeFileSync(bad, JSON.stringify(await record(4)));
    const refused = run(bad);
    expect(refused.status).toBe(1);
    expect(refused.stdout).toContain("✘ Premios instantáneos: ganadores y premios restantes (entrada 3)");
    expect(refused.stdout).not.toContain("Premios instantáneos: 2 de 5");
  });
});
