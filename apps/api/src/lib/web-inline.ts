import { createHash, randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import {
  CODE_CACHED_COOKIE,
  INLINE_ADDRESS_SCRIPT,
  INLINE_BOOT_SCRIPT,
  INLINE_MODULE_TYPE,
  NONCE_TIMING,
  ORIGIN_PLACEHOLDER,
  RESOLVE_GLOBAL,
} from "@rifazo/shared/inline-code";
import type { FastifyReply } from "fastify";

/**
 * Pages that carry their code (docs/decisions/0036-code-in-the-page.md, @rifazo/shared/inline-code): the
 * chunks a rendered page preloads travel at the end of its body as inert text, made into modules by the
 * page's boot script. On Slow 3G that saves the scripts' own round trip (2 s) and uses the line while the
 * HTML would otherwise be the only thing on it.
 */

const hashSource = (script: string) => `'sha256-${createHash("sha256").update(script).digest("base64")}'`;
/** The CSP sources of the two scripts such a page adds, by their hashes. */
export const INLINE_SCRIPT_SOURCES = `${hashSource(INLINE_ADDRESS_SCRIPT)} ${hashSource(INLINE_BOOT_SCRIPT)}`;

/** A chunk named in the page: `"./x.js"` or `` `./x.js` `` (rolldown's static and dynamic imports). */
const CHUNK_REFERENCE = /(["`])\.\/([\w.-]+\.js)\1/g;

/**
 * V8's explicit compile hint (Chrome 136 and later; a comment elsewhere): every function of the file is
 * compiled with the file rather than lazily on the main thread at its first call, during hydration. A
 * carried chunk is only what the page starts with, so little is compiled in vain. Measured with the blob
 * pieces, against neither, 5 Lighthouse runs per page on one day: TBT 1,082–1,926 ms against 2,057–2,971
 * ms (docs/decisions/0036-code-in-the-page.md).
 */
export const EAGER_COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

/**
 * A chunk's text as a module without an address of its own (a blob): every chunk it names, by the page's
 * origin and its path (the import map then gives the inlined ones, the network the rest), its own
 * `import.meta.url` as its real address and `import.meta.resolve` as the import map's answer (Vite's
 * preload helper), after the compile hint. Null when it cannot sit inside a <script> element as it is, or
 * uses import.meta otherwise: the page then fetches its code as usual.
 */
export function inlineModuleText(file: string, code: string, chunks: ReadonlySet<string>): string | null {
  if (/<\/script|<!--/i.test(code)) return null;
  const text = code
    .replace(/\n\/\/# sourceMappingURL=\S+\s*$/, "")
    .replace(CHUNK_REFERENCE, (reference, quote: string, name: string) =>
      chunks.has(name) ? `${quote}${ORIGIN_PLACEHOLDER}/assets/${name}${quote}` : reference,
    )
    .replaceAll("import.meta.url", JSON.stringify(`${ORIGIN_PLACEHOLDER}/assets/${file}`))
    .replaceAll("import.meta.resolve", `globalThis.${RESOLVE_GLOBAL}`);
  return text.includes("import.meta") ? null : EAGER_COMPILE_HINT + text;
}

const PRELOAD = /\s*<link rel="modulepreload" crossorigin href="\/assets\/([\w.-]+\.js)"( data-app-entry)?>/g;
const BOOT = /\s*<script type="module" src="\/boot\.js"><\/script>/;

/**
 * For a page's HTML, how to make its variant that carries its code (from the built chunks in
 * `<root>/assets`, read once), or null when it cannot carry it all.
 */
export function createCodeInliner(root: string): (html: string) => (() => string) | null {
  const dir = path.join(root, "assets");
  const chunks = new Set(existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith(".js")) : []);
  // Each chunk's element, made once and shared by every page that carries it.
  const elements = new Map<string, string | null>();
  const elementOf = (name: string, entry: boolean) => {
    const key = `${name}${entry ? " entry" : ""}`;
    if (!elements.has(key)) {
      const text = chunks.has(name)
        ? inlineModuleText(name, readFileSync(path.join(dir, name), "utf8"), chunks)
        : null;
      const attributes = `type="${INLINE_MODULE_TYPE}" data-src="/assets/${name}"${entry ? " data-entry" : ""}`;
      elements.set(key, text === null ? null : `<script ${attributes}>${text}</script>`);
    }
    return elements.get(key) ?? null;
  };
  return (html) => {
    const headEnd = html.indexOf("</head>");
    const bodyEnd = html.lastIndexOf("</body>");
    if (headEnd < 0 || bodyEnd < 0 || !BOOT.test(html.slice(0, headEnd))) return null;
    const blocks: string[] = [];
    for (const [, name, entry] of html.slice(0, headEnd).matchAll(PRELOAD)) {
      const block = elementOf(name as string, entry !== undefined);
      if (block === null) return null;
      blocks.push(block);
    }
    if (!blocks.some((block) => block.includes(" data-entry>"))) return null;
    return () => {
      const head = html.slice(0, headEnd).replace(PRELOAD, "").replace(BOOT, "");
      const code = `<script>${INLINE_ADDRESS_SCRIPT}</script>\n${blocks.join("\n")}\n<script>${INLINE_BOOT_SCRIPT}</script>`;
      return `${head}${html.slice(headEnd, bodyEnd)}${code}\n${html.slice(bodyEnd)}`;
    };
  };
}

/** True when the browser said its service worker holds the app's code (the cookie the app sets). */
export function codeIsCached(cookieHeader: string | undefined): boolean {
  return (cookieHeader ?? "").split(";").some((pair) => pair.trim().startsWith(`${CODE_CACHED_COOKIE}=`));
}

/**
 * The headers of a page that carries its code: a fresh nonce allows its one import map (told to the boot
 * script through Server-Timing, so the cached HTML stays the same for everyone), the boot script by its
 * hash, and the blob modules it makes. The rest of the policy is the site's.
 */
export function allowInlineCode(reply: FastifyReply): void {
  const nonce = randomBytes(16).toString("base64");
  const policy = reply.getHeader("content-security-policy");
  if (typeof policy === "string")
    reply.header(
      "content-security-policy",
      policy.replace(
        "script-src 'self'",
        `script-src 'self' ${INLINE_SCRIPT_SOURCES} 'nonce-${nonce}' blob:`,
      ),
    );
  reply.header("server-timing", `${NONCE_TIMING};desc="${nonce}"`);
}
