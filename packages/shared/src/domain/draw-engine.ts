/**
 * Verifiable draw ("rifazo-draw-v1"). Runs unchanged in Node 20 and browsers
 * because it only uses the Web Crypto API (globalThis.crypto), so anyone can
 * re-run a published transcript in the browser and get the same winners.
 *
 * Protocol:
 *  1. Before sales close the platform publishes commitment = SHA-256(seed bytes).
 *  2. At draw time the sold tickets are frozen: ticketListHash = SHA-256(UTF-8 of
 *     the ascending 4-digit numbers joined by ",").
 *  3. An optional publicValue (e.g. a lottery result announced later) is mixed in
 *     so the operator cannot know the outcome in advance even knowing the seed.
 *  4. Each pick i of prize level L takes HMAC-SHA256(key = seed bytes,
 *     message = raffleId ␟ ticketListHash ␟ publicValue ␟ L ␟ i ␟ counter), where ␟ is
 *     the single byte 0x1F, every field is UTF-8 and numbers are base-10 without
 *     padding. The 32-byte MAC, read as a big-endian unsigned integer x, is accepted
 *     when x < floor(2^256 / n) * n (n = tickets still available) and then picks
 *     position x mod n in the ascending list of remaining tickets; otherwise the
 *     counter (starting at 0) is incremented and a new MAC computed. This rejection
 *     step removes modulo bias.
 *  5. Picked tickets are removed, so no ticket wins twice. Levels are processed in
 *     ascending level order, picks within a level in index order from 0.
 */
import { isValidTicketNumber, protocolTicketNumber } from "./tickets";

export const ALGORITHM_VERSION = "rifazo-draw-v1";
export const SEED_BYTES = 32;
/** ASCII unit separator: cannot be typed in normal text, so fields never collide. */
export const FIELD_SEPARATOR = 0x1f;

export interface PrizeLevel {
  level: number;
  count: number;
  description: string;
}

export interface DrawWinner {
  level: number;
  /** 0-based position of the pick within its prize level. */
  index: number;
  ticketNumber: number;
  description: string;
}

export interface DrawInput {
  seedHex: string;
  raffleId: string;
  ticketNumbers: readonly number[];
  /** '' when no public value is used. */
  publicValue: string;
  prizeLevels: readonly PrizeLevel[];
}

export interface DrawTranscript {
  algorithmVersion: string;
  raffleId: string;
  /** SHA-256 of the seed bytes, published before the draw. */
  commitment: string;
  /** Revealed seed, 64 lowercase hex characters. */
  seed: string;
  publicValue: string;
  /** Sold tickets, ascending. */
  ticketNumbers: number[];
  ticketListHash: string;
  prizeLevels: PrizeLevel[];
  winners: DrawWinner[];
  /** ISO 8601 timestamp. */
  drawnAt: string;
}

export interface VerificationCheck {
  name: string;
  ok: boolean;
  /** Value recomputed by the verifier (or the error that prevented it). */
  expected: string;
  /** Value stated in the transcript. */
  actual: string;
}

export interface VerificationResult {
  ok: boolean;
  checks: VerificationCheck[];
}

export const CHECK_NAMES = {
  version: "Versión del algoritmo",
  commitment: "Compromiso (SHA-256 de la semilla)",
  ticketListHash: "Huella de la lista de boletos",
  winners: "Ganadores",
} as const;

/** Input problems; messages are Spanish because the public verifier shows them. */
export class DrawInputError extends Error {
  override name = "DrawInputError";
}

const TWO_POW_256 = 1n << 256n;

// Derived from the global so the file type-checks with both DOM and Node typings.
type WebCrypto = typeof globalThis.crypto;
type HmacKey = Awaited<ReturnType<WebCrypto["subtle"]["importKey"]>>;
const encoder = new TextEncoder();

function webCrypto(): WebCrypto {
  const c = globalThis.crypto;
  if (!c?.subtle) throw new Error("Web Crypto API (globalThis.crypto.subtle) is not available");
  return c;
}

export function bytesToHex(bytes: Uint8Array): string {
  let hex = "";
  for (const byte of bytes) hex += byte.toString(16).padStart(2, "0");
  return hex;
}

