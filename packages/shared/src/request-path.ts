// What a request's path is, decided once for the server and the service worker (docs/security.md, "La API en
// general"). The API's router (find-my-way) decodes a path before matching it (`/%61pi/x` is routed as
// `/api/x`), while a guard that reads the raw URL sees `/%61pi/x`: two readings of one request, and a
// guard that matches on the raw one can be walked around. So only one spelling of each path is accepted,
// the one in which the raw path and the decoded path are the same string for every guard:
//
// - it starts with "/" (no absolute-form "http://host/..." nor "*"), carries no "#" and no "\";
// - no empty segment ("//") and no dot segment ("." or ".."), which some layers resolve and others do not;
// - a percent-escape is two upper-case hex digits and never stands for a character that needs none: an
//   unreserved one (letters, digits, "-", ".", "_", "~"), nor "/", "\" or "%" (double encoding);
// - a first segment without capitals: every route of ours begins in lower case ("/api", "/assets",
//   "/recibo"...), and the web app's router matches pages ignoring case, so "/RECIBO/x" would render the
//   private receipt page past the guards that match "/recibo/".
//
// Browsers never send anything else for a link or a fetch of ours: the WHATWG URL parser resolves dot
// segments (also "%2e"), turns "\" into "/", drops the fragment, and never escapes an unreserved character.
// Anything else is a hand-made request, refused (the API answers 400; the service worker leaves it alone).

/** Characters whose escape makes a second spelling of the same path (RFC 3986 §2.3 unreserved, plus / \ %). */
const NEEDLESS_ESCAPE = /^[A-Za-z0-9\-._~/\\%]$/;

export const NON_CANONICAL_PATH_MESSAGE =
  "La dirección solicitada no es válida: escríbela sin codificar letras, barras ni puntos.";

/**
 * The path of a request target (its part before "?") when the target is written in its one accepted
 * spelling, else null. The result is exactly what the API's router matches and what every guard reads.
 */
export function canonicalPath(target: string): string | null {
  if (!target.startsWith("/") || target.includes("#")) return null;
  const query = target.indexOf("?");
  const path = query === -1 ? target : target.slice(0, query);
  if (path.includes("\\")) return null;
  const segments = path.slice(1).split("/");
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i] ?? "";
    // An empty last segment is a trailing slash ("/" itself, "/rifas/"): one spelling of its own path.
    if (segment === "" && i < segments.length - 1) return null;
    if (segment === "." || segment === "..") return null;
  }
  for (let i = path.indexOf("%"); i !== -1; i = path.indexOf("%", i + 1)) {
    const hex = path.slice(i + 1, i + 3);
    if (!/^[0-9A-F]{2}$/.test(hex)) return null;
    const code = Number.parseInt(hex, 16);
    if (code < 0x80 && NEEDLESS_ESCAPE.test(String.fromCharCode(code))) return null;
  }
  if (/[A-Z]/.test(segments[0] ?? "")) return null;
  return path;
}

/** Whether `path` is `prefix` or lies under it ("/api" holds "/api" and "/api/x", not "/apix"). */
export function pathIsUnder(path: string, prefix: string): boolean {
  const base = prefix.endsWith("/") ? prefix.slice(0, -1) : prefix;
  return path === base || path.startsWith(`${base}/`);
}
