import { describe, expect, it } from "vitest";
import { LOE_MAINNET_CHAIN_HASH, QUICKNET } from "./drand";
import {
  DRAW_TRUST_LEVELS,
  DRAW_TRUST_TEXTS,
  drawTrust,
  isKnownLeagueOfEntropyChain,
  LEAGUE_OF_ENTROPY_CHAINS,
} from "./draw-trust";

const quicknet = { hash: QUICKNET.info.hash, public_key: QUICKNET.info.public_key };
const own = { hash: "ab".repeat(32), public_key: "cd".repeat(96) };

describe("drawTrust", () => {
  it("knows the League of Entropy chains by hash and key, as drand.ts names them", () => {
    expect(LEAGUE_OF_ENTROPY_CHAINS.find((c) => c.name === "quicknet")).toMatchObject({
      hash: QUICKNET.info.hash,
      publicKey: QUICKNET.info.public_key,
    });
    expect(LEAGUE_OF_ENTROPY_CHAINS.find((c) => c.name === "default")?.hash).toBe(LOE_MAINNET_CHAIN_HASH);
    expect(isKnownLeagueOfEntropyChain(quicknet)).toBe(true);
    // quicknet's hash with another key is not quicknet.
    expect(isKnownLeagueOfEntropyChain({ hash: quicknet.hash, public_key: own.public_key })).toBe(false);
    expect(isKnownLeagueOfEntropyChain(own)).toBe(false);
    expect(isKnownLeagueOfEntropyChain(null)).toBe(false);
  });

  it("gives each kind of draw its level", () => {
    const base = { announcementType: "internal" as const, hasLotteryBinding: false, drawAlgorithm: null };
    expect(drawTrust({ ...base, chain: quicknet })).toBe("drand");
    expect(drawTrust({ ...base, chain: own })).toBe("drand-unknown-chain");
    expect(drawTrust({ ...base, chain: null })).toBe("drand-unknown-chain");
    expect(drawTrust({ ...base, drawAlgorithm: "rifazo-draw-v1", chain: quicknet })).toBe("seed-v1");
    expect(drawTrust({ ...base, announcementType: "external", hasLotteryBinding: true, chain: null })).toBe(
      "lottery",
    );
    expect(drawTrust({ ...base, announcementType: "external", chain: quicknet })).toBe("announced");
  });

  it("has a Spanish label and summary for every level; only announced draws have no record", () => {
    for (const level of DRAW_TRUST_LEVELS) {
      expect(DRAW_TRUST_TEXTS[level].label.length).toBeGreaterThan(5);
      expect(DRAW_TRUST_TEXTS[level].summary.length).toBeGreaterThan(40);
    }
    expect(DRAW_TRUST_LEVELS.filter((l) => !DRAW_TRUST_TEXTS[l].verifiable)).toEqual(["announced"]);
    // No unconditional «nadie, ni siquiera Rifazo» (fairness-claims.ts): what the record proves.
    expect(DRAW_TRUST_TEXTS.drand.summary).toMatch(
      /nadie escribe el resultado, y cualquiera puede recalcularlo/,
    );
    expect(DRAW_TRUST_TEXTS["drand-unknown-chain"].summary).toMatch(/no es de la League of Entropy/);
  });
});
