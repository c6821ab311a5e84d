// What other modules may use of this one (docs/decisions/0026-api-module-walls.md).
export { type AuditActor, recordActorAudit, recordAudit, recordRaffleAudit } from "./service";
