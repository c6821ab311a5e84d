// Builds docs/draw-protocol/example-record.json: a complete, real v3 record (rifazo-record-3) decided by
// quicknet's recorded beacons in ../shared/drand/quicknet.json: round 42 is the latest beacon the server
// held at the freeze, round 1000 decides the draw, and round 657413, named by a disqualification 23 days
// later, draws the replacement. Used by docs/draw-protocol.md's worked examples and checked by
// scripts/test/draw-protocol.test.ts.
//
//   npx tsx scripts/make-example-record.ts          rewrites the fixture files
//
// Everything is deterministic (fixed ids, times and receipt secrets), so running it again gives the
// same bytes; the test fails if the committed files drift from this script.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { QUICKNET, roundTime } from "../packages/shared/src/domain/drand";
import { sha256Hex } from "../packages/shared/src/domain/draw-engine";
import { drawV2, frozenListHash, pickReplacementV3 } from "../packages/shared/src/domain/draw-engine-v2";
import {
  appendEntry,
  DISQUALIFICATION_REASONS_V3,
  type DrawRecord,
  RECORD_FORMAT_V3,
  type RecordEntry,
  type RecordEntryData,
  type RecordEntryType,
} from "../packages/shared/src/domain/draw-record";
import { ownerTag } from "../packages/shared/src/domain/owner-tag";