export function hexToBytes(hex: string): Uint8Array<ArrayBuffer> {
  if (typeof hex !== "string" || !/^(?:[0-9a-fA-F]{2})*$/.test(hex)) {
    throw new DrawInputError("Valor hexadecimal inválido.");
  }
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

function seedBytes(seedHex: string): Uint8Array<ArrayBuffer> {
  const bytes = hexToBytes(seedHex);
  if (bytes.length !== SEED_BYTES) {
    throw new DrawInputError(
      `La semilla debe tener ${SEED_BYTES} bytes (${SEED_BYTES * 2} caracteres hexadecimales).`,
    );
  }
  return bytes;
}

/** SHA-256 as lowercase hex; strings are hashed as UTF-8. */
export async function sha256Hex(data: string | Uint8Array<ArrayBuffer>): Promise<string> {
  const bytes = typeof data === "string" ? encoder.encode(data) : data;
  return bytesToHex(new Uint8Array(await webCrypto().subtle.digest("SHA-256", bytes)));
}

/** 32 cryptographically random bytes as lowercase hex. */
export async function generateSeed(): Promise<string> {
  return bytesToHex(webCrypto().getRandomValues(new Uint8Array(SEED_BYTES)));
}

/** The value published before the draw: SHA-256 of the raw seed bytes (not of the hex text). */
export async function commitmentForSeed(seedHex: string): Promise<string> {
  return sha256Hex(seedBytes(seedHex));
}

/** Validated ascending copy; rejects non-ticket values and duplicates (a ticket is sold once). */
export function canonicalTicketNumbers(numbers: readonly number[]): number[] {
  for (const n of numbers) {
    if (!isValidTicketNumber(n)) throw new DrawInputError(`Número de boleto inválido: ${n}.`);
  }
  const sorted = [...numbers].sort((a, b) => a - b);
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i] === sorted[i - 1]) {
      throw new DrawInputError(`Boleto duplicado en la lista: ${protocolTicketNumber(sorted[i] as number)}.`);
    }
  }
  return sorted;
}

/** Canonical text of the ticket list: ascending 4-digit numbers joined by ",". */
export function canonicalTicketList(numbers: readonly number[]): string {
  return canonicalTicketNumbers(numbers).map(protocolTicketNumber).join(",");
}

export async function ticketListHash(numbers: readonly number[]): Promise<string> {
  return sha256Hex(canonicalTicketList(numbers));
}

/** UTF-8 of each field joined by the single byte 0x1F. */
export function encodeDrawMessage(fields: readonly (string | number)[]): Uint8Array<ArrayBuffer> {
  const parts = fields.map((field) => encoder.encode(String(field)));
  const total = parts.reduce((sum, part) => sum + part.length, 0) + Math.max(0, parts.length - 1);
  const out = new Uint8Array(total);
  let offset = 0;
  parts.forEach((part, i) => {
    if (i > 0) out[offset++] = FIELD_SEPARATOR;
    out.set(part, offset);
    offset += part.length;
  });
  return out;
}

function assertNoSeparator(value: string, label: string): void {
  if (typeof value !== "string") throw new DrawInputError(`${label} debe ser texto.`);
  if (value.includes(String.fromCharCode(FIELD_SEPARATOR))) {
    throw new DrawInputError(`${label} no puede contener el carácter separador U+001F.`);
  }
}

/** Prize levels in processing order (ascending level); rejects ambiguous or invalid definitions. */
export function orderedPrizeLevels(prizeLevels: readonly PrizeLevel[]): PrizeLevel[] {
  const seen = new Set<number>();
  for (const prize of prizeLevels) {
    if (!Number.isSafeInteger(prize.level) || prize.level < 0) {
      throw new DrawInputError(`Nivel de premio inválido: ${prize.level}.`);
    }
    if (!Number.isSafeInteger(prize.count) || prize.count < 0) {
      throw new DrawInputError(`Cantidad de ganadores inválida en el nivel ${prize.level}.`);
    }
    if (seen.has(prize.level)) throw new DrawInputError(`Nivel de premio repetido: ${prize.level}.`);
    seen.add(prize.level);
  }
  return [...prizeLevels].sort((a, b) => a.level - b.level);
}

/**
 * Rejection-sampling step: maps a 256-bit value to [0, n) without modulo bias,
 * or returns null when the value falls in the biased tail (caller retries).
 */
export function acceptSample(value: bigint, n: number): number | null {
  if (!Number.isSafeInteger(n) || n <= 0) throw new RangeError(`Invalid range size: ${n}`);
  const size = BigInt(n);
  const limit = TWO_POW_256 - (TWO_POW_256 % size);
  return value >= 0n && value < limit ? Number(value % size) : null;
}

