// CI: no high or critical advisory in the dependencies production installs (`npm audit --omit=dev`).
// When the registry does not answer audit requests (some mirrors and proxies refuse the POST to
// /-/npm/v1/security/advisories/bulk), the run prints a loud warning and goes on: that says nothing about
// the code, and failing would block every run on such a machine. AUDIT_REQUIRED=1 makes it fail instead,
// for a CI that can reach the registry and must never skip the check.
import { spawnSync } from "node:child_process";
import { auditVerdict } from "./lib/audit.mjs";

const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const result = spawnSync(npm, ["audit", "--omit=dev", "--audit-level=high", "--json"], {
  encoding: "utf8",
  maxBuffer: 64 * 1024 * 1024,
});
const required = ["1", "true", "yes"].includes((process.env.AUDIT_REQUIRED ?? "").toLowerCase());
const verdict = auditVerdict(result.stdout ?? "", { required });
const out = verdict.status === "clean" ? console.log : console.error;
for (const line of verdict.lines) out(line);
if (verdict.status === "unavailable" && !required) {
  console.error("       (AUDIT_REQUIRED=1 convierte este aviso en un fallo.)");
}
process.exit(verdict.ok ? 0 : 1);
