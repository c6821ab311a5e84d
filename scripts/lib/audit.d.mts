export interface AuditVerdict {
  status: "clean" | "findings" | "unavailable";
  ok: boolean;
  lines: string[];
}
export function auditVerdict(stdout: string, options?: { required?: boolean }): AuditVerdict;
