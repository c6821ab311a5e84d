// Pure domain logic shared by the API and the web app (no I/O, no clocks).
export * from "./draw-engine";
export * from "./draw-page-state";
export * from "./exchange-rate";
export * from "./levels";
export * from "./payment-reference";
export * from "./purchase-limits";
export * from "./raffle-card-state";
export * from "./raffle-lifecycle";
export * from "./raffle-progress";
export * from "./tickets";
