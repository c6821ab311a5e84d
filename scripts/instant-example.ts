// The worked example of docs/draw-protocol.md §16.6 (instant prizes, "rifazo-instant-1"), computed by hand
// with node:crypto from the protocol's words (not with decideInstantBatch), then checked against the
// reference implementation. scripts/test/draw-protocol.test.ts compares every `instant.*` value quoted in
// the document with these.
//
//   npx tsx scripts/instant-example.ts          prints the values
import { createHash, createHmac } from "node:crypto";
import { pathToFileURL } from "node:url";
import { firstRoundAtOrAfterMs, QUICKNET, roundTime } from "../packages/shared/src/domain/drand";
import { decideInstantBatch, instantSlots } from "../packages/shared/src/domain/instant-draw";

const SEPARATOR = "\u001f";
const roundMs = (round: number) => roundTime(QUICKNET.info, round) * 1000;

/** The example raffle: 50 tickets, five instant prizes, two purchases made final before round 1000. */
export const INSTANT_EXAMPLE = {
  raffleId: "7c9e6679-7425-40de-944b-e07fc1f90ae7",
  totalTickets: 50,
  instantPrizes: [
    { description: "USD 20 en efectivo", count: 2, cash: { currency: "USD" as const, amount: "20.00" } },
    { description: "Camiseta de la rifa", count: 3 },
  ],
  /** quicknet round 1000 (../shared/drand/quicknet.json), and round 42, the latest beacon the server held. */
  round: 1000,
  signature:
    "b44679b9a59af2ec876b1a6b1ad52ea9b1615fc3982b19576350f93447cb1125e342b73a8dd2bacbe47e4b6b63ed5e39",
  latestBeaconRound: 42,
  /** The instant_final entries (seq 1 and 2, after the rules at seq 0). */
  purchases: [
    { seq: 1, at: new Date(roundMs(1000) - 62_500).toISOString(), tickets: [7, 12] },
    { seq: 2, at: new Date(roundMs(1000) - 61_000).toISOString(), tickets: [14, 15, 16] },
  ],
};

const TWO_POW_256 = 1n << 256n;
const pad = (n: number) => String(n).padStart(4, "0");

export async function instantExampleValues(): Promise<Map<string, string>> {
  const ex = INSTANT_EXAMPLE;
  const v = new Map<string, string>();
  const chain = QUICKNET.info;
  // §16.2: the round each final names.
  const first = ex.purchases[0] as (typeof ex.purchases)[number];
  const afterLatest = firstRoundAtOrAfterMs(chain, roundMs(ex.latestBeaconRound) + 60_000);
  v.set("instant.final1.at", first.at);
  v.set("instant.final1.targetMs", String(Date.parse(first.at) + 60_000));
  v.set("instant.final1.afterEntry", String(firstRoundAtOrAfterMs(chain, Date.parse(first.at) + 60_000)));
  v.set("instant.final1.afterLatest", String(afterLatest));
  v.set("instant.roundTime", new Date(roundMs(ex.round)).toISOString());
  // §16.4 by hand: HMAC-SHA256(randomness, "rifazo-instant-1" ␟ R ␟ seq ␟ ticket ␟ counter).
  const key = createHash("sha256").update(Buffer.from(ex.signature, "hex")).digest();
  v.set("instant.randomness", key.toString("hex"));
  const total = ex.instantPrizes.reduce((sum, k) => sum + k.count, 0);
  let prizesLeft = total;
  let undecided = ex.totalTickets;
  const slots = instantSlots(ex.instantPrizes);
  for (const p of ex.purchases) {
    const wins: string[] = [];
    for (const ticket of p.tickets) {
      const prefix = `instant.${p.seq}.${ticket}`;
      const n = Math.max(undecided, prizesLeft);
      v.set(`${prefix}.P`, String(prizesLeft));
      v.set(`${prefix}.n`, String(n));
      for (let counter = 0; ; counter++) {
        const message = Buffer.from(
          ["rifazo-instant-1", ex.raffleId, p.seq, ticket, counter].join(SEPARATOR),
          "utf8",
        );
        const mac = createHmac("sha256", key).update(message).digest("hex");
        const x = BigInt(`0x${mac}`);
        if (x >= TWO_POW_256 - (TWO_POW_256 % BigInt(n))) continue;
        if (counter === 0) v.set(`${prefix}.message`, message.toString("hex"));
        v.set(`${prefix}.mac`, mac);
        v.set(`${prefix}.x`, String(x % BigInt(n)));
        const won = x % BigInt(n) < BigInt(prizesLeft);
        v.set(`${prefix}.wins`, won ? "sí" : "no");
        if (won) {
          const slot = total - prizesLeft;
          wins.push(`${pad(ticket)} → ${slot} (${slots[slot]?.description})`);
          prizesLeft -= 1;
        }
        break;
      }
      undecided -= 1;
    }
    v.set(`instant.${p.seq}.wins`, wins.join("; ") || "ninguno");
  }
  v.set("instant.prizesLeft", String(prizesLeft));
  v.set("instant.undecided", String(undecided));

  // The reference implementation must agree with the hand computation.
  const batch = await decideInstantBatch(
    ex.raffleId,
    key.toString("hex"),
    ex.purchases.map((p) => ({ seq: p.seq, tickets: p.tickets })),
    { prizesLeft: total, undecided: ex.totalTickets },
  );
  if (batch.budget.prizesLeft !== prizesLeft || batch.budget.undecided !== undecided) {
    throw new Error("decideInstantBatch no coincide con el cálculo a mano");
  }
  return v;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  for (const [key, value] of await instantExampleValues()) console.log(`${key} = ${value}`);
}
