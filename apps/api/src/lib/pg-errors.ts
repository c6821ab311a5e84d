/**
 * The constraint named by a unique violation (SQLSTATE 23505), or null for any other error. Drivers differ
 * (node-postgres, PGlite) and drizzle may wrap the driver error in `cause`, so the chain is walked.
 */
export function uniqueViolation(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: string; constraint?: string; message?: string; detail?: string };
    if (candidate.code === "23505") {
      if (candidate.constraint) return candidate.constraint;
      const named = /constraint "([^"]+)"/.exec(String(candidate.message ?? ""));
      return named?.[1] ?? "";
    }
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}
