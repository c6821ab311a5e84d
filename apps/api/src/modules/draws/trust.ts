// The trust level every public payload carries for a raffle's draw (packages/shared/src/domain/
// draw-trust.ts). An internal raffle is bound to a drand chain when its record names the round; before
// that, the chain it will be bound to is the one this server is configured with (DRAND_CHAIN_INFO), so
// a buyer sees the warning of a non-League-of-Entropy chain before buying, not only after the draw.
import type { DrandChainInfo } from "@rifazo/shared/domain/drand";
import { type DrawTrustLevel, drawTrust } from "@rifazo/shared/domain/draw-trust";
import type { RecordSummary } from "./repository";

type ChainRef = Pick<DrandChainInfo, "hash" | "public_key">;

// The configuration is per process (environment variables); buildApp sets it once, so the many pure
// payload builders (cards, details, winners, favourites, admin) need not carry it around.
let configuredChain: ChainRef | null = null;

export function setConfiguredDrawChain(chain: ChainRef): void {
  configuredChain = { hash: chain.hash, public_key: chain.public_key };
}

export interface TrustRow {
  announcementType: string;
  externalLottery: string | null;
  drawAlgorithm: string | null;
}

export function drawTrustOf(row: TrustRow, record: Pick<RecordSummary, "chain"> | undefined): DrawTrustLevel {
  return drawTrust({
    // A lottery raffle whose record named a drand round fell back to drand (decision 0024).
    announcementType: row.announcementType === "external" && !record?.chain ? "external" : "internal",
    hasLotteryBinding: row.externalLottery !== null && row.externalLottery !== "",
    drawAlgorithm: row.drawAlgorithm,
    chain: record?.chain ?? configuredChain,
  });
}
