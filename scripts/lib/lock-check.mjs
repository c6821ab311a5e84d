// Finds the optional dependencies that package-lock.json declares but does not record.
// `npm ci` checks every declared dependency against the lock, including the platform builds of
// native tools (biome, esbuild, rollup, tailwind's oxide, lightningcss, sharp...). npm only records
// those the registry serves when the lock is written, so a lock written where the registry serves
// one platform passes `npm ci` there and is refused ("Missing: ... from lock file") on a machine whose
// registry serves them all. Reading the lock itself keeps this check offline and fast.
import semver from "semver";

/** Where npm would resolve `name` from the package at `from` (a key of `packages`), or null. */
export function resolveInLock(packages, from, name) {
  let base = from;
  for (;;) {
    const key = base === "" ? `node_modules/${name}` : `${base}/node_modules/${name}`;
    if (packages[key]) return key;
    if (base === "") return null;
    const nested = base.lastIndexOf("/node_modules/");
    base = nested === -1 ? "" : base.slice(0, nested);
  }
}

/**
 * Every optional dependency (and every dependency of an optional package) that the lock lacks, or
 * records at a version outside the declared range: [{ from, name, range, found }].
 */
export function missingOptionalPackages(lock) {
  const packages = lock.packages ?? {};
  const missing = [];
  for (const [from, entry] of Object.entries(packages)) {
    if (entry.link) continue;
    // A platform build's own dependencies (the wasm builds' @emnapi/*, @napi-rs/*) are recorded only
    // where the build itself is, so they are checked along with the optional ones.
    const declared = { ...(entry.optional ? entry.dependencies : {}), ...entry.optionalDependencies };
    for (const [name, range] of Object.entries(declared)) {
      const key = resolveInLock(packages, from, name);
      const found = key ? packages[key] : undefined;
      if (!found) {
        missing.push({ from, name, range, found: null });
        continue;
      }
      const version = found.link ? packages[found.resolved]?.version : found.version;
      // Aliases (npm:...), tags and URLs are not semver ranges; presence is what npm ci checks there.
      if (version && semver.validRange(range) && !semver.satisfies(version, range)) {
        missing.push({ from, name, range, found: version });
      }
    }
  }
  return missing;
}