/** Unbiased index in [0, n) from HMAC outputs, retrying with counter+1 on rejection. */
async function pickIndex(key: HmacKey, n: number, fields: readonly (string | number)[]): Promise<number> {
  for (let counter = 0; ; counter++) {
    const mac = await webCrypto().subtle.sign("HMAC", key, encodeDrawMessage([...fields, counter]));
    const index = acceptSample(BigInt(`0x${bytesToHex(new Uint8Array(mac))}`), n);
    if (index !== null) return index;
  }
}

/**
 * Winners per prize level (ascending level, `count` each). With fewer tickets
 * than prizes, earlier levels are filled first and the rest stay empty.
 */
export async function drawWinners(input: DrawInput): Promise<DrawWinner[]> {
  assertNoSeparator(input.raffleId, "El identificador de la rifa");
  assertNoSeparator(input.publicValue, "El valor público");
  const seed = seedBytes(input.seedHex);
  const levels = orderedPrizeLevels(input.prizeLevels);
  const remaining = canonicalTicketNumbers(input.ticketNumbers);
  const listHash = await sha256Hex(remaining.map(protocolTicketNumber).join(","));
  const key = await webCrypto().subtle.importKey("raw", seed, { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);

  const winners: DrawWinner[] = [];
  for (const prize of levels) {
    for (let index = 0; index < prize.count; index++) {
      if (remaining.length === 0) return winners;
      const fields = [input.raffleId, listHash, input.publicValue, prize.level, index];
      const position = await pickIndex(key, remaining.length, fields);
      const [ticketNumber] = remaining.splice(position, 1) as [number];
      winners.push({ level: prize.level, index, ticketNumber, description: prize.description });
    }
  }
  return winners;
}

/** Runs a draw and packages everything a third party needs to verify it. */
export async function createDrawTranscript(
  input: DrawInput & { drawnAt: Date | string },
): Promise<DrawTranscript> {
  const ticketNumbers = canonicalTicketNumbers(input.ticketNumbers);
  const drawnAt = input.drawnAt instanceof Date ? input.drawnAt.toISOString() : input.drawnAt;
  return {
    algorithmVersion: ALGORITHM_VERSION,
    raffleId: input.raffleId,
    commitment: await commitmentForSeed(input.seedHex),
    seed: input.seedHex.toLowerCase(),
    publicValue: input.publicValue,
    ticketNumbers,
    ticketListHash: await ticketListHash(ticketNumbers),
    prizeLevels: orderedPrizeLevels(input.prizeLevels).map((p) => ({ ...p })),
    winners: await drawWinners({ ...input, ticketNumbers }),
    drawnAt,
  };
}

/** Stable text form of a winner list so the check can show and compare it. */
export function serializeWinners(winners: readonly DrawWinner[]): string {
  return JSON.stringify(
    winners.map((w) => ({
      level: w.level,
      index: w.index,
      ticketNumber: w.ticketNumber,
      description: w.description,
    })),
  );
}

async function check(
  name: string,
  actual: string,
  compute: () => Promise<string>,
): Promise<VerificationCheck> {
  try {
    const expected = await compute();
    return { name, ok: expected === actual, expected, actual };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { name, ok: false, expected: `Error: ${message}`, actual };
  }
}

/**
 * Recomputes commitment, ticket-list hash and winners from the transcript's own
 * inputs. Any edited field (seed, a ticket, public value, raffle id, a winner)
 * makes at least one check fail.
 */
export async function verifyTranscript(transcript: DrawTranscript): Promise<VerificationResult> {
  const t = transcript;
  const checks = [
    await check(CHECK_NAMES.version, String(t.algorithmVersion), async () => ALGORITHM_VERSION),
    await check(CHECK_NAMES.commitment, String(t.commitment), () => commitmentForSeed(t.seed)),
    await check(CHECK_NAMES.ticketListHash, String(t.ticketListHash), () => ticketListHash(t.ticketNumbers)),
    await check(CHECK_NAMES.winners, serializeWinners(t.winners ?? []), async () =>
      serializeWinners(
        await drawWinners({
          seedHex: t.seed,
          raffleId: t.raffleId,
          ticketNumbers: t.ticketNumbers,
          publicValue: t.publicValue,
          prizeLevels: t.prizeLevels,
        }),
      ),
    ),
  ];
  return { ok: checks.every((c) => c.ok), checks };
}
