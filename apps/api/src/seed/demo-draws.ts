// Draw v3 in the demo (decision 0021): one raffle frozen and drawn with real League of Entropy quicknet
// beacons, with a winner disqualified under the blind rules, so its record verifies against the real
// chain without network; and one frozen raffle awaiting a future quicknet round. All of it goes through
// the app's own freeze, draw, disqualification and replacement code.
//
// quicknet.json holds three recorded rounds, so the story is set in 2023: round 42 is the latest beacon
// the server held at the freeze, round 1000 decides the draw, and round 657413 (23 days later) draws
// the replacement of a winner who did not claim the prize within the 7-day claim period.
import { QUICKNET, roundTime, verifyBeacon } from "@rifazo/shared/domain/drand";
import { eq } from "drizzle-orm";
import type { Tx } from "../db/client";
import { users } from "../db/schema";
import {
  type DrawContext,
  disqualifyWinnerIn,
  freezeRaffleWith,
  performDrawIn,
  recordEntries,
  resolveReplacementIn,
  storeBeacon,
} from "../modules/draws";
import type { PlannedRaffle } from "./demo-plan";

/** quicknet rounds recorded in ../shared/drand/quicknet.json. */
export const QUICKNET_DEMO_BEACONS = {
  latest: {
    round: 42,
    signature:
      "95a9f9f5b231b7714de1553105d8ffdf3dcda24cfdb1e689319bccf79a9c8ce430a91b811fbfaf763900bc998b5d686a",
  },
  draw: {
    round: 1000,
    signature:
      "b44679b9a59af2ec876b1a6b1ad52ea9b1615fc3982b19576350f93447cb1125e342b73a8dd2bacbe47e4b6b63ed5e39",
  },
  replacement: {
    round: 657413,
    signature:
      "b713718a38ae728dfd477991af2822e08d2f305e47718cef9f7848ce4050e7be41076862b98fad56e91a6b85b89cd97b",
  },
} as const;
/** The round that decides the demo's drawn raffle (published 2023-08-23T15:59:24Z). */
export const QUICKNET_DEMO_BEACON = QUICKNET_DEMO_BEACONS.draw;

/**
 * The demo's round delay, whatever DRAW_ROUND_DELAY_MINUTES says: the drawn raffle's rounds are fixed,
 * so its rules (published at its close) must carry this delay too (demo.ts closes it with it).
 */
export const DEMO_ROUND_DELAY_MINUTES = 2;
const DELAY_MINUTES = DEMO_ROUND_DELAY_MINUTES;
const roundMs = (round: number) => roundTime(QUICKNET.info, round) * 1000;

/**
 * Freeze time of the drawn demo raffle: 1.234 s before roundTime(1000) − 2 minutes, so 1000 is the first
 * quicknet round at or after the freeze plus the delay (recorded to the millisecond).
 */
export const DEMO_V2_FROZEN_AT = new Date(
  roundMs(QUICKNET_DEMO_BEACONS.draw.round) - DELAY_MINUTES * 60_000 - 1_234,
);
/** The disqualification: 2 minutes and 1.5 s before round 657413, so that is the round it names. */
export const DEMO_DISQUALIFIED_AT = new Date(
  roundMs(QUICKNET_DEMO_BEACONS.replacement.round) - DELAY_MINUTES * 60_000 - 1_500,
);

export async function seedV2Draws(
  ctx: DrawContext,
  tx: Tx,
  raffles: PlannedRaffle[],
  now: Date,
): Promise<void> {
  // The beacons the server "held" (each verified, as the draw job keeps them).
  for (const beacon of Object.values(QUICKNET_DEMO_BEACONS)) {
    await verifyBeacon(QUICKNET.info, beacon);
    await storeBeacon(tx, QUICKNET.info.hash, beacon, new Date(roundMs(beacon.round) + 2_000));
  }
  for (const raffle of raffles) {
    if (raffle.def.drawV2 === "drawn") {
      await freezeRaffleWith(ctx, tx, raffle.id, DEMO_V2_FROZEN_AT, {
        chain: QUICKNET.info,
        delayMinutes: DELAY_MINUTES,
      });
      // Drawn a few seconds after the round came out, as the job would; the demo announces nothing.
      const drawnAt = new Date(roundMs(QUICKNET_DEMO_BEACONS.draw.round) + 7_000);
      await performDrawIn(ctx, tx, raffle.id, QUICKNET_DEMO_BEACONS.draw, "relay", {
        now: drawnAt,
        announce: false,
      });
      // The first prize was not claimed within the 7-day claim period: disqualified blind, its
      // replacement drawn by round 657413 once it came out.
      // The demo's administrator decides it (no one when the demo has no administrator).
      const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.role, "admin")).limit(1);
      const { pendingRound } = await disqualifyWinnerIn(
        ctx,
        tx,
        { id: admin?.id ?? null, ip: null },
        raffle.id,
        { level: 1, index: 0, reason: "unclaimed" },
        DEMO_DISQUALIFIED_AT,
      );
      if (pendingRound?.round !== QUICKNET_DEMO_BEACONS.replacement.round) {
        throw new Error(`la demo esperaba la ronda ${QUICKNET_DEMO_BEACONS.replacement.round}`);
      }
      const entries = await recordEntries(tx, raffle.id);
      const seq = entries.findLast((e) => e.type === "disqualification")?.seq as number;
      await resolveReplacementIn(
        ctx,
        tx,
        raffle.id,
        seq,
        QUICKNET_DEMO_BEACONS.replacement,
        "relay",
        new Date(roundMs(QUICKNET_DEMO_BEACONS.replacement.round) + 7_000),
        { announce: false },
      );
    } else if (raffle.def.drawV2 === "frozen") {
      await freezeRaffleWith(ctx, tx, raffle.id, now, { chain: QUICKNET.info, delayMinutes: DELAY_MINUTES });
    }
  }
}
