/**
 * drand beacons (decision 0012, docs/draw-protocol.md §6): the outside randomness of draw v2.
 *
 * Only the "bls-unchained-g1-rfc9380" scheme (League of Entropy quicknet) is supported: the
 * signature of round r is a BLS12-381 point on G1 (48 bytes compressed) over
 * SHA-256(r as 8-byte big-endian), hashed to the curve with the RFC 9380 suite below; the public key
 * is on G2 (96 bytes compressed). The randomness is SHA-256 of the signature bytes.
 *
 * Browser-safe: @noble/curves and @noble/hashes are pure JavaScript; the web app imports this module
 * lazily (only when the user presses Verificar) because the pairing code is large.
 */
import { bls12_381 } from "@noble/curves/bls12-381.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, DrawInputError, hexToBytes } from "./draw-engine";

/** A chain's parameters, exactly as a relay's `/info` answers them (snake_case kept on purpose). */
export interface DrandChainInfo {
  /** Group public key, hex (96 bytes, G2, for the supported scheme). */
  public_key: string;
  /** Seconds between rounds. */
  period: number;
  /** Unix seconds at which round 1 was published. */
  genesis_time: number;
  /** Chain hash, 64 hex: the chain's name in relay URLs. */
  hash: string;
  schemeID: string;
  groupHash?: string;
  metadata?: { beaconID?: string };
}

export interface DrandBeacon {
  round: number;
  /** BLS signature, hex. */
  signature: string;
  /** SHA-256 of the signature, hex; when present it must agree. */
  randomness?: string;
}

/** The only scheme the verifier accepts (quicknet's). */
export const SUPPORTED_DRAND_SCHEME = "bls-unchained-g1-rfc9380";
/** RFC 9380 hash-to-curve domain separation tag of quicknet's signatures (on G1). */
export const DRAND_DST = "BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_";
const SIGNATURE_BYTES = 48;
const PUBLIC_KEY_BYTES = 96;

/** League of Entropy "quicknet": published parameters and public relays (../shared/drand/quicknet.json). */
export const QUICKNET: { readonly info: DrandChainInfo; readonly relays: readonly string[] } = Object.freeze({
  info: Object.freeze({
    public_key:
      "83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a",
    period: 3,
    genesis_time: 1692803367,
    hash: "52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971",
    groupHash: "f477d5c89f21a17c863a7f937c6a6d15859414d2be09cd448d4279af331c5d3e",
    schemeID: SUPPORTED_DRAND_SCHEME,
    metadata: Object.freeze({ beaconID: "quicknet" }),
  }),
  relays: Object.freeze([
    "https://api.drand.sh",
    "https://api2.drand.sh",
    "https://api3.drand.sh",
    "https://drand.cloudflare.com",
  ]),
});

/** The League of Entropy "default" mainnet chain (chained scheme: recognised, not supported here). */
export const LOE_MAINNET_CHAIN_HASH = "8990e7a9aaed2ffed73dbd7092123d6f289930540d7651336225dc172e51b2ce";

/** Chain hashes of the League of Entropy mainnet chains, with their names. */
export const LEAGUE_OF_ENTROPY_CHAIN_HASHES: Readonly<Record<string, string>> = Object.freeze({
  [QUICKNET.info.hash]: "quicknet",
  [LOE_MAINNET_CHAIN_HASH]: "default",
});

export function isLeagueOfEntropyChain(hash: string): boolean {
  return typeof hash === "string" && Object.hasOwn(LEAGUE_OF_ENTROPY_CHAIN_HASHES, hash.toLowerCase());
}

function assertRound(round: number): void {
  if (!Number.isSafeInteger(round) || round < 1) {
    throw new DrawInputError(
      `Ronda de drand inválida: ${String(round)} (debe ser un entero mayor o igual a 1).`,
    );
  }
}

/**
 * Refuses a chain the verifier cannot or must not use. A chain that claims a League of Entropy hash
 * must carry that chain's real parameters: otherwise anyone could sign with their own key under
 * quicknet's name and the record would look like a League of Entropy draw.
 */
export function assertSupportedChain(chain: DrandChainInfo): void {
  if (typeof chain !== "object" || chain === null)
    throw new DrawInputError("Falta la información de la cadena drand.");
  if (!Number.isSafeInteger(chain.period) || chain.period < 1) {
    throw new DrawInputError("La cadena drand tiene un periodo inválido.");
  }
  if (!Number.isSafeInteger(chain.genesis_time) || chain.genesis_time < 0) {
    throw new DrawInputError("La cadena drand tiene una hora de inicio (genesis_time) inválida.");
  }
  if (typeof chain.hash !== "string" || !/^[0-9a-f]{64}$/.test(chain.hash)) {
    throw new DrawInputError(
      "El hash de la cadena drand debe tener 64 caracteres hexadecimales en minúscula.",
    );
  }
  if (chain.hash === LOE_MAINNET_CHAIN_HASH) {
    throw new DrawInputError(
      "La cadena drand «default» de la League of Entropy usa firmas encadenadas: este verificador solo admite quicknet (bls-unchained-g1-rfc9380).",
    );
  }
  if (chain.schemeID !== SUPPORTED_DRAND_SCHEME) {
    throw new DrawInputError(
      `Esquema de drand no admitido: ${String(chain.schemeID)}. Solo se admite ${SUPPORTED_DRAND_SCHEME} (quicknet).`,
    );
  }
  if (typeof chain.public_key !== "string" || !/^[0-9a-f]{192}$/i.test(chain.public_key)) {
    throw new DrawInputError(
      `La clave pública de la cadena drand debe tener ${PUBLIC_KEY_BYTES} bytes (${PUBLIC_KEY_BYTES * 2} caracteres hexadecimales).`,
    );
  }
  if (chain.hash === QUICKNET.info.hash) {
    const q = QUICKNET.info;
    if (
      chain.public_key.toLowerCase() !== q.public_key ||
      chain.period !== q.period ||
      chain.genesis_time !== q.genesis_time
    ) {
      throw new DrawInputError(
        "La cadena dice ser quicknet de la League of Entropy, pero su clave pública, periodo u hora de inicio no son los de quicknet.",
      );
    }
  }
}

