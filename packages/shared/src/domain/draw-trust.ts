/**
 * How much a raffle's draw asks buyers to trust the organiser, in one place for the API and the web
 * (decision 0012; decision 0020 for the round delay). Every page that shows a draw states its level in
 * plain Spanish, without a click:
 *
 * - "drand": winners from a League of Entropy drand round named at the freeze, after the latest beacon
 *   the server had verified, by a public computation anyone can repeat from the record.
 * - "drand-unknown-chain": the same protocol on a drand chain that is not the League of Entropy's (a
 *   test or demonstration chain): whoever runs that chain can know the round before it is published,
 *   so it can predict the winners.
 * - "lottery": winners from an official lottery result fixed before the sale and drawn after the list
 *   froze (decision 0024), typed by the organiser with its publication uploaded (hash in the record); the
 *   record maps it to tickets with a public rule; a correction needs a second administrator.
 * - "announced": winners announced by the organiser (a live broadcast) with no verifiable record: the
 *   organiser's word only.
 * - "seed-v1": an old draw (before the record) from a seed Rifazo generated and kept until the draw.
 *
 * Browser-safe and tiny: it must not import drand.ts (the BLS code is loaded only to verify). The
 * sentences come from the fairness claims register (fairness-claims.ts), each with its proofs.
 */

import { claimText } from "../fairness-texts";

export const DRAW_TRUST_LEVELS = ["drand", "drand-unknown-chain", "lottery", "announced", "seed-v1"] as const;
export type DrawTrustLevel = (typeof DRAW_TRUST_LEVELS)[number];

/**
 * The League of Entropy mainnet chains, by hash AND group public key: a chain that carries one of these
 * hashes with another key is someone else's chain under a borrowed name. (drand.ts keeps quicknet's full
 * parameters for verification; a test checks the two agree.)
 */
export const LEAGUE_OF_ENTROPY_CHAINS: ReadonlyArray<{ name: string; hash: string; publicKey: string }> =
  Object.freeze([
    {
      name: "quicknet",
      hash: "52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971",
      publicKey:
        "83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a",
    },
    {
      name: "default",
      hash: "8990e7a9aaed2ffed73dbd7092123d6f289930540d7651336225dc172e51b2ce",
      publicKey:
        "868f005eb8e6e4ca0a47c8a77ceaa5309a47978a7c71bc5cce96366b5d7a569937c529eeda66c7293784a9402801af31",
    },
  ]);

/** True only for a League of Entropy chain: its hash and its public key both match. */
export function isKnownLeagueOfEntropyChain(chain: { hash: string; public_key: string } | null): boolean {
  if (!chain || typeof chain.hash !== "string" || typeof chain.public_key !== "string") return false;
  const hash = chain.hash.toLowerCase();
  const key = chain.public_key.toLowerCase();
  return LEAGUE_OF_ENTROPY_CHAINS.some((c) => c.hash === hash && c.publicKey === key);
}

export interface DrawTrustInput {
  announcementType: "internal" | "external";
  /** An external raffle bound before its first sale to a lottery, its time and a mapping rule. */
  hasLotteryBinding: boolean;
  /** The draw algorithm stored on a drawn raffle ("rifazo-draw-v1" for the old seed draws). */
  drawAlgorithm: string | null;
  /**
   * The drand chain of an internal draw: the one its record named at the freeze, or, before the
   * freeze, the one the server is configured with (the chain the freeze will name).
   */
  chain: { hash: string; public_key: string } | null;
}

export function drawTrust(input: DrawTrustInput): DrawTrustLevel {
  if (input.announcementType === "external") return input.hasLotteryBinding ? "lottery" : "announced";
  if (input.drawAlgorithm === "rifazo-draw-v1") return "seed-v1";
  return isKnownLeagueOfEntropyChain(input.chain) ? "drand" : "drand-unknown-chain";
}

export interface DrawTrustText {
  /** A short label for a card or a list ("Sorteo verificable"). */
  label: string;
  /** One sentence a visitor reads before anything else. */
  summary: string;
  /** Whether the page may link to a verifiable record or verifier for this level. */
  verifiable: boolean;
  /** A warning (shown in an alert) rather than a plain statement. */
  warning: boolean;
}

export const DRAW_TRUST_TEXTS: Readonly<Record<DrawTrustLevel, DrawTrustText>> = Object.freeze({
  drand: {
    label: claimText("trustDrandLabel"),
    summary: claimText("trustDrandSummary"),
    verifiable: true,
    warning: false,
  },
  "drand-unknown-chain": {
    label: claimText("trustUnknownLabel"),
    summary: claimText("trustUnknownSummary"),
    verifiable: true,
    warning: true,
  },
  lottery: {
    label: "Decidido por una lotería oficial",
    summary: claimText("trustLotterySummary"),
    verifiable: true,
    warning: false,
  },
  announced: {
    label: "Anunciado por el organizador",
    summary: claimText("trustAnnouncedSummary"),
    verifiable: false,
    warning: true,
  },
  "seed-v1": {
    label: "Sorteo con semilla de Rifazo",
    summary: claimText("trustSeedV1Summary"),
    verifiable: true,
    warning: true,
  },
});

/**
 * Lifecycle labels of a raffle whose winners the organiser announces (no record): its list is never
 * frozen into a public record, so "Lista congelada" would promise what it does not have.
 */
export const ANNOUNCED_STATE_LABELS = Object.freeze({
  frozen: "Ventas cerradas: esperando el anuncio del organizador",
  finished: "Ganadores anunciados por el organizador",
} as const);

/** The level's texts. */
export function drawTrustText(level: DrawTrustLevel): DrawTrustText {
  return DRAW_TRUST_TEXTS[level];
}
