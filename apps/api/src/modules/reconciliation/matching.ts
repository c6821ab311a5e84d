// Matching pending proofs paid in bolívares against the bank's movements: pure, no database. A movement pays
// one proof only, ever; whenever two proofs could claim one movement (or one proof several movements) the
// answer is "look at it by hand", never a guess (docs/decisions/0015-the-organisers-day.md).
import {
  type MatchStatus,
  MIN_REFERENCE_SUFFIX,
  normalizePaymentReference,
  RECEIPT_DATE_SLACK_DAYS,
  referenceDigits,
  referencesMatch,
} from "@rifazo/shared";
import { bankReferenceNumber } from "@rifazo/shared/domain/payment-reference-key";

export interface MatchProof {
  id: string;
  transactionRef: string;
  /** What the buyer paid in Bs (null: a USD proof without a frozen rate, which cannot be compared). */
  amountVes: number | null;
  createdAt: Date;
}

export interface MatchMovement {
  id: string;
  /** YYYY-MM-DD, the bank's (Venezuelan) date. */
  postedOn: string;
  reference: string;
  amount: number;
  /** The proof this movement already paid (set once, never changed). */
  matchedProofId: string | null;
}

export interface MatchResult {
  proofId: string;
  status: MatchStatus;
  movementId: string | null;
  /** movement_used: the proof that movement paid, or the other proof that claims it. */
  usedByProofId: string | null;
  /** Why a row needs a look, in Spanish (null when there is nothing to add to the status). */
  note: string | null;
}

export interface MatchOptions {
  /** Accepted difference in Bs between the proof and the movement. */
  tolerance: number;
  /**
   * Proofs approved by hand in the inbox and linked to no movement: the movement they would match is
   * taken by them, so a pending proof with the same last digits cannot be paid by it a second time.
   */
  approvedUnlinked?: MatchProof[];
}

const DAY_MS = 86_400_000;
/** Venezuela keeps UTC−4 all year. */
const VENEZUELA_OFFSET_MS = -4 * 3_600_000;
/** Half a cent: amounts are stored with two decimals, the rest is float noise. */
const EPSILON = 0.005;

