import { bls12_381 } from "@noble/curves/bls12-381.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { describe, expect, it } from "vitest";
import {
  assertSupportedChain,
  DRAND_DST,
  type DrandChainInfo,
  drandRoundMessage,
  firstRoundAtOrAfter,
  firstRoundAtOrAfterMs,
  isLeagueOfEntropyChain,
  LOE_MAINNET_CHAIN_HASH,
  latestRoundAt,
  QUICKNET,
  roundTime,
  verifyBeacon,
} from "./drand";
import { bytesToHex, DrawInputError } from "./draw-engine";

// Real quicknet beacons, recorded in ../shared/drand/quicknet.json.
const BEACONS = [
  {
    round: 42,
    randomness: "8ada64bae5c6c0f5540a6a13af56e663240edfbd2c76ac6a8f27671eb7259ce3",
    signature:
      "95a9f9f5b231b7714de1553105d8ffdf3dcda24cfdb1e689319bccf79a9c8ce430a91b811fbfaf763900bc998b5d686a",
  },
  {
    round: 1000,
    randomness: "fe290beca10872ef2fb164d2aa4442de4566183ec51c56ff3cd603d930e54fdd",
    signature:
      "b44679b9a59af2ec876b1a6b1ad52ea9b1615fc3982b19576350f93447cb1125e342b73a8dd2bacbe47e4b6b63ed5e39",
  },
  {
    round: 657413,
    randomness: "fc1873a13f3545aeade8401532ef5519920652eee6b0d2b19ca12643b87b3587",
    signature:
      "b713718a38ae728dfd477991af2822e08d2f305e47718cef9f7848ce4050e7be41076862b98fad56e91a6b85b89cd97b",
  },
] as const;

/** A chain of our own, signed like quicknet (the tests' stand-in for rounds that do not exist yet). */
function testChain(): { info: DrandChainInfo; sign(round: number): { round: number; signature: string } } {
  const s = bls12_381.shortSignatures;
  const secretKey = bls12_381.utils.randomSecretKey();
  const info: DrandChainInfo = {
    public_key: bytesToHex(s.getPublicKey(secretKey).toBytes()),
    period: 3,
    genesis_time: 1_700_000_000,
    hash: "ab".repeat(32),
    schemeID: "bls-unchained-g1-rfc9380",
    metadata: { beaconID: "prueba" },
  };
  return {
    info,
    sign: (round) => ({
      round,
      signature: bytesToHex(s.sign(s.hash(drandRoundMessage(round), DRAND_DST), secretKey).toBytes()),
    }),
  };
}

function flipBit(hex: string, position: number): string {
  const chars = hex.split("");
  chars[position] = (Number.parseInt(chars[position] as string, 16) ^ 1).toString(16);
  return chars.join("");
}

