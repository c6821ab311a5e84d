import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  drandRoundMessage,
  firstRoundAtOrAfterMs,
  LOE_MAINNET_CHAIN_HASH,
  QUICKNET,
  roundTime,
  verifyBeacon,
} from "../../packages/shared/src/domain/drand";
import { bytesToHex, hexToBytes } from "../../packages/shared/src/domain/draw-engine";
import {
  canonicalFrozenList,
  drawMessageV2,
  replacementMessageV3,
} from "../../packages/shared/src/domain/draw-engine-v2";
import {
  appendEntry,
  canonicalJson,
  type DrawRecord,
  type PrizeDeliveredData,
  verifyRecord,
} from "../../packages/shared/src/domain/draw-record";
import { assertCash } from "../../packages/shared/src/domain/draw-record/verify-prizes";
import { convertCents, toCents } from "../../packages/shared/src/domain/money";
import { ownerTag, ownerTagMessage } from "../../packages/shared/src/domain/owner-tag";
import { checkCashPayment } from "../../packages/shared/src/domain/prizes";
import { drawRecordV2Schema } from "../../packages/shared/src/schemas/draws";
import { instantExampleValues } from "../instant-example";
import { exampleFileTexts } from "../make-example-record";

// docs/draw-protocol.md quotes values from the example record; this test recomputes each of them from
// the record with the protocol's own steps, so neither the document nor the fixture can drift.
const root = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");
const record = JSON.parse(read("docs/draw-protocol/example-record.json")) as DrawRecord;
const receipts = JSON.parse(read("docs/draw-protocol/example-receipts.json")) as {
  receipts: { purchase: string; receiptSecret: string; numbers: number[] }[];
};
const doc = read("docs/draw-protocol.md");

/** `key = value` lines of the ```worked-example blocks. */
function workedExamples(markdown: string): Map<string, string> {
  const values = new Map<string, string>();
  for (const block of markdown.matchAll(/```worked-example\n([\s\S]*?)```/g)) {
    for (const line of (block[1] as string).split("\n")) {
      if (line.trim() === "") continue;
      const match = /^(\S+) = (.*)$/.exec(line);
      if (!match) throw new Error(`línea inesperada en un ejemplo: ${line}`);
      values.set(match[1] as string, match[2] as string);
    }
  }
  return values;
}

