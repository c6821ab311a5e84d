// No high or critical advisory in what production installs: CI runs scripts/audit.mjs
// (`npm audit --omit=dev --audit-level=high`) right after `npm ci`. Its verdict is checked here on the
// report shapes npm prints: findings, a clean tree and a registry that refuses the audit request.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { auditVerdict } from "../../../../scripts/lib/audit.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");

function report(vulnerabilities: Record<string, { severity: string; via: unknown[]; range?: string }>) {
  const counts = { info: 0, low: 0, moderate: 0, high: 0, critical: 0, total: 0 };
  for (const v of Object.values(vulnerabilities)) {
    counts[v.severity as keyof typeof counts] += 1;
    counts.total += 1;
  }
  const entries = Object.entries(vulnerabilities).map(([name, v]) => [name, { name, isDirect: false, ...v }]);
  return JSON.stringify({
    auditReportVersion: 2,
    vulnerabilities: Object.fromEntries(entries),
    metadata: { vulnerabilities: counts, dependencies: { prod: 300, total: 300 } },
  });
}

describe("dependency audit in CI", () => {
  it("fails on a high or critical advisory and names it", () => {
    const verdict = auditVerdict(
      report({
        "path-to-regexp": {
          severity: "high",
          range: "<0.1.12",
          via: [
            {
              title: "ReDoS in path-to-regexp",
              url: "https://github.com/advisories/GHSA-x",
              severity: "high",
            },
          ],
        },
        express: { severity: "high", via: ["path-to-regexp"] },
        debug: { severity: "low", via: [{ title: "Menor", url: "https://example.com", severity: "low" }] },
      }),
    );
    expect(verdict.status).toBe("findings");
    expect(verdict.ok).toBe(false);
    const text = verdict.lines.join("\n");
    expect(text).toContain("HIGH path-to-regexp <0.1.12: ReDoS in path-to-regexp");
    expect(text).toContain("express");
    expect(text).not.toContain("debug");
  });

  it("passes with only low and moderate advisories, and says how many", () => {
    const verdict = auditVerdict(report({ debug: { severity: "moderate", via: [] } }));
    expect(verdict).toMatchObject({ status: "clean", ok: true });
    expect(verdict.lines.join("\n")).toContain("1 moderados");
  });

  it("says loudly when the registry does not answer, and fails then only when the audit is required", () => {
    // What npm prints on a registry (or proxy) that refuses the POST of the bulk advisory request.
    const refused = JSON.stringify({
      message: "405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk",
      statusCode: 405,
      error: { summary: "", detail: "" },
    });
    const relaxed = auditVerdict(refused);
    expect(relaxed.status).toBe("unavailable");
    expect(relaxed.ok).toBe(true);
    expect(relaxed.lines.join("\n")).toMatch(
      /AVISO.*no pudo consultar[\s\S]*405 Method Not Allowed[\s\S]*NO se comprobaron/,
    );
    expect(auditVerdict(refused, { required: true }).ok).toBe(false);
    expect(auditVerdict("", { required: true })).toMatchObject({ status: "unavailable", ok: false });
  });

  it("CI runs it on production dependencies right after npm ci, before the tests", () => {
    const ci = readFileSync(path.join(root, ".ci/run"), "utf8");
    const at = (needle: string) => ci.indexOf(needle);
    expect(at("node scripts/audit.mjs")).toBeGreaterThan(at("npm ci --no-audit"));
    expect(at("node scripts/audit.mjs")).toBeLessThan(at(`step "npm test`));
    const script = readFileSync(path.join(root, "scripts/audit.mjs"), "utf8");
    expect(script).toContain('"--omit=dev", "--audit-level=high"');
  });
});