/** Days since the epoch of a YYYY-MM-DD date. */
export function dayNumber(date: string): number {
  return Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

/** Days since the epoch of the Venezuelan calendar day of an instant. */
export function venezuelanDay(at: Date): number {
  return Math.floor((at.getTime() + VENEZUELA_OFFSET_MS) / DAY_MS);
}

/** The window of bank dates a proof may be paid by: a week before it was sent to a day after. */
export function dateWindow(createdAt: Date): { from: number; to: number } {
  const day = venezuelanDay(createdAt);
  return { from: day - RECEIPT_DATE_SLACK_DAYS, to: day + 1 };
}

/**
 * The keys a reference is indexed by: its bank number (bankReferenceNumber, the duplicate check's
 * canonical form: "004512873391" and "4512873391" meet there, decision 0022) and its last
 * MIN_REFERENCE_SUFFIX digits as written (a buyer's "5678" and the bank's "0102345678" meet there), or the
 * text for a reference without digits. candidatesOf then keeps, among the few sharing a key,
 * those with the same number or that referencesMatch.
 */
export function referenceKeys(reference: string, number = bankReferenceNumber(reference)): string[] {
  if (number === null) return [`t:${normalizePaymentReference(reference).toLowerCase()}`];
  const digits = /^[0-9]+$/.test(reference) ? reference : referenceDigits(reference);
  const keys = [`n:${number}`];
  if (digits.length >= MIN_REFERENCE_SUFFIX) keys.push(`s:${digits.slice(-MIN_REFERENCE_SUFFIX)}`);
  return keys;
}

interface Indexed extends MatchMovement {
  day: number;
  /** bankReferenceNumber of the movement's reference. */
  number: string | null;
}

export function indexMovements(movements: MatchMovement[]): Map<string, Indexed[]> {
  const index = new Map<string, Indexed[]>();
  for (const movement of movements) {
    const entry: Indexed = {
      ...movement,
      day: dayNumber(movement.postedOn),
      number: bankReferenceNumber(movement.reference),
    };
    for (const key of referenceKeys(movement.reference, entry.number)) {
      const list = index.get(key);
      if (list) list.push(entry);
      else index.set(key, [entry]);
    }
  }
  return index;
}

/** The movements sharing a key with `reference` (whose bank number is `number`), each once. */
function lookUp(index: Map<string, Indexed[]>, reference: string, number: string | null): Indexed[] {
  const lists = referenceKeys(reference, number)
    .map((key) => index.get(key))
    .filter((list) => list !== undefined);
  if (lists.length <= 1) return lists[0] ?? [];
  return [...new Set(lists.flat())];
}

const amountOk = (proof: MatchProof, movement: MatchMovement, tolerance: number) =>
  proof.amountVes !== null && Math.abs(movement.amount - proof.amountVes) <= tolerance + EPSILON;

/** Best first: the whole reference rather than its last digits, the closest amount, the closest date. */
function rank(proof: MatchProof, proofDay: number, proofNumber: string | null, movement: Indexed): number[] {
  return [
    proofNumber !== null && movement.number === proofNumber ? 0 : 1,
    proof.amountVes === null ? 0 : Math.round(Math.abs(movement.amount - proof.amountVes) * 100),
    Math.abs(movement.day - proofDay),
  ];
}

function compareRanks(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

interface Candidates {
  /** Reference and date fit, amount within tolerance, not yet paid: best first. */
  clean: Indexed[];
  /** Reference, date and amount fit but the movement already paid another proof. */
  used: Indexed[];
  /** Reference and date fit, amount off, not yet paid: closest amount first. */
  amountOff: Indexed[];
  /** The reference fits but the date is out of the window. */
  outOfWindow: Indexed[];
  /** The clean best is tied with the next one: several movements fit equally well. */
  tied: boolean;
}

function candidatesOf(proof: MatchProof, index: Map<string, Indexed[]>, tolerance: number): Candidates {
  const out: Candidates = { clean: [], used: [], amountOff: [], outOfWindow: [], tied: false };
  const proofNumber = bankReferenceNumber(proof.transactionRef);
  const list = lookUp(index, proof.transactionRef, proofNumber);
  const { from, to } = dateWindow(proof.createdAt);
  const proofDay = venezuelanDay(proof.createdAt);
  for (const movement of list) {
    const same =
      (proofNumber !== null && movement.number === proofNumber) ||
      referencesMatch(movement.reference, proof.transactionRef);
    if (!same) continue;
    if (movement.day < from || movement.day > to) {
      out.outOfWindow.push(movement);
      continue;
    }
    const fits = amountOk(proof, movement, tolerance);
    const paidOther = movement.matchedProofId !== null && movement.matchedProofId !== proof.id;
    if (fits && paidOther) out.used.push(movement);
    else if (fits) out.clean.push(movement);
    else if (!paidOther) out.amountOff.push(movement);
  }
  const byRank = (a: Indexed, b: Indexed) =>
    compareRanks(rank(proof, proofDay, proofNumber, a), rank(proof, proofDay, proofNumber, b)) ||
    a.id.localeCompare(b.id);
  out.clean.sort(byRank);
  out.amountOff.sort(byRank);
  const [first, second] = out.clean;
  if (first && second) {
    out.tied =
      compareRanks(rank(proof, proofDay, proofNumber, first), rank(proof, proofDay, proofNumber, second)) ===
      0;
  }
  return out;
}

/**
 * The status of every proof. A proof is "matched" only when its best movement is unpaid, not tied with
 * another equally good one, claimed by no other pending proof and not taken by a proof approved by hand;
 * every other case is shown as "movement_used" with the other proof and a note, for a look by hand.
 */
export function reconcile(
  proofs: MatchProof[],
  movements: MatchMovement[],
  options: MatchOptions,
): MatchResult[] {
  const index = indexMovements(movements);
  const { tolerance } = options;
  const takenByApproved = takenByApprovedProofs(options, index);
  const found = proofs.map((proof) => ({ proof, candidates: candidatesOf(proof, index, tolerance) }));
  const claims = claimsOf(found);
  return found.map(({ proof, candidates }) => judge(proof, candidates, takenByApproved, claims));
}

/** Movements taken by proofs approved by hand (their best clean candidate, when unambiguous). */
function takenByApprovedProofs(options: MatchOptions, index: ReturnType<typeof indexMovements>) {
  const takenByApproved = new Map<string, string>();
  for (const approved of options.approvedUnlinked ?? []) {
    const found = candidatesOf(approved, index, options.tolerance);
    const best = found.clean[0];
    if (best && !found.tied && !takenByApproved.has(best.id)) takenByApproved.set(best.id, approved.id);
  }
  return takenByApproved;
}

/** Which pending proofs claim each movement as their best clean candidate. */
function claimsOf(found: { proof: MatchProof; candidates: Candidates }[]): Map<string, string[]> {
  const claims = new Map<string, string[]>();
  for (const { proof, candidates } of found) {
    const best = candidates.clean[0];
    if (!best) continue;
    const list = claims.get(best.id);
    if (list) list.push(proof.id);
    else claims.set(best.id, [proof.id]);
  }
  return claims;
}

/** One pending proof's result, from its candidates and what other proofs hold or claim. */
function judge(
  proof: MatchProof,
  candidates: Candidates,
  takenByApproved: Map<string, string>,
  claims: Map<string, string[]>,
): MatchResult {
  const result = (
    status: MatchStatus,
    movement: Indexed | undefined,
    usedByProofId: string | null = null,
    note: string | null = null,
  ): MatchResult => ({ proofId: proof.id, status, movementId: movement?.id ?? null, usedByProofId, note });

  const best = candidates.clean[0];
  if (best) {
    const approved = takenByApproved.get(best.id);
    if (approved) {
      return result(
        "movement_used",
        best,
        approved,
        "Este movimiento corresponde a otro comprobante que ya fue aprobado a mano.",
      );
    }
    const rivals = (claims.get(best.id) ?? []).filter((id) => id !== proof.id);
    if (rivals.length > 0) {
      return result(
        "movement_used",
        best,
        rivals[0] ?? null,
        `Otro comprobante pendiente coincide con el mismo movimiento${
          rivals.length > 1 ? ` (y ${rivals.length - 1} más)` : ""
        }: revísalos a mano.`,
      );
    }
    if (candidates.tied) {
      return result(
        "movement_used",
        best,
        null,
        "Varios movimientos coinciden por igual con esta referencia: revísalo a mano.",
      );
    }
    return result("matched", best);
  }
  const used = candidates.used[0];
  if (used) return result("movement_used", used, used.matchedProofId);
  const off = candidates.amountOff[0];
  if (off) {
    return result(
      "amount_differs",
      off,
      null,
      proof.amountVes === null ? "El comprobante no tiene tasa congelada para convertirlo a Bs." : null,
    );
  }
  const late = candidates.outOfWindow[0];
  if (late) {
    return result(
      "no_movement",
      undefined,
      null,
      `Hay un movimiento con esa referencia del ${late.postedOn}, fuera de las fechas del comprobante.`,
    );
  }
  return result("no_movement", undefined);
}