async function recomputed(): Promise<Map<string, string>> {
  const v = new Map<string, string>();
  const entries = record.entries;
  const e1 = entries[1] as DrawRecord["entries"][number];
  v.set("raffleId", record.raffleId);
  v.set("quicknet.publicKey", QUICKNET.info.public_key);
  v.set(
    "entry1.canonicalJson",
    canonicalJson({ seq: e1.seq, type: e1.type, at: e1.at, data: e1.data, prevHash: e1.prevHash }),
  );
  const { entryHash } = await import("../../packages/shared/src/domain/draw-record");
  for (const [i, e] of entries.entries()) v.set(`entry${i}.hash`, await entryHash(e));

  const a = receipts.receipts[0] as (typeof receipts.receipts)[number];
  const message = ownerTagMessage(record.raffleId, 4);
  v.set("ownerTag.receiptSecret", a.receiptSecret);
  v.set("ownerTag.message", bytesToHex(message));
  v.set("ownerTag.hmac", createHmac("sha256", hexToBytes(a.receiptSecret)).update(message).digest("hex"));
  v.set("ownerTag.tag", await ownerTag(a.receiptSecret, record.raffleId, 4));

  const frozen = entries.find((e) => e.type === "frozen") as DrawRecord["entries"][number] & {
    type: "frozen";
  };
  const { sha256Hex } = await import("../../packages/shared/src/domain/draw-engine");
  v.set("list.canonical", canonicalFrozenList(frozen.data.tickets));
  v.set("list.hash", await sha256Hex(canonicalFrozenList(frozen.data.tickets)));

  const frozenMs = Date.parse(frozen.at);
  const round = firstRoundAtOrAfterMs(QUICKNET.info, frozenMs + 2 * 60_000);
  v.set("round.frozenAtMs", String(frozenMs));
  v.set("round.targetMs", String(frozenMs + 2 * 60_000));
  v.set("round.number", String(round));
  v.set("round.time", new Date(roundTime(QUICKNET.info, round) * 1000).toISOString());
  // §7.1: the latest beacon the server held at the freeze, and the gap to the named round.
  const named = entries.find((e) => e.type === "round_named") as DrawRecord["entries"][number] & {
    type: "round_named";
  };
  const latest = named.data.latestBeacon as { round: number; signature: string };
  await verifyBeacon(QUICKNET.info, latest);
  v.set("round.latestBeacon", String(latest.round));
  v.set("round.latestBeaconTime", new Date(roundTime(QUICKNET.info, latest.round) * 1000).toISOString());
  v.set(
    "round.gapMs",
    String((roundTime(QUICKNET.info, round) - roundTime(QUICKNET.info, latest.round)) * 1000),
  );

  const beacon = entries.find((e) => e.type === "beacon") as DrawRecord["entries"][number] & {
    type: "beacon";
  };
  const roundBytes = new Uint8Array(8);
  new DataView(roundBytes.buffer).setBigUint64(0, BigInt(round));
  v.set("drand.roundBytes", bytesToHex(roundBytes));
  v.set("drand.message", bytesToHex(drandRoundMessage(round)));
  v.set("drand.signature", beacon.data.signature);
  v.set("drand.randomness", await verifyBeacon(QUICKNET.info, { round, signature: beacon.data.signature }));

  // §8 by hand (not with drawV2): HMAC, big-endian integer, rejection limit, position in the pool.
  const key = hexToBytes(beacon.data.randomness);
  const pool = frozen.data.tickets.map((t) => t.number);
  const pick = (level: number, index: number) => {
    for (let counter = 0; ; counter++) {
      const msg = drawMessageV2(record.raffleId, frozen.data.listHash, level, index, counter);
      const mac = createHmac("sha256", key).update(msg).digest("hex");
      const x = BigInt(`0x${mac}`);
      const n = BigInt(pool.length);
      if (x >= (1n << 256n) - ((1n << 256n) % n)) continue;
      const position = Number(x % n);
      const prefix = `draw.${level}.${index}`;
      if (counter === 0) v.set(`${prefix}.message`, bytesToHex(msg));
      v.set(`${prefix}.mac`, mac);
      v.set(`${prefix}.n`, String(pool.length));
      v.set(`${prefix}.position`, String(position));
      v.set(`${prefix}.ticket`, String(pool.splice(position, 1)[0]));
      return;
    }
  };
  pick(1, 0);
  pick(2, 0);
  pick(2, 1);

  // §9: the disqualification (entry 6) names round 657413; the replacement (entry 7) is drawn, by hand,
  // from that round's randomness and the disqualification's hash, over the pool left after the winners.
  const disq = entries[6] as DrawRecord["entries"][number] & { type: "disqualification" };
  const disqMs = Date.parse(disq.at);
  v.set("disq.atMs", String(disqMs));
  v.set("disq.claimDueMs", String(Date.parse((entries[5] as { at: string }).at) + 7 * 86_400_000));
  v.set("disq.minRound", String(firstRoundAtOrAfterMs(QUICKNET.info, disqMs + 2 * 60_000)));
  v.set("disq.round", String(disq.data.round));
  v.set("disq.hash", disq.hash);
  const replacement = entries[7] as DrawRecord["entries"][number] & { type: "replacement" };
  const rkey = hexToBytes(
    await verifyBeacon(QUICKNET.info, {
      round: replacement.data.round,
      signature: replacement.data.signature,
    }),
  );
  v.set("replace.randomness", bytesToHex(rkey));
  for (let counter = 0; ; counter++) {
    const msg = replacementMessageV3(record.raffleId, frozen.data.listHash, disq.hash, 1, 1, counter);
    const mac = createHmac("sha256", rkey).update(msg).digest("hex");
    const x = BigInt(`0x${mac}`);
    const n = BigInt(pool.length);
    if (x >= (1n << 256n) - ((1n << 256n) % n)) continue;
    if (counter === 0) v.set("replace.message", bytesToHex(msg));
    v.set("replace.pool", pool.map((t) => String(t).padStart(4, "0")).join(","));
    v.set("replace.mac", mac);
    v.set("replace.n", String(pool.length));
    v.set("replace.position", String(Number(x % n)));
    v.set("replace.ticket", String(pool[Number(x % n)]));
    break;
  }

  // §15.6: the cash delivery of the worked example (not an entry of the example record).
  v.set("prize.proofHash", await sha256Hex("rifazo-ejemplo-comprobante-pago-movil"));
  v.set("prize.requiredCents", String(toCents(convertCents(1000, 36.5, "multiply"))));
  const paid = (amount: number) =>
    checkCashPayment(
      { currency: "USD", amount: 1000 },
      { currency: "VES", amount, rate: 36.5, rateDate: "2026-11-28" },
    );
  v.set("prize.paid36500", paid(36500).ok ? "ok" : "below");
  v.set("prize.paid35500", paid(35500).ok ? "ok" : "below");
  // §16.6: the instant prizes' example, computed by hand in scripts/instant-example.ts.
  for (const [key, value] of await instantExampleValues()) v.set(key, value);
  return v;
}

