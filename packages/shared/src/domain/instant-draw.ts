/**
 * Instant wins nobody can aim ("rifazo-instant-1", docs/decisions/0035-prizes-on-the-record.md, "Instant
 * wins"). The rule is pure and public so that anyone can recompute it from the record.
 *
 * When a purchase becomes final (a proof approved, a vendedor's cash sale recorded) the record names the
 * first drand round published at least a minute later; nobody, Rifazo included, knows that round's
 * randomness then. When the round is out, every purchase waiting on it is decided in the order the record
 * made them final, ticket by ticket in ascending number: with P instant prizes left and U tickets of the
 * raffle not decided yet, the ticket wins when x < P, where x is uniform in [0, U) from
 * HMAC-SHA256(key = the round's randomness, message = "rifazo-instant-1" ␟ raffleId ␟ seq ␟ ticket ␟
 * counter) with the draw's rejection sampling. A win takes one prize (P − 1); every ticket decided takes
 * one from U.
 *
 * So each ticket of the raffle has the same chance, P₀ ⁄ N, whatever order the purchases come in (drawing
 * without replacement), the prizes handed out never exceed the budget (P never goes below 0), and when the
 * raffle sells out every prize has been won. There are no secret winning numbers to sell to friends: the
 * outcome exists only once the round does.
 */
import { acceptSample, bytesToHex, DrawInputError, encodeDrawMessage, hexToBytes } from "./draw-engine";

export const INSTANT_ALGORITHM = "rifazo-instant-1";

/** The prize level instant prizes take in prize entries and winner rows (the draw's levels start at 1). */
export const INSTANT_PRIZE_LEVEL = 0;

/**
 * An instant_final names the first round published at least this long after the entry (and after the
 * latest beacon it cites): by then nobody, Rifazo included, could know that round's randomness.
 */
export const INSTANT_DELAY_MS = 60_000;

/** Most instant prizes one raffle may offer (the sum of counts), and most kinds of them. */
export const MAX_INSTANT_PRIZES = 500;
export const MAX_INSTANT_PRIZE_KINDS = 10;

/** An instant prize kind as sold (RulesInstantPrize in the record's words). */
export interface InstantPrizeKind {
  description: string;
  count: number;
  cash?: { currency: "USD" | "VES"; amount: string } | undefined;
}

/** The slots in the order the wins take them: each kind repeated `count` times, in the organiser's order. */
export function instantSlots(kinds: readonly InstantPrizeKind[] | undefined): InstantPrizeKind[] {
  const slots: InstantPrizeKind[] = [];
  for (const kind of kinds ?? []) {
    for (let i = 0; i < kind.count; i++) slots.push({ ...kind, count: 1 });
  }
  return slots;
}

/** P₀: every instant prize the rules offer. */
export function instantPrizeTotal(kinds: readonly InstantPrizeKind[] | undefined): number {
  return (kinds ?? []).reduce((sum, kind) => sum + kind.count, 0);
}

/** A purchase waiting on a round: `seq` is the record entry that made it final (its order of decision). */
export interface InstantPurchase {
  seq: number;
  /** Its ticket numbers (decided in ascending order). */
  tickets: number[];
}

/** What is left before a batch: instant prizes not won yet, tickets of the raffle not decided yet. */
export interface InstantBudget {
  prizesLeft: number;
  undecided: number;
}

export interface InstantResult {
  seq: number;
  /** The purchase's winning tickets, ascending (at most one prize per ticket). */
  wins: number[];
}

export interface InstantBatch {
  results: InstantResult[];
  budget: InstantBudget;
}

/** The HMAC message of one attempt: "rifazo-instant-1" ␟ raffleId ␟ seq ␟ ticket ␟ counter. */
export function instantMessage(raffleId: string, seq: number, ticket: number, counter: number) {
  return encodeDrawMessage([INSTANT_ALGORITHM, raffleId, seq, ticket, counter]);
}

function subtle(): (typeof globalThis.crypto)["subtle"] {
  const c = globalThis.crypto;
  if (!c?.subtle) throw new Error("Web Crypto API (globalThis.crypto.subtle) is not available");
  return c.subtle;
}

function checkInput(
  raffleId: string,
  randomness: string,
  purchases: readonly InstantPurchase[],
  budget: InstantBudget,
) {
  if (typeof raffleId !== "string" || raffleId === "" || raffleId.includes("\u001f"))
    throw new DrawInputError("El identificador de la rifa no es válido.");
  if (!/^[0-9a-fA-F]{64}$/.test(randomness))
    throw new DrawInputError("La aleatoriedad debe tener 64 caracteres hexadecimales.");
  if (!Number.isSafeInteger(budget.prizesLeft) || budget.prizesLeft < 0)
    throw new DrawInputError("Los premios instantáneos restantes deben ser un entero ≥ 0.");
  if (!Number.isSafeInteger(budget.undecided) || budget.undecided < 0)
    throw new DrawInputError("Los boletos por decidir deben ser un entero ≥ 0.");
  let previous = -1;
  for (const p of purchases) {
    if (!Number.isSafeInteger(p.seq) || p.seq <= previous)
      throw new DrawInputError("Las compras deben ir en el orden del acta (seq creciente).");
    previous = p.seq;
    if (!p.tickets.every((t) => Number.isSafeInteger(t) && t >= 0))
      throw new DrawInputError("Cada boleto debe ser un entero ≥ 0.");
    if (new Set(p.tickets).size !== p.tickets.length)
      throw new DrawInputError("Una compra no puede repetir un boleto.");
  }
}

/** x uniform in [0, n) for one ticket, retrying on the biased tail as the draw does. */
async function uniform(
  key: Awaited<ReturnType<ReturnType<typeof subtle>["importKey"]>>,
  raffleId: string,
  seq: number,
  ticket: number,
  n: number,
): Promise<number> {
  for (let counter = 0; ; counter++) {
    const mac = await subtle().sign("HMAC", key, instantMessage(raffleId, seq, ticket, counter));
    const x = acceptSample(BigInt(`0x${bytesToHex(new Uint8Array(mac))}`), n);
    if (x !== null) return x;
  }
}

/**
 * Decides one round's purchases (given in record order) against the budget left before them. A ticket
 * decided when U is smaller than P (a ticket refunded and sold again) wins while prizes are left: U is
 * read as at least P, so the chance stays a probability and the budget still bounds the wins.
 */
export async function decideInstantBatch(
  raffleId: string,
  randomness: string,
  purchases: readonly InstantPurchase[],
  budget: InstantBudget,
): Promise<InstantBatch> {
  checkInput(raffleId, randomness, purchases, budget);
  const key = await subtle().importKey(
    "raw",
    hexToBytes(randomness),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  let { prizesLeft, undecided } = budget;
  const results: InstantResult[] = [];
  for (const purchase of purchases) {
    const wins: number[] = [];
    for (const ticket of [...purchase.tickets].sort((a, b) => a - b)) {
      if (prizesLeft > 0) {
        const x = await uniform(key, raffleId, purchase.seq, ticket, Math.max(undecided, prizesLeft));
        if (x < prizesLeft) {
          wins.push(ticket);
          prizesLeft -= 1;
        }
      }
      undecided = Math.max(0, undecided - 1);
    }
    results.push({ seq: purchase.seq, wins });
  }
  return { results, budget: { prizesLeft, undecided } };
}
