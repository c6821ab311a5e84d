// Pure domain logic shared by the API and the web app (no I/O, no clocks).

// The package root also re-exports schemas/draws, whose DrawRecord (a v1 draw summary) predates the v2
// record: this explicit export settles the name for the root, and the v2 record is DrawRecordV2 there
// (DrawRecord when imported from "@rifazo/shared/domain/draw-record").
export type { DrawRecord } from "../schemas/draws";
export * from "./abonos";
export * from "./claim-period";
export * from "./dates";
export * from "./drand";
export * from "./draw-checkpoint";
export * from "./draw-engine";
export * from "./draw-engine-v2";
export * from "./draw-page-state";
export * from "./draw-record";
export * from "./draw-round-late";
export * from "./draw-trust";
export * from "./exchange-rate";
export * from "./glossary";
export * from "./levels";
export * from "./lottery-binding";
export * from "./money";
export * from "./number-bitmap";
export * from "./owner-tag";
export * from "./payment-reference";
export * from "./phone";
export * from "./plural";
export * from "./pricing";
export * from "./prizes";
export * from "./proof-analysis";
export * from "./purchase-limits";
export * from "./purchase-state";
export * from "./raffle-card-state";
export * from "./raffle-lifecycle";
export * from "./raffle-progress";
export * from "./seller-code";
export * from "./tickets";
export * from "./venezuelan-banks";
export * from "./whatsapp";
