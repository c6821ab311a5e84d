// Builds docs/draw-protocol/example-record.json: a complete, real v2 record decided by quicknet's round
// 657413 (a recorded beacon in ../shared/drand/quicknet.json), used by docs/draw-protocol.md's worked
// examples and checked by scripts/test/draw-protocol.test.ts.
//
//   npx tsx scripts/make-example-record.ts          rewrites the fixture files
//
// Everything is deterministic (fixed ids, times and receipt secrets), so running it again gives the
// same bytes; the test fails if the committed files drift from this script.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { QUICKNET, roundTime } from "../packages/shared/src/domain/drand";
import { sha256Hex } from "../packages/shared/src/domain/draw-engine";
import { drawV2, frozenListHash, replacementFor } from "../packages/shared/src/domain/draw-engine-v2";
import {
  buildRecord,
  type DrawRecord,
  type RecordEntryData,
  type RecordEntryType,
} from "../packages/shared/src/domain/draw-record";
import { ownerTag } from "../packages/shared/src/domain/owner-tag";

export const EXAMPLE_RAFFLE_ID = "7c9e6679-7425-40de-944b-e07fc1f90ae7";
/** quicknet round 657413, as recorded from the public relays. */
export const EXAMPLE_BEACON = {
  round: 657413,
  signature:
    "b713718a38ae728dfd477991af2822e08d2f305e47718cef9f7848ce4050e7be41076862b98fad56e91a6b85b89cd97b",
  randomness: "fc1873a13f3545aeade8401532ef5519920652eee6b0d2b19ca12643b87b3587",
};
/** Purchases of the example: who bought which numbers (the secret is on each buyer's receipt). */
export const EXAMPLE_PURCHASES = [
  { purchase: "A", numbers: [4, 27, 58] },
  { purchase: "B", numbers: [13, 71] },
  { purchase: "C", numbers: [2, 39, 90] },
  { purchase: "D", numbers: [66] },
];
// 120 s before the freeze + 2 min lands 1.234 s before round 657413 (2023-09-15T11:00:03Z), after 657412.
const FROZEN_AT = "2023-09-15T10:58:01.766Z";

export async function exampleReceiptSecret(purchase: string): Promise<string> {
  return sha256Hex(`rifazo-ejemplo-comprobante-${purchase}`);
}

export interface ExampleFiles {
  record: DrawRecord;
  receipts: { purchase: string; receiptSecret: string; numbers: number[] }[];
}

export async function makeExampleRecord(): Promise<ExampleFiles> {
  const raffleId = EXAMPLE_RAFFLE_ID;
  const receipts = [];
  const tickets = [];
  for (const p of EXAMPLE_PURCHASES) {
    const receiptSecret = await exampleReceiptSecret(p.purchase);
    receipts.push({ purchase: p.purchase, receiptSecret, numbers: p.numbers });
    for (const number of p.numbers)
      tickets.push({ number, tag: await ownerTag(receiptSecret, raffleId, number) });
  }
  tickets.sort((a, b) => a.number - b.number);
  const listHash = await frozenListHash(tickets);
  const prizeLevels = [
    { level: 1, count: 1, description: "Moto Bera SBR 150" },
    { level: 2, count: 2, description: "Teléfono Samsung A15" },
  ];
  const roundDelayMinutes = 2;
  const input = {
    raffleId,
    listHash,
    randomness: EXAMPLE_BEACON.randomness,
    ticketNumbers: tickets.map((t) => t.number),
    prizeLevels,
  };
  const tagOf = (n: number) => tickets.find((t) => t.number === n)?.tag as string;
  const draw = await drawV2(input);
  const first = draw.picks[0] as (typeof draw.picks)[number];
  const replacement = await replacementFor(input, first);
  const beaconAt = "2023-09-15T11:00:04.512Z";
  const events: { type: RecordEntryType; at: string; data: RecordEntryData }[] = [
    {
      type: "rules_published",
      at: "2023-09-01T14:00:00.000Z",
      data: {
        title: "Rifa de ejemplo: Moto Bera SBR 150",
        currency: "USD",
        price: "5.00",
        totalTickets: 100,
        activationType: "date",
        activationPercentage: null,
        startDate: "2023-09-01T14:00:00.000Z",
        endDate: "2023-09-13T22:00:00.000Z",
        reviewWindowHours: 48,
        maxTicketsPerBuyer: null,
        prizeLevels,
        announcement: { type: "internal", roundDelayMinutes },
      },
    },
    {
      type: "closed",
      at: "2023-09-13T22:00:00.000Z",
      data: { reason: "end_date", reviewDeadline: "2023-09-15T22:00:00.000Z" },
    },
    {
      type: "frozen",
      at: FROZEN_AT,
      data: { tickets, ticketCount: tickets.length, listHash, expiredProofs: 0 },
    },
    {
      type: "round_named",
      at: FROZEN_AT,
      data: {
        chain: { ...QUICKNET.info, metadata: { ...QUICKNET.info.metadata } },
        round: EXAMPLE_BEACON.round,
        roundTime: new Date(roundTime(QUICKNET.info, EXAMPLE_BEACON.round) * 1000).toISOString(),
        delayMinutes: roundDelayMinutes,
      },
    },
    { type: "beacon", at: beaconAt, data: { ...EXAMPLE_BEACON, source: "relay" } },
    {
      type: "winners",
      at: beaconAt,
      data: {
        algorithm: "rifazo-draw-v2",
        winners: draw.picks.map((w) => ({ ...w, tag: tagOf(w.ticketNumber) })),
      },
    },
    {
      type: "disqualification",
      at: "2023-09-22T15:30:00.000Z",
      data: {
        level: first.level,
        index: first.index,
        ticketNumber: first.ticketNumber,
        reason: "No respondió dentro del plazo de reclamo publicado (7 días).",
        replacement: replacement
          ? {
              level: replacement.level,
              index: replacement.index,
              ticketNumber: replacement.ticketNumber,
              tag: tagOf(replacement.ticketNumber),
            }
          : null,
      },
    },
  ];
  return { record: await buildRecord(raffleId, events), receipts };
}

export const EXAMPLE_DIR = path.resolve(import.meta.dirname, "../docs/draw-protocol");

/** The bytes of the fixture files (two-space JSON with a final newline). */
export async function exampleFileTexts(): Promise<Record<string, string>> {
  const { record, receipts } = await makeExampleRecord();
  return {
    "example-record.json": `${JSON.stringify(record, null, 2)}\n`,
    "example-receipts.json": `${JSON.stringify({ raffleId: record.raffleId, receipts }, null, 2)}\n`,
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  for (const [name, text] of Object.entries(await exampleFileTexts())) {
    await writeFile(path.join(EXAMPLE_DIR, name), text);
    console.log(`escrito docs/draw-protocol/${name}`);
  }
}