describe("drand quicknet", () => {
  it.each(BEACONS)("verifica el beacon real de la ronda $round", async (beacon) => {
    await expect(verifyBeacon(QUICKNET.info, beacon)).resolves.toBe(beacon.randomness);
    // Without the randomness field, the same value is derived from the signature.
    await expect(
      verifyBeacon(QUICKNET.info, { round: beacon.round, signature: beacon.signature }),
    ).resolves.toBe(beacon.randomness);
  });

  it("rechaza una firma con un bit cambiado", async () => {
    const b = BEACONS[2];
    for (const position of [1, 40, 95]) {
      await expect(
        verifyBeacon(QUICKNET.info, {
          ...b,
          signature: flipBit(b.signature, position),
          randomness: undefined,
        }),
      ).rejects.toThrow(DrawInputError);
    }
  });

  it("rechaza el beacon de otra ronda", async () => {
    const b = BEACONS[1];
    await expect(verifyBeacon(QUICKNET.info, { round: 1001, signature: b.signature })).rejects.toThrow(
      /no corresponde a la ronda 1001/,
    );
  });

  it("rechaza un campo randomness que no es el SHA-256 de la firma", async () => {
    const b = BEACONS[0];
    await expect(verifyBeacon(QUICKNET.info, { ...b, randomness: BEACONS[1].randomness })).rejects.toThrow(
      /randomness/,
    );
  });

  it("rechaza firmas mal formadas", async () => {
    const b = BEACONS[0];
    await expect(verifyBeacon(QUICKNET.info, { round: 42, signature: b.signature.slice(2) })).rejects.toThrow(
      /48 bytes/,
    );
    await expect(
      verifyBeacon(QUICKNET.info, { round: 42, signature: `zz${b.signature.slice(2)}` }),
    ).rejects.toThrow(/48 bytes/);
    await expect(verifyBeacon(QUICKNET.info, { round: 0, signature: b.signature })).rejects.toThrow(/Ronda/);
    await expect(verifyBeacon(QUICKNET.info, { round: 42, signature: "00".repeat(48) })).rejects.toThrow(
      DrawInputError,
    );
  });

  it("rechaza una clave pública equivocada, y quicknet con otra clave", async () => {
    const other = testChain();
    const b = BEACONS[0];
    await expect(verifyBeacon(other.info, b)).rejects.toThrow(/no corresponde/);
    await expect(verifyBeacon({ ...QUICKNET.info, public_key: other.info.public_key }, b)).rejects.toThrow(
      /dice ser quicknet/,
    );
  });

  it("rechaza esquemas no admitidos y reconoce la cadena default de la League of Entropy", () => {
    expect(() => assertSupportedChain({ ...QUICKNET.info, schemeID: "pedersen-bls-chained" })).toThrow(
      /no admitido/,
    );
    expect(() =>
      assertSupportedChain({
        ...QUICKNET.info,
        hash: LOE_MAINNET_CHAIN_HASH,
        schemeID: "pedersen-bls-chained",
      }),
    ).toThrow(/encadenadas/);
    expect(isLeagueOfEntropyChain(QUICKNET.info.hash)).toBe(true);
    expect(isLeagueOfEntropyChain(LOE_MAINNET_CHAIN_HASH)).toBe(true);
    expect(isLeagueOfEntropyChain("ab".repeat(32))).toBe(false);
  });

  it("calcula la hora de cada ronda y la primera ronda a partir de una hora", () => {
    expect(roundTime(QUICKNET.info, 1)).toBe(1692803367);
    expect(roundTime(QUICKNET.info, 657413)).toBe(1692803367 + 657412 * 3);
    const t = roundTime(QUICKNET.info, 657413);
    expect(firstRoundAtOrAfter(QUICKNET.info, t)).toBe(657413);
    expect(firstRoundAtOrAfter(QUICKNET.info, t - 0.001)).toBe(657413);
    expect(firstRoundAtOrAfter(QUICKNET.info, t - 3)).toBe(657412);
    expect(firstRoundAtOrAfter(QUICKNET.info, t - 2.999)).toBe(657413);
    expect(firstRoundAtOrAfter(QUICKNET.info, t + 0.001)).toBe(657414);
    expect(firstRoundAtOrAfterMs(QUICKNET.info, t * 1000 - 2999)).toBe(657413);
    expect(firstRoundAtOrAfter(QUICKNET.info, 0)).toBe(1);
    expect(latestRoundAt(QUICKNET.info, t + 2)).toBe(657413);
    expect(latestRoundAt(QUICKNET.info, 0)).toBe(0);
  });

  it("el mensaje firmado es el SHA-256 de la ronda en 8 bytes big-endian", () => {
    const bytes = new Uint8Array([0, 0, 0, 0, 0, 0, 0, 42]);
    expect(bytesToHex(drandRoundMessage(42))).toBe(bytesToHex(sha256(bytes)));
  });
});

describe("cadena de prueba local", () => {
  it("verifica sus rondas y rechaza las firmas de otra ronda", async () => {
    const chain = testChain();
    for (const round of [1, 2, 123456]) {
      const beacon = chain.sign(round);
      const randomness = await verifyBeacon(chain.info, beacon);
      expect(randomness).toBe(bytesToHex(sha256(Uint8Array.from(Buffer.from(beacon.signature, "hex")))));
    }
    await expect(verifyBeacon(chain.info, { ...chain.sign(5), round: 6 })).rejects.toThrow(DrawInputError);
  });
});
