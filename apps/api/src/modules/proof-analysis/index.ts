// What other modules may use of this one (docs/decisions/0026-api-module-walls.md).
export { createOcrReader } from "./ocr";
export type { ProofReader } from "./service";
export { createProofAnalysisWorker, type ProofAnalysisWorker, scheduleProofAnalysis } from "./worker";
