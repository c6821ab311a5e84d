import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createDrawTranscript, generateSeed } from "@rifazo/shared";
import { afterAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../../../../..");
const dir = mkdtempSync(path.join(tmpdir(), "rifazo-verify-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(file: string) {
  return spawnSync(
    process.execPath,
    [path.join(root, "node_modules/tsx/dist/cli.mjs"), "scripts/verify-draw.ts", file],
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
});
