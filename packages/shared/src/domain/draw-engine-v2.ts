/**
 * Draw v2 ("rifazo-draw-v2", decision 0012, docs/draw-protocol.md §5 and §7-8).
 *
 * The winners depend only on the frozen list (its hash) and a drand beacon's randomness, which
 * nobody knew when the list was frozen. There is no server secret. Each pick i of prize level L is
 * HMAC-SHA256(key = the 32 randomness bytes, message = "rifazo-draw-v2" ␟ raffleId ␟ listHash ␟ L ␟
 * i ␟ counter) with v1's rejection sampling (acceptSample) over the ascending remaining tickets.
 *
 * Replacements: the replacement of a disqualified winner of level L is the pick at the next unused
 * index of L (count_L, count_L + 1, …), drawn from the pool left after every original pick of every
 * level and every earlier replacement, in the order the disqualifications were recorded. So a
 * disqualification never changes another winner and nobody chooses the replacement; a disqualified
 * ticket never returns to the pool.
 */
import {
  acceptSample,
  bytesToHex,
  canonicalTicketNumbers,
  DrawInputError,
  type DrawWinner,
  encodeDrawMessage,
  FIELD_SEPARATOR,
  hexToBytes,
  orderedPrizeLevels,
  type PrizeLevel,
  sha256Hex,
} from "./draw-engine";
import { isValidTicketNumber, protocolTicketNumber } from "./tickets";

export const ALGORITHM_VERSION_V2 = "rifazo-draw-v2";
const RANDOMNESS_BYTES = 32;

/** A ticket of the frozen list: its number and its owner tag (owner-tag.ts). */
export interface FrozenTicket {
  number: number;
  /** 32 lowercase hex characters. */
  tag: string;
}

/** Identifies a pick being disqualified: a winner (original or an earlier replacement). */
export interface DisqualifiedPick {
  level: number;
  index: number;
}

export interface DrawV2Input {
  raffleId: string;
  /** frozenListHash of the frozen list (64 lowercase hex). */
  listHash: string;
  /** The beacon's randomness (64 hex = 32 bytes), used as the HMAC key. */
  randomness: string;
  /** Numbers of the frozen list (any order; duplicates refused). */
  ticketNumbers: readonly number[];
  prizeLevels: readonly PrizeLevel[];
  /** In record order; each names a pick that exists and was not disqualified before. */
  disqualifications?: readonly DisqualifiedPick[];
}

export interface DrawV2Result {
  /** Every pick: originals (levels ascending, index ascending), then replacements in record order. */
  picks: DrawWinner[];
  /** One per disqualification, in order: the replacement pick, or null when no ticket was left. */
  replacements: (DrawWinner | null)[];
  /** The picks that are not disqualified, sorted by level then index. */
  winners: DrawWinner[];
}

const TAG = /^[0-9a-f]{32}$/;
const HASH = /^[0-9a-f]{64}$/;

/** Validated ascending copy of a frozen list; refuses bad numbers, bad tags and duplicates. */
export function canonicalFrozenTickets(tickets: readonly FrozenTicket[]): FrozenTicket[] {
  if (!Array.isArray(tickets)) throw new DrawInputError("La lista congelada debe ser una lista de boletos.");
  for (const t of tickets) {
    if (typeof t !== "object" || t === null || !isValidTicketNumber(t.number)) {
      throw new DrawInputError(`Número de boleto inválido en la lista congelada: ${String(t?.number)}.`);
    }
    if (typeof t.tag !== "string" || !TAG.test(t.tag)) {
      throw new DrawInputError(
        `La marca del boleto ${protocolTicketNumber(t.number)} debe tener 32 caracteres hexadecimales en minúscula.`,
      );
    }
  }
  canonicalTicketNumbers(tickets.map((t) => t.number)); // duplicates
  return [...tickets].sort((a, b) => a.number - b.number).map((t) => ({ number: t.number, tag: t.tag }));
}

/** Canonical text of the frozen list: "NNNN:tag" entries ascending by number, joined by ",". */
export function canonicalFrozenList(tickets: readonly FrozenTicket[]): string {
  return canonicalFrozenTickets(tickets)
    .map((t) => `${protocolTicketNumber(t.number)}:${t.tag}`)
    .join(",");
}

