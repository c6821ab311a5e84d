import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createDrawTranscript, generateSeed } from "@rifazo/shared";
import { formatCheckpoint } from "@rifazo/shared/domain/draw-checkpoint";
import {
  buildRecord,
  DISQUALIFICATION_REASONS_V3,
  RECORD_FORMAT_V3,
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
});
