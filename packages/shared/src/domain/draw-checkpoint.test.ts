import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type DrandChainInfo, roundTime } from "./drand";
import {
  CheckpointFormatError,
  checkCheckpoint,
  checkpointsSummary,
  checkpointText,
  formatCheckpoint,
  parseCheckpoint,
  type RecordCheckpoint,
} from "./draw-checkpoint";
import { buildRecord, type DrawRecord, RECORD_FORMAT_V3, type RulesPublishedData } from "./draw-record";

const raffleId = "0b6a7a5e-3c1d-4f7e-9a2b-1c2d3e4f5a6b";
// Only its period and genesis matter here (round times); no signature is verified by checkCheckpoint.
const chain: DrandChainInfo = {
  public_key: "ab".repeat(96),
  period: 3,
  genesis_time: 1_760_000_000,
  hash: "cd".repeat(32),
  schemeID: "bls-unchained-g1-rfc9380",
};
const roundAt = (round: number) => new Date(roundTime(chain, round) * 1000).toISOString();

const rules = (price = "2.50"): RulesPublishedData => ({
  title: "Rifa de prueba",
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
});

/** The record as sold, closed at `closedAt`, frozen at `frozenAt` citing `latest` as its last beacon. */
async function record(opts: { price?: string; frozenAt: string; latest: number; closedAt?: string }) {
  const closedAt = opts.closedAt ?? "2026-11-20T12:00:00.000Z";
  return buildRecord(
    raffleId,
    [
      { type: "rules_published", at: "2026-11-01T12:00:00.000Z", data: rules(opts.price) },
      { type: "closed", at: closedAt, data: { reason: "end_date", reviewDeadline: closedAt } },
      {
        type: "frozen",
        at: opts.frozenAt,
        data: { tickets: [], ticketCount: 0, listHash: "00".repeat(32), expiredProofs: 0 },
      },
      {
        type: "round_named",
        at: opts.frozenAt,
        data: {
          chain,
          round: opts.latest + 100,
          roundTime: roundAt(opts.latest + 100),
          delayMinutes: 2,
          latestBeacon: { round: opts.latest, signature: "ef".repeat(48) },
        },
      },
    ],
    RECORD_FORMAT_V3,
  );
}

const cp = (r: DrawRecord, length: number, round: number | null): RecordCheckpoint => ({
  raffleId: r.raffleId,
  length,
  headHash: (r.entries[length - 1] as { hash: string }).hash,
  round,
});

// A round published on 2026-11-21 (after the close at 11-20, before the honest freeze on 11-22).
const approvalRound =
  Math.floor((Date.parse("2026-11-21T10:00:00.000Z") / 1000 - chain.genesis_time) / 3) + 1;
const honestFreeze = "2026-11-22T15:04:05.678Z";

describe("checkpoint string", () => {
  it("round-trips and reads in plain Spanish", () => {
    const c = { raffleId, length: 3, headHash: "a1".repeat(32), round: 123 };
    const text = formatCheckpoint(c);
    expect(text).toBe(`rifazo-cp-1:${raffleId}:3:${"a1".repeat(32)}:123`);
    expect(parseCheckpoint(`  ${text.toUpperCase()} `)).toEqual(c);
    expect(parseCheckpoint(formatCheckpoint({ ...c, round: null })).round).toBeNull();
    expect(checkpointText(c)).toBe(
      "Punto de control del acta: entrada 3, huella a1a1a1a1a1a1…; ronda drand 123",
    );
  });

  it.each([
    "",
    "rifazo-cp-2:x",
    `rifazo-cp-1:no-uuid:3:${"a1".repeat(32)}:1`,
    `rifazo-cp-1:${raffleId}:0:${"a1".repeat(32)}:1`,
    `rifazo-cp-1:${raffleId}:3:abc:1`,
    `rifazo-cp-1:${raffleId}:3:${"a1".repeat(32)}:x`,
    `rifazo-cp-1:${raffleId}:3:${"a1".repeat(32)}`,
  ])("refuses %j with a Spanish message", (text) => {
    expect(() => parseCheckpoint(text)).toThrow(CheckpointFormatError);
    expect(() => parseCheckpoint(text)).toThrow(/Punto de control inválido/);
  });
});