export const EXAMPLE_RAFFLE_ID = "7c9e6679-7425-40de-944b-e07fc1f90ae7";
/** quicknet beacons, as recorded from the public relays (../shared/drand/quicknet.json). */
export const EXAMPLE_BEACONS = {
  42: {
    round: 42,
    signature:
      "95a9f9f5b231b7714de1553105d8ffdf3dcda24cfdb1e689319bccf79a9c8ce430a91b811fbfaf763900bc998b5d686a",
    randomness: "8ada64bae5c6c0f5540a6a13af56e663240edfbd2c76ac6a8f27671eb7259ce3",
  },
  1000: {
    round: 1000,
    signature:
      "b44679b9a59af2ec876b1a6b1ad52ea9b1615fc3982b19576350f93447cb1125e342b73a8dd2bacbe47e4b6b63ed5e39",
    randomness: "fe290beca10872ef2fb164d2aa4442de4566183ec51c56ff3cd603d930e54fdd",
  },
  657413: {
    round: 657413,
    signature:
      "b713718a38ae728dfd477991af2822e08d2f305e47718cef9f7848ce4050e7be41076862b98fad56e91a6b85b89cd97b",
    randomness: "fc1873a13f3545aeade8401532ef5519920652eee6b0d2b19ca12643b87b3587",
  },
} as const;
/** Purchases of the example: who bought which numbers (the secret is on each buyer's receipt). */
export const EXAMPLE_PURCHASES = [
  { purchase: "A", numbers: [4, 27, 58] },
  { purchase: "B", numbers: [13, 71] },
  { purchase: "C", numbers: [2, 39, 90] },
  { purchase: "D", numbers: [66] },
];
const iso = (ms: number) => new Date(ms).toISOString();
const roundMs = (round: number) => roundTime(QUICKNET.info, round) * 1000;
// Frozen 121.234 s before round 1000 (2023-08-23T15:59:24Z): + 2 min lands after round 999, before 1000.
const FROZEN_AT = iso(roundMs(1000) - 121_234);
const DRAWN_AT = iso(roundMs(1000) + 1_512);
// 23 days later (the 7-day claim period long past): + 2 min lands 1.234 s before round 657413.
const DISQUALIFIED_AT = "2023-09-15T10:58:01.766Z";
const REPLACED_AT = iso(roundMs(657413) + 1_512);

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
  const draw = await drawV2({
    raffleId,
    listHash,
    randomness: EXAMPLE_BEACONS[1000].randomness,
    ticketNumbers: tickets.map((t) => t.number),
    prizeLevels,
  });
  const tagOf = (n: number) => tickets.find((t) => t.number === n)?.tag as string;
  const first = draw.picks[0] as (typeof draw.picks)[number];
  const chain = () => ({ ...QUICKNET.info, metadata: { ...QUICKNET.info.metadata } });
  const events: { type: RecordEntryType; at: string; data: RecordEntryData }[] = [
    {
      type: "rules_published",
      at: "2023-08-20T14:00:00.000Z",
      data: {
        title: "Rifa de ejemplo: Moto Bera SBR 150",
        currency: "USD",
        price: "5.00",
        totalTickets: 100,
        activationType: "date",
        activationPercentage: null,
        startDate: "2023-08-20T14:00:00.000Z",
        endDate: "2023-08-23T15:00:00.000Z",
        reviewWindowHours: 48,
        maxTicketsPerBuyer: null,
        prizeLevels,
        announcement: { type: "internal", roundDelayMinutes },
        claimPeriodDays: 7,
        disqualificationReasons: DISQUALIFICATION_REASONS_V3.map((r) => ({ ...r })),
        replacementDelayMinutes: roundDelayMinutes,
      },
    },
    {
      type: "closed",
      at: "2023-08-23T15:00:00.000Z",
      data: { reason: "end_date", reviewDeadline: "2023-08-25T15:00:00.000Z" },
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
        chain: chain(),
        round: 1000,
        roundTime: iso(roundMs(1000)),
        delayMinutes: roundDelayMinutes,
        latestBeacon: { round: 42, signature: EXAMPLE_BEACONS[42].signature },
      },
    },
    { type: "beacon", at: DRAWN_AT, data: { ...EXAMPLE_BEACONS[1000], source: "relay" } },
    {
      type: "winners",
      at: DRAWN_AT,
      data: {
        algorithm: "rifazo-draw-v2",
        winners: draw.picks.map((w) => ({ ...w, tag: tagOf(w.ticketNumber) })),
      },
    },
    {
      type: "disqualification",
      at: DISQUALIFIED_AT,
      data: {
        level: first.level,
        index: first.index,
        ticketNumber: first.ticketNumber,
        reason: "unclaimed",
        reasonText: DISQUALIFICATION_REASONS_V3[0]?.text as string,
        evidenceHash: null,
        chain: chain(),
        round: 657413,
        roundTime: iso(roundMs(657413)),
        delayMinutes: roundDelayMinutes,
        latestBeacon: { round: 1000, signature: EXAMPLE_BEACONS[1000].signature },
      },
    },
  ];
  const entries: RecordEntry[] = [];
  for (const event of events) {
    entries.push(
      await appendEntry(entries[entries.length - 1] ?? null, event.type, event.at, event.data as never),
    );
  }
  // The replacement: drawn from round 657413 with the disqualification entry's hash, from the pool left
  // after the current winners and the disqualified ticket.
  const disqualification = entries[entries.length - 1] as RecordEntry;
  const taken = new Set(draw.picks.map((w) => w.ticketNumber));
  const ticket = await pickReplacementV3({
    raffleId,
    listHash,
    randomness: EXAMPLE_BEACONS[657413].randomness,
    disqualificationHash: disqualification.hash,
    level: first.level,
    index: 1,
    pool: tickets.map((t) => t.number).filter((n) => !taken.has(n)),
  });
  entries.push(
    await appendEntry(disqualification, "replacement", REPLACED_AT, {
      disqualification: disqualification.seq,
      round: 657413,
      signature: EXAMPLE_BEACONS[657413].signature,
      randomness: EXAMPLE_BEACONS[657413].randomness,
      source: "relay",
      replacement:
        ticket === null ? null : { level: first.level, index: 1, ticketNumber: ticket, tag: tagOf(ticket) },
    }),
  );
  return { record: { format: RECORD_FORMAT_V3, raffleId, entries }, receipts };
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