/** Unix seconds at which `round` is published: genesis_time + (round − 1) × period. */
export function roundTime(chain: DrandChainInfo, round: number): number {
  assertRound(round);
  return chain.genesis_time + (round - 1) * chain.period;
}

/** The first round published at or after `unixSeconds` (round 1 when that is before genesis). */
export function firstRoundAtOrAfter(chain: DrandChainInfo, unixSeconds: number): number {
  if (!Number.isFinite(unixSeconds))
    throw new DrawInputError("Hora inválida para calcular la ronda de drand.");
  return firstRoundAtOrAfterMs(chain, Math.round(unixSeconds * 1000));
}

/**
 * Same, from Unix milliseconds, in integer arithmetic (the record's times have milliseconds):
 * elapsed = ms − genesis_time × 1000; round = 1 if elapsed ≤ 0, else ⌈elapsed / (period × 1000)⌉ + 1.
 */
export function firstRoundAtOrAfterMs(chain: DrandChainInfo, unixMs: number): number {
  if (!Number.isSafeInteger(unixMs))
    throw new DrawInputError("Hora inválida para calcular la ronda de drand.");
  if (!Number.isSafeInteger(chain.period) || chain.period < 1) {
    throw new DrawInputError("La cadena drand tiene un periodo inválido.");
  }
  const elapsed = unixMs - chain.genesis_time * 1000;
  if (elapsed <= 0) return 1;
  const periodMs = chain.period * 1000;
  return Math.floor((elapsed + periodMs - 1) / periodMs) + 1;
}

/** The latest round already published at `unixSeconds` (0 before genesis). */
export function latestRoundAt(chain: DrandChainInfo, unixSeconds: number): number {
  const elapsed = Math.floor(unixSeconds) - chain.genesis_time;
  return elapsed < 0 ? 0 : Math.floor(elapsed / chain.period) + 1;
}

/** The signed message of a round: SHA-256 of the round as an unsigned 64-bit big-endian integer. */
export function drandRoundMessage(round: number): Uint8Array {
  assertRound(round);
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, BigInt(round));
  return sha256(bytes);
}

function fixedHex(value: unknown, bytes: number, label: string): Uint8Array {
  if (typeof value !== "string" || value.length !== bytes * 2 || !/^[0-9a-fA-F]*$/.test(value)) {
    throw new DrawInputError(`${label} debe tener ${bytes} bytes (${bytes * 2} caracteres hexadecimales).`);
  }
  return hexToBytes(value);
}

/**
 * Verifies a beacon against a chain and returns its randomness (64 lowercase hex = SHA-256 of the
 * signature bytes). Throws DrawInputError (Spanish) for an unsupported chain, a malformed or forged
 * signature (which includes another round's signature), or a randomness field that disagrees.
 */
export async function verifyBeacon(chain: DrandChainInfo, beacon: DrandBeacon): Promise<string> {
  assertSupportedChain(chain);
  if (typeof beacon !== "object" || beacon === null) throw new DrawInputError("Falta el beacon de drand.");
  assertRound(beacon.round);
  const signature = fixedHex(beacon.signature, SIGNATURE_BYTES, "La firma del beacon");
  const publicKey = hexToBytes(chain.public_key);
  const shortSignatures = bls12_381.shortSignatures;
  let valid: boolean;
  try {
    valid = shortSignatures.verify(
      signature,
      shortSignatures.hash(drandRoundMessage(beacon.round), DRAND_DST),
      publicKey,
    );
  } catch {
    // Bytes that do not decode to a curve point (or a key that is not on G2).
    throw new DrawInputError(
      `La firma del beacon de la ronda ${beacon.round} no es un punto válido de la curva BLS12-381.`,
    );
  }
  if (!valid) {
    throw new DrawInputError(
      `La firma del beacon no corresponde a la ronda ${beacon.round} de la cadena ${chain.hash.slice(0, 12)}…: beacon falso o de otra ronda.`,
    );
  }
  const randomness = bytesToHex(sha256(signature));
  if (beacon.randomness !== undefined && beacon.randomness !== null) {
    if (typeof beacon.randomness !== "string" || beacon.randomness.toLowerCase() !== randomness) {
      throw new DrawInputError(
        "El campo randomness del beacon no es el SHA-256 de su firma: el beacon fue alterado.",
      );
    }
  }
  return randomness;
}