describe("checkCheckpoint", () => {
  it("an honest record extends every checkpoint taken before its freeze", async () => {
    const r = await record({ frozenAt: honestFreeze, latest: approvalRound + 50 });
    const results = [
      checkCheckpoint(r, cp(r, 1, approvalRound)),
      checkCheckpoint(r, cp(r, 2, approvalRound)),
    ];
    expect(results.map((x) => x.ok)).toEqual([true, true]);
    expect(checkpointsSummary(results)).toBe(
      "El acta publicada extiende los 2 puntos de control presentados.",
    );
  });

  it("catches a freeze backdated to before the round the server held at the approval", async () => {
    const honest = await record({ frozenAt: honestFreeze, latest: approvalRound + 50 });
    const held = cp(honest, 1, approvalRound);
    // Rewritten consistently (the chain verifies) with an earlier freeze citing an older beacon.
    const rewritten = await record({ frozenAt: "2026-11-20T13:00:00.000Z", latest: approvalRound - 5000 });
    expect(rewritten.entries[0]?.hash).toBe(held.headHash); // same rules: the prefix still matches
    const result = checkCheckpoint(rewritten, held);
    expect(result.ok).toBe(false);
    expect(result.text).toMatch(/ya tenía la ronda .* la congelación se fechó hacia atrás/);
    // Even citing a recent enough beacon, a freeze dated before that round was out is caught.
    const dated = await record({ frozenAt: "2026-11-20T13:00:00.000Z", latest: approvalRound });
    const second = checkCheckpoint(dated, held);
    expect(second.ok).toBe(false);
    expect(second.text).toMatch(/antes de publicarse la ronda/);
  });

  it("catches a freeze moved before an approval", async () => {
    const r = await record({ frozenAt: honestFreeze, latest: approvalRound + 50 });
    const result = checkCheckpoint(r, cp(r, 3, null));
    expect(result.ok).toBe(false);
    expect(result.text).toMatch(/congelada en la entrada 3, antes de un pago aprobado después/);
  });

  it("catches rules rewritten, entries removed and another raffle's checkpoint", async () => {
    const honest = await record({ frozenAt: honestFreeze, latest: approvalRound + 50 });
    const cheaper = await record({ price: "2.00", frozenAt: honestFreeze, latest: approvalRound + 50 });
    const rewritten = checkCheckpoint(cheaper, cp(honest, 2, approvalRound));
    expect(rewritten.ok).toBe(false);
    expect(rewritten.text).toMatch(/su entrada 2 tiene la huella .*; el acta se reescribió/);
    const short = checkCheckpoint({ ...honest, entries: honest.entries.slice(0, 1) }, cp(honest, 2, null));
    expect(short.text).toMatch(/tiene solo 1 entradas/);
    const other = checkCheckpoint(honest, {
      ...cp(honest, 1, null),
      raffleId: "11111111-1111-4111-8111-111111111111",
    });
    expect(other.text).toMatch(/es de otra rifa/);
    expect(checkpointsSummary([checkCheckpoint(honest, cp(honest, 1, null)), rewritten])).toBe(
      rewritten.text,
    );
  });

  it("property: a checkpoint of any prefix holds, and any changed hash is caught", async () => {
    const r = await record({ frozenAt: honestFreeze, latest: approvalRound + 50 });
    const before = 2; // entries before the freeze
    fc.assert(
      fc.property(fc.integer({ min: 1, max: before }), fc.integer({ min: 0, max: 63 }), (length, pos) => {
        const held = cp(r, length, approvalRound);
        expect(checkCheckpoint(r, held).ok).toBe(true);
        const flipped =
          held.headHash.slice(0, pos) +
          (held.headHash[pos] === "0" ? "1" : "0") +
          held.headHash.slice(pos + 1);
        expect(checkCheckpoint(r, { ...held, headHash: flipped }).ok).toBe(false);
        expect(checkCheckpoint(r, { ...held, length: length + 2 }).ok).toBe(false);
      }),
    );
  });
});