describe("docs/draw-protocol.md y su acta de ejemplo", () => {
  it("el acta de ejemplo es la que produce scripts/make-example-record.ts", async () => {
    const texts = await exampleFileTexts();
    expect(record).toEqual(JSON.parse(texts["example-record.json"] as string));
    expect(receipts).toEqual(JSON.parse(texts["example-receipts.json"] as string));
  });

  it("el acta de ejemplo verifica (quicknet, sin avisos) y cumple el esquema", async () => {
    const v = await verifyRecord(record);
    expect(v.checks.filter((c) => !c.ok)).toEqual([]);
    expect(v.ok).toBe(true);
    expect(v.warnings).toEqual([]);
    expect(v.round).toBe(1000);
    expect(v.winners.map((w) => w.ticketNumber)).toEqual([71, 66, 39]);
    expect(v.decisions).toMatchObject([{ reason: "unclaimed", round: 657413, status: "replaced" }]);
    expect(drawRecordV2Schema.safeParse(record).success).toBe(true);
  });

  it("cada valor de los ejemplos del documento es el recalculado, y están todos", async () => {
    const quoted = workedExamples(doc);
    const expected = await recomputed();
    for (const [key, value] of quoted) expect(value, key).toBe(expected.get(key));
    for (const key of expected.keys()) {
      if (
        key.endsWith(".message") &&
        !["draw.1.0.message", "ownerTag.message", "drand.message", "replace.message"].includes(key)
      )
        continue;
      expect(quoted.has(key), `falta ${key} en el documento`).toBe(true);
    }
  });

  it("la entrega en efectivo del §15.6 verifica tal como la cita el documento, y con Bs 35.500,00 no", () => {
    const block = [...doc.matchAll(/```json\n([\s\S]*?)```/g)].find((m) => m[1]?.includes('"pago_movil"'));
    const data = JSON.parse(block?.[1] as string) as PrizeDeliveredData;
    const levels = [
      { level: 1, count: 1, description: "USD 1.000", cash: { currency: "USD" as const, amount: "1000.00" } },
    ];
    expect(() => assertCash(levels, data)).not.toThrow();
    const below = {
      ...data,
      cash: { ...(data.cash as NonNullable<PrizeDeliveredData["cash"]>), paidAmount: "35500.00" },
    };
    expect(() => assertCash(levels, below)).toThrow(/Bs\. 35\.500,00/);
    const message = checkCashPayment(
      { currency: "USD", amount: 1000 },
      { currency: "VES", amount: 35500, rate: 36.5, rateDate: "2026-11-28" },
    );
    expect(message.ok).toBe(false);
    expect(doc.replace(/\s+/g, " ")).toContain(`«${(message as { message: string }).message}»`);
  });

  it("el reclamo del boleto descalificado del §15.4 falla con el mensaje que cita el documento", async () => {
    const last = record.entries[record.entries.length - 1] as DrawRecord["entries"][number];
    const claim = await appendEntry(last, "prize_claimed", "2023-09-16T10:00:00.000Z", {
      level: 1,
      index: 1,
      ticketNumber: 90,
    });
    const v = await verifyRecord({ ...record, entries: [...record.entries, claim] });
    const failed = v.checks.filter((c) => !c.ok);
    expect(failed.map((c) => c.name)).toEqual(["Premio 1.º, ganador 2: reclamo (entrada 8)"]);
    const said = String(failed[0]?.expected ?? "").replace(/^Error: /, "");
    expect(doc.replace(/\s+/g, " ")).toContain(`«${said}»`);
  });

  it("todo valor hexadecimal largo del documento es uno recalculado o del acta", async () => {
    const known = new Set<string>([...(await recomputed()).values(), LOE_MAINNET_CHAIN_HASH, "0".repeat(64)]);
    for (const text of [JSON.stringify(record), JSON.stringify(receipts)]) {
      for (const m of text.matchAll(/[0-9a-f]{32,}/g)) known.add(m[0]);
    }
    const tokens = [...doc.matchAll(/[0-9a-f]{32,}/g)].map((m) => m[0]);
    expect(tokens.length).toBeGreaterThan(20);
    for (const token of tokens) {
      expect(known.has(token), `valor hexadecimal no reconocido en el documento: ${token}`).toBe(true);
    }
  });
});
