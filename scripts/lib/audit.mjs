// What `npm audit --omit=dev --json` means for CI: high or critical advisories in what production
// installs fail the run; low and moderate ones are listed; an audit that could not be fetched is said out
// loud (see scripts/audit.mjs for why it does not fail by itself).

const BLOCKING = new Set(["high", "critical"]);

/**
 * @param {string} stdout npm audit's JSON output
 * @param {{ required?: boolean }} [options] required: an unavailable audit fails too
 * @returns {{ status: "clean" | "findings" | "unavailable", ok: boolean, lines: string[] }}
 */
export function auditVerdict(stdout, options = {}) {
  let report;
  try {
    report = JSON.parse(stdout);
  } catch {
    report = undefined;
  }
  const counts = report?.metadata?.vulnerabilities;
  if (!report || typeof counts !== "object" || counts === null) {
    // npm prints its own error as JSON ({ message, statusCode, ... }) when the registry refuses the audit.
    const reason =
      report?.message ?? report?.error?.summary ?? (stdout.trim().slice(0, 200) || "sin respuesta");
    return {
      status: "unavailable",
      ok: !options.required,
      lines: [
        "AVISO: npm audit no pudo consultar la base de avisos de seguridad del registro.",
        `       Motivo: ${reason}`,
        "       Las dependencias de producción NO se comprobaron en esta ejecución.",
      ],
    };
  }
  const blocking = Object.values(report.vulnerabilities ?? {}).filter((v) => BLOCKING.has(v.severity));
  const summary = `avisos: ${counts.critical ?? 0} críticos, ${counts.high ?? 0} altos, ${counts.moderate ?? 0} moderados, ${counts.low ?? 0} bajos`;
  if (blocking.length === 0)
    return { status: "clean", ok: true, lines: [`npm audit --omit=dev: ${summary}.`] };
  const lines = [`npm audit --omit=dev: ${summary}. Hay que actualizar:`];
  for (const v of blocking) {
    const advisories = (v.via ?? []).filter((via) => typeof via === "object");
    const titles = advisories.map((a) => `${a.title} (${a.url})`).join("; ");
    lines.push(
      `  ${v.severity.toUpperCase()} ${v.name} ${v.range ?? ""}${titles ? `: ${titles}` : ` (vía ${v.via.join(", ")})`}`,
    );
  }
  return { status: "findings", ok: false, lines };
}
