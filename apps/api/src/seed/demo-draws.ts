// Draw v2 in the demo (issue 15): one raffle frozen and drawn with a real League of Entropy quicknet
// beacon, so its record verifies against the real chain without network, and one frozen raffle awaiting
// a future quicknet round. Both go through the app's own freeze and draw code.
import { QUICKNET, roundTime } from "@rifazo/shared/domain/drand";
import type { Tx } from "../db/client";
import { freezeRaffleWith } from "../modules/draws/freeze";
import { type DrawContext, performDrawIn } from "../modules/draws/record-service";
import type { PlannedRaffle } from "./demo-plan";

/** quicknet round 657413, as recorded in ../shared/drand/quicknet.json (published 2023-09-15T11:00:03Z). */
export const QUICKNET_DEMO_BEACON = {
  round: 657413,
  signature:
    "b713718a38ae728dfd477991af2822e08d2f305e47718cef9f7848ce4050e7be41076862b98fad56e91a6b85b89cd97b",
  randomness: "fc1873a13f3545aeade8401532ef5519920652eee6b0d2b19ca12643b87b3587",
} as const;

/**
 * The demo's round delay, whatever DRAW_ROUND_DELAY_MINUTES says: the drawn raffle's round (657413) is
 * fixed, so its rules (published at its close) must carry this delay too (demo.ts closes it with it).
 */
export const DEMO_ROUND_DELAY_MINUTES = 2;
const DELAY_MINUTES = DEMO_ROUND_DELAY_MINUTES;

/**
 * Freeze time of the drawn demo raffle: one second before roundTime(657413) − 2 minutes, so 657413 is
 * the first quicknet round at or after the freeze plus the delay.
 */
export const DEMO_V2_FROZEN_AT = new Date(
  (roundTime(QUICKNET.info, QUICKNET_DEMO_BEACON.round) - DELAY_MINUTES * 60 - 1) * 1000,
);

export async function seedV2Draws(
  ctx: DrawContext,
  tx: Tx,
  raffles: PlannedRaffle[],
  now: Date,
): Promise<void> {
  for (const raffle of raffles) {
    if (raffle.def.drawV2 === "drawn") {
      await freezeRaffleWith(ctx, tx, raffle.id, DEMO_V2_FROZEN_AT, {
        chain: QUICKNET.info,
        delayMinutes: DELAY_MINUTES,
      });
      // Drawn a few seconds after the round came out, as the job would; the demo announces nothing.
      const drawnAt = new Date((roundTime(QUICKNET.info, QUICKNET_DEMO_BEACON.round) + 7) * 1000);
      await performDrawIn(ctx, tx, raffle.id, QUICKNET_DEMO_BEACON, "relay", {
        now: drawnAt,
        announce: false,
      });
    } else if (raffle.def.drawV2 === "frozen") {
      await freezeRaffleWith(ctx, tx, raffle.id, now, { chain: QUICKNET.info, delayMinutes: DELAY_MINUTES });
    }
  }
}
