import { bls12_381 } from "@noble/curves/bls12-381.js";
import { hexToBytes } from "@noble/curves/utils.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DrandRelay, QUICKNET_DST, startDrandRelay } from "../../../test/drand-relay";
import { fetchRound } from "./drand-relays";

let relay: DrandRelay;
let other: DrandRelay;
beforeAll(async () => {
  relay = await startDrandRelay();
  other = await startDrandRelay();
});
afterAll(async () => {
  await relay?.close();
  await other?.close();
});

describe("local drand relay (test/drand-relay.ts)", () => {
  it("signs rounds as quicknet does: BLS on G1 over SHA-256 of the 8-byte round, randomness = SHA-256(signature)", async () => {
    const round = relay.chain.latestRound() - 5;
    const response = await fetch(`${relay.url}/${relay.chain.info.hash}/public/${round}`);
    expect(response.status).toBe(200);
    const beacon = (await response.json()) as { round: number; signature: string; randomness: string };
    expect(beacon.round).toBe(round);
    const message = new Uint8Array(8);
    new DataView(message.buffer).setBigUint64(0, BigInt(round));
    const sigs = bls12_381.shortSignatures;
    const ok = sigs.verify(
      sigs.Signature.fromHex(beacon.signature),
      sigs.hash(sha256(message), QUICKNET_DST),
      bls12_381.G2.Point.fromHex(relay.chain.info.public_key),
    );
    expect(ok).toBe(true);
    expect(Buffer.from(sha256(hexToBytes(beacon.signature))).toString("hex")).toBe(beacon.randomness);
    const info = await (await fetch(`${relay.url}/info`)).json();
    expect(info).toEqual(relay.chain.info);
  });

  it("refuses a round whose time has not come (425) and an unknown chain (404)", async () => {
    const future = relay.chain.latestRound() + 100;
    expect((await fetch(`${relay.url}/public/${future}`)).status).toBe(425);
    expect((await fetch(`${relay.url}/${"ab".repeat(32)}/public/1`)).status).toBe(404);
  });
});

describe("fetchRound", () => {
  it("takes the round from the first relay that has it, skipping one that is down", async () => {
    other.failWith(503);
    try {
      const round = relay.chain.latestRound() - 1;
      const result = await fetchRound({
        relays: [other.url, relay.url],
        chainHash: relay.chain.info.hash,
        round,
        attempts: 1,
      });
      expect(result.ok).toBe(true);
      if (result.ok) {
        expect(result.relay).toBe(relay.url);
        expect(result.beacon).toEqual(relay.chain.beacon(round));
      }
    } finally {
      other.failWith(null);
    }
  });

  it("falls back to /public/{round} when the chain-hash path is unknown", async () => {
    const round = relay.chain.latestRound() - 2;
    // `other` serves another chain: under relay's hash it answers 404, then /public/{round} is its own.
    const result = await fetchRound({
      relays: [other.url],
      chainHash: relay.chain.info.hash,
      round,
      attempts: 1,
    });
    expect(result.ok).toBe(true);
    expect(other.requests).toContain(`/public/${round}`);
  });

  it("times out a relay that hangs, retries, and says when every relay answered 'too early'", async () => {
    relay.hangFor(2_000);
    try {
      const slow = await fetchRound({
        relays: [relay.url],
        chainHash: relay.chain.info.hash,
        round: 1,
        timeoutMs: 100,
        attempts: 2,
        retryDelayMs: 10,
      });
      expect(slow.ok).toBe(false);
      if (!slow.ok) {
        expect(slow.tooEarly).toBe(false);
        expect(slow.errors).toHaveLength(2);
      }
    } finally {
      relay.hangFor(null);
    }
    const early = await fetchRound({
      relays: [relay.url],
      chainHash: relay.chain.info.hash,
      round: relay.chain.latestRound() + 50,
      attempts: 1,
    });
    expect(early).toMatchObject({ ok: false, tooEarly: true });
  });
});