/** SHA-256 (lowercase hex) of the UTF-8 canonical frozen list. */
export async function frozenListHash(tickets: readonly FrozenTicket[]): Promise<string> {
  return sha256Hex(canonicalFrozenList(tickets));
}

/** The HMAC message of one attempt: "rifazo-draw-v2" ␟ raffleId ␟ listHash ␟ level ␟ index ␟ counter. */
export function drawMessageV2(
  raffleId: string,
  listHash: string,
  level: number,
  index: number,
  counter: number,
): Uint8Array<ArrayBuffer> {
  return encodeDrawMessage([ALGORITHM_VERSION_V2, raffleId, listHash, level, index, counter]);
}

type HmacKey = Awaited<ReturnType<(typeof globalThis.crypto)["subtle"]["importKey"]>>;

function subtle(): (typeof globalThis.crypto)["subtle"] {
  const c = globalThis.crypto;
  if (!c?.subtle) throw new Error("Web Crypto API (globalThis.crypto.subtle) is not available");
  return c.subtle;
}

/** The HMAC-SHA256 key every pick of a draw is signed with: the round's randomness. */
function hmacKey(randomness: string): Promise<HmacKey> {
  return subtle().importKey("raw", hexToBytes(randomness), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
}

function validateInput(input: DrawV2Input): void {
  if (typeof input.raffleId !== "string" || input.raffleId === "") {
    throw new DrawInputError("Falta el identificador de la rifa.");
  }
  if (input.raffleId.includes(String.fromCharCode(FIELD_SEPARATOR))) {
    throw new DrawInputError("El identificador de la rifa no puede contener el carácter separador U+001F.");
  }
  if (typeof input.listHash !== "string" || !HASH.test(input.listHash)) {
    throw new DrawInputError("La huella de la lista debe tener 64 caracteres hexadecimales en minúscula.");
  }
  if (typeof input.randomness !== "string" || !/^[0-9a-fA-F]{64}$/.test(input.randomness)) {
    throw new DrawInputError(
      `La aleatoriedad debe tener ${RANDOMNESS_BYTES} bytes (${RANDOMNESS_BYTES * 2} caracteres hexadecimales).`,
    );
  }
}

async function pick(
  key: HmacKey,
  raffleId: string,
  listHash: string,
  level: number,
  index: number,
  pool: number[],
): Promise<number> {
  for (let counter = 0; ; counter++) {
    const mac = await subtle().sign("HMAC", key, drawMessageV2(raffleId, listHash, level, index, counter));
    const position = acceptSample(BigInt(`0x${bytesToHex(new Uint8Array(mac))}`), pool.length);
    if (position !== null) return pool.splice(position, 1)[0] as number;
  }
}

const pickKey = (level: number, index: number) => `${level}:${index}`;

/** The whole draw: original picks, the replacement of each disqualification, and the current winners. */
export async function drawV2(input: DrawV2Input): Promise<DrawV2Result> {
  validateInput(input);
  const levels = orderedPrizeLevels(input.prizeLevels);
  const pool = canonicalTicketNumbers(input.ticketNumbers);
  const key = await hmacKey(input.randomness);

  const picks: DrawWinner[] = [];
  const byKey = new Map<string, DrawWinner>();
  const nextIndex = new Map<number, number>();
  for (const prize of levels) {
    nextIndex.set(prize.level, prize.count);
    for (let index = 0; index < prize.count && pool.length > 0; index++) {
      const ticketNumber = await pick(key, input.raffleId, input.listHash, prize.level, index, pool);
      const winner = { level: prize.level, index, ticketNumber, description: prize.description };
      picks.push(winner);
      byKey.set(pickKey(prize.level, index), winner);
    }
  }

  const disqualified = new Set<string>();
  const replacements: (DrawWinner | null)[] = [];
  for (const d of input.disqualifications ?? []) {
    const k = pickKey(d?.level, d?.index);
    const target = byKey.get(k);
    if (!target) {
      throw new DrawInputError(
        `No hay ganador en el nivel ${String(d?.level)}, posición ${String(d?.index)}.`,
      );
    }
    if (disqualified.has(k)) {
      throw new DrawInputError(`El ganador del nivel ${d.level}, posición ${d.index} ya fue descalificado.`);
    }
    disqualified.add(k);
    if (pool.length === 0) {
      replacements.push(null);
      continue;
    }
    const index = nextIndex.get(d.level) as number;
    nextIndex.set(d.level, index + 1);
    const ticketNumber = await pick(key, input.raffleId, input.listHash, d.level, index, pool);
    const replacement = { level: d.level, index, ticketNumber, description: target.description };
    picks.push(replacement);
    byKey.set(pickKey(d.level, index), replacement);
    replacements.push(replacement);
  }

  const winners = picks
    .filter((p) => !disqualified.has(pickKey(p.level, p.index)))
    .sort((a, b) => a.level - b.level || a.index - b.index);
  return { picks, replacements, winners };
}

/**
 * Current winners (after replacements), sorted by level then index: what the record's winners
 * entry lists when there are no disqualifications.
 */
export async function drawWinnersV2(input: DrawV2Input): Promise<DrawWinner[]> {
  return (await drawV2(input)).winners;
}

/**
 * The replacement a new disqualification of `target` would get, given the disqualifications already
 * recorded in `input`; null when no ticket is left. Throws if `target` is not a current winner.
 */
export async function replacementFor(
  input: DrawV2Input,
  target: DisqualifiedPick,
): Promise<DrawWinner | null> {
  const result = await drawV2({
    ...input,
    disqualifications: [...(input.disqualifications ?? []), { level: target.level, index: target.index }],
  });
  return result.replacements[result.replacements.length - 1] ?? null;
}

// ---------------------------------------------------------------------------------------------
// Record v3 (docs/draw-protocol.md §9, docs/decisions/0021-blind-decisions.md): a replacement is drawn
// with the randomness of a round the disqualification named, not the draw's, so nobody can know who
// would come in when the disqualification is decided.
// ---------------------------------------------------------------------------------------------

export const REPLACEMENT_ALGORITHM_V3 = "rifazo-replacement-v3";

/**
 * The HMAC message of one attempt of a v3 replacement:
 * "rifazo-replacement-v3" ␟ raffleId ␟ listHash ␟ disqualificationHash ␟ level ␟ index ␟ counter.
 */
export function replacementMessageV3(
  raffleId: string,
  listHash: string,
  disqualificationHash: string,
  level: number,
  index: number,
  counter: number,
): Uint8Array<ArrayBuffer> {
  return encodeDrawMessage([
    REPLACEMENT_ALGORITHM_V3,
    raffleId,
    listHash,
    disqualificationHash,
    level,
    index,
    counter,
  ]);
}

export interface ReplacementV3Input {
  raffleId: string;
  listHash: string;
  /** The randomness of the round the disqualification named (64 hex). */
  randomness: string;
  /** The `hash` of the disqualification entry (64 hex). */
  disqualificationHash: string;
  level: number;
  /** next[L]: the level's next unused index. */
  index: number;
  /** Tickets still eligible (any order; sorted ascending here). */
  pool: readonly number[];
}

/** The v3 replacement ticket, or null when the pool is empty. Same rejection sampling as §8. */
export async function pickReplacementV3(input: ReplacementV3Input): Promise<number | null> {
  validateInput({ ...input, ticketNumbers: input.pool, prizeLevels: [] });
  if (typeof input.disqualificationHash !== "string" || !HASH.test(input.disqualificationHash)) {
    throw new DrawInputError("La huella de la descalificación debe tener 64 caracteres hexadecimales.");
  }
  const pool = canonicalTicketNumbers(input.pool);
  if (pool.length === 0) return null;
  const key = await hmacKey(input.randomness);
  for (let counter = 0; ; counter++) {
    const mac = await subtle().sign(
      "HMAC",
      key,
      replacementMessageV3(
        input.raffleId,
        input.listHash,
        input.disqualificationHash,
        input.level,
        input.index,
        counter,
      ),
    );
    const position = acceptSample(BigInt(`0x${bytesToHex(new Uint8Array(mac))}`), pool.length);
    if (position !== null) return pool[position] as number;
  }
}
