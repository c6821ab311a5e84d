export type { DrawResult, TicketVerificationResponse } from "./api";
export { drawApi, drawsQuery } from "./api";
export { celebrate } from "./components/confetti";
export { DrawRecords } from "./components/draw-records";
export { Roulette } from "./components/roulette";
export { prefersReducedMotion } from "./lib/roulette";
export { verifierHeadline } from "./lib/verifier-headline";
