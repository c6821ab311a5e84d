import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { brotliCompressSync, gzipSync, constants as zlibConstants } from "node:zlib";
import fastifyStatic from "@fastify/static";
import { urlCarriesSecret } from "@rifazo/shared/secret-urls";
import { max } from "drizzle-orm";
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../config";
import { events } from "../db/schema";
import { errorBody } from "./errors";
import { acceptedValues } from "./http-cache";
import { type FormReturn, setFormPageRenderer } from "./native-form";
import { createPageCache } from "./page-cache";
import { hasSessionCookie } from "./session-cookie";
import { allowInlineCode, codeIsCached, createCodeInliner } from "./web-inline";

const here = path.dirname(fileURLToPath(import.meta.url));

/** The built web app's folder, from the source tree or from the bundled server. */
export function findWebDist(config: Config): string | undefined {
  const candidates = [
    config.webDist,
    path.resolve(here, "../../../web/dist"),
    path.resolve(here, "../../web/dist"),
  ].filter((c): c is string => Boolean(c));
  return candidates.find((c) => existsSync(path.join(c, "index.html")));
}

/** apps/web/src/entry-server.tsx, as built into apps/web/dist/server. */
interface ServerRenderer {
  render(input: {
    url: string;
    fetchApi: (path: string, init: RequestInit) => Promise<Response>;
    lastEventId?: number | null;
    timeoutMs?: number;
    form?: FormReturn;
    answersPost?: boolean;
  }): Promise<RenderedPage | null>;
}

interface RenderedPage {
  html: string;
  title: string | null;
  state: string;
  /** The page's own code beyond the entry's, to preload ("/assets/….js"). */
  preloads?: string[];
  /** The code of the page a signed-in buyer most likely opens next, to prefetch ("/assets/….js"). */
  nextPageCode?: string[];
}

async function loadRenderer(root: string, log: FastifyBaseLogger): Promise<ServerRenderer | undefined> {
  const entry = path.join(root, "server", "entry-server.js");
  if (!existsSync(entry)) {
    log.warn("No se encontró apps/web/dist/server: las páginas se servirán sin renderizar en el servidor.");
    return undefined;
  }
  return (await import(pathToFileURL(entry).href)) as ServerRenderer;
}

const ROOT_ELEMENT = '<div id="root"></div>';
const TITLE = /<title>[^<]*<\/title>/;

/** The page's HTML: rendered on the server when the page supports it, else the shell the browser renders. */
function pageHtml(template: string, rendered: RenderedPage | null) {
  if (!rendered) return template;
  // Replacer functions: the page's text may contain "$&" and the like, special in replacement strings.
  let html = template.replace(
    ROOT_ELEMENT,
    () =>
      `<div id="root">${rendered.html}</div><script type="application/json" id="rifazo-state">${rendered.state}</script>`,
  );
  // The title the page stated, escaped by the renderer (the template's is the home page's).
  const { title } = rendered;
  if (title !== null) html = html.replace(TITLE, () => `<title>${title}</title>`);
  // The page's own chunks, right after the entry's in <head> (decisions 0031, 0032): fetched beside them.
  const links = (rendered.preloads ?? [])
    .filter((href) => /^\/assets\/[\w.-]+\.js$/.test(href))
    .map((href) => `<link rel="modulepreload" crossorigin href="${href}">`);
  if (links.length > 0) html = afterEntryPreloads(html, links.join("\n    "));
  return html;
}

/**
 * The page, and its variant for a signed-in buyer when it names a next page (a raffle on sale names the
 * payment page): `<link rel="prefetch">` at the end of <head>, fetched at the lowest priority, after what
 * the page itself needs, into the HTTP cache the next page's scripts are then read from.
 */
function pageBody(template: string, rendered: RenderedPage, inline: Inliner): PageBody {
  const html = pageHtml(template, rendered);
  const body = new PageBody(html, inline);
  const links = (rendered.nextPageCode ?? [])
    .filter((href) => /^\/assets\/[\w.-]+\.js$/.test(href))
    .map((href) => `<link rel="prefetch" as="script" crossorigin href="${href}">`);
  if (links.length > 0)
    body.buyer = new PageBody(
      html.replace("</head>", () => `${links.join("\n    ")}\n  </head>`),
      inline,
    );
  return body;
}

/** lib/web-inline.ts: how to make a page's variant that carries its code, or null when it cannot. */
type Inliner = (html: string) => (() => string) | null;

/** Inserts after the last of the entry's preloads in <head> (apps/web/vite.config.ts, paintBeforeScripts). */
function afterEntryPreloads(html: string, markup: string): string {
  const last = html.lastIndexOf('<link rel="modulepreload"', html.indexOf("</head>"));
  const end = last < 0 ? -1 : html.indexOf(">", last) + 1;
  if (end <= 0) return html.replace("</head>", () => `  ${markup}\n  </head>`);
  return `${html.slice(0, end)}\n    ${markup}${html.slice(end)}`;
}

/**
 * Pages behind a private link (/recibo/:token, apps/web/src/lib/paths.ts), and any page whose address
 * carries a secret (the password-reset page with its token): @rifazo/shared/secret-urls. Takes the
 * request's canonical path with its query.
 */
export function isPrivatePage(url: string): boolean {
  return url.startsWith("/recibo/") || urlCarriesSecret(url) || isBuyerPage(url);
}

/**
 * The one signed-in page rendered on the server, with the visitor's own session: a reservation's payment
 * page (decision 0029), where a reservation made without JavaScript lands. Never kept in the page cache.
 */
export function isBuyerPage(url: string): boolean {
  return /^\/perfil\/subir-comprobante\/[^/?#]+\?reserva=[^&#]+$/.test(url);
}

type PageEncoding = "br" | "gzip" | "identity";

/** br, else gzip, else none, from Accept-Encoding (a q=0 entry refuses that encoding). */
export function pageEncoding(acceptEncoding: string | undefined): PageEncoding {
  const accepted = acceptedValues(acceptEncoding);
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip")) return "gzip";
  return "identity";
}

/**
 * Brotli's quality for pages: a page that carries its code is about 370 kB of text, made again whenever a
 * raffle event empties the cache (a sale's every approval) and for every personal page. Measured on the
 * catalogue's page (decision 0036): 6 gives 92.2 kB in a fifth of 9's time (91.1 kB), 4 gives 99.0 kB.
 */
const PAGE_BROTLI_QUALITY = 6;

/** A page's HTML and its compressed forms, each made once (a cached page is sent many times). */
class PageBody {
  private readonly encoded = new Map<PageEncoding, Buffer>();
  /**
   * The same page for a request with a session: it also prefetches the next page's code. The link names
   * public files only, so a shared cache that served it to a visitor would cost them bytes, nothing else.
   */
  buyer?: PageBody;
  private carried: PageBody | null | undefined;
  /**
   * @param source the HTML, or how to make it (a page carrying its code keeps only its compressed bytes:
   *   its text is the page's plus chunks the inliner holds once for every page).
   */
  constructor(
    private readonly source: string | (() => string),
    private readonly inliner?: Inliner,
  ) {}

  get html(): string {
    return typeof this.source === "string" ? this.source : this.source();
  }

  /** The same page carrying the code it preloads (lib/web-inline.ts), made on first use; null if it cannot. */
  get inline(): PageBody | null {
    if (this.carried === undefined) {
      const make = this.inliner?.(this.html);
      this.carried = make ? new PageBody(make) : null;
    }
    return this.carried;
  }

  body(encoding: PageEncoding): Buffer | string {
    if (encoding === "identity") return this.html;
    let buffer = this.encoded.get(encoding);
    if (!buffer) {
      const html = this.html;
      buffer =
        encoding === "br"
          ? brotliCompressSync(html, {
              params: {
                [zlibConstants.BROTLI_PARAM_QUALITY]: PAGE_BROTLI_QUALITY,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: html.length,
              },
            })
          : gzipSync(html, { level: 9 });
      this.encoded.set(encoding, buffer);
    }
    return buffer;
  }
}

/**
 * Serves the web app: hashed assets cached for a year; for every page route, the page rendered on the
 * server with its data (public pages: home, catalogue, raffle detail), or index.html for the browser to
 * render. A failure or a slow render falls back to index.html: the browser then renders the page itself.
 */
export async function registerWeb(app: FastifyInstance, config: Config): Promise<void> {
  const root = findWebDist(config);
  const renderer = root ? await loadRenderer(root, app.log) : undefined;

  const inline = root ? createCodeInliner(root) : () => null;
  const pages = createPageCache<PageBody>(app.ctx.events, { ttlMs: config.pageCacheSeconds * 1000 });
  app.addHook("onClose", async () => pages.close());

  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    setPageHeaders(request, reply);
    reply.type("text/html; charset=utf-8");
    if (!renderer || request.method !== "GET") return sendBody(request, reply, shell);
    // The rest of the signed-in area renders in the browser (decision 0005).
    const profile = request.canonicalPath === "/perfil" || request.canonicalPath.startsWith("/perfil/");
    if (profile && !isBuyerPage(request.url)) return sendBody(request, reply, shell);
    if (isBuyerPage(request.url)) return sendRendered(request, reply, { url: request.url });
    try {
      // Read before the data: the browser's live updates start from here, so nothing that changes while
      // the page renders and loads is missed (GET /api/events?lastEventId= replays it). Ids are taken at
      // insert: an event of a transaction still open now, with a smaller id, would not be replayed; the
      // page then catches up with the next event of that raffle.
      // Keyed by the whole target: request.url holds the canonical path (lib/request-path.ts refused any
      // other spelling), so one page has one key and an alternate spelling cannot fill or poison it.
      const page = await pages.get(request.url, async () => {
        const [latest] = await app.ctx.db.select({ id: max(events.id) }).from(events);
        const rendered = await renderer.render({
          url: request.url,
          fetchApi: apiFetcher(app, request.ip),
          lastEventId: latest?.id ?? 0,
        });
        return rendered ? pageBody(template, rendered, inline) : shell;
      });
      return sendBody(request, reply, hasSessionCookie(request.headers.cookie) ? (page.buyer ?? page) : page);
    } catch (error) {
      request.log.warn({ err: error, url: request.url }, "no se pudo renderizar la página en el servidor");
      return sendBody(request, reply, shell);
    }
  };

  const notFound = (reply: FastifyReply) => reply.status(404).send(errorBody("NOT_FOUND"));
  app.setNotFoundHandler((_request, reply) => notFound(reply));
  if (!root) {
    app.log.warn("No se encontró apps/web/dist: ejecuta `npm run build` para servir el sitio.");
    return;
  }
  // Every page path, as a route rather than in the not-found handler, so responses are compressed
  // (@fastify/compress hooks into routes; a rendered catalogue is ~50 kB of HTML, ~8 kB compressed).
  app.get("/*", { schema: { hide: true } }, (request, reply) => {
    // A missing hashed asset (an old tab after a deploy) must be a 404, not index.html with status 200.
    const { canonicalPath } = request;
    if (canonicalPath.startsWith("/api/") || canonicalPath.startsWith("/assets/")) return notFound(reply);
    return sendPage(request, reply);
  });
  const indexHtml = readFileSync(path.join(root, "index.html"));
  const template = indexHtml.toString("utf8");
  const shell = new PageBody(template);
  if (renderer && !template.includes(ROOT_ELEMENT)) throw new Error(`index.html no contiene ${ROOT_ELEMENT}`);
  const sendRendered = personalPageSender(app, { renderer, template, shell, inline });
  // A refused native form (lib/native-form.ts) is answered with its page rendered again.
  setFormPageRenderer(app, (request, reply, page) => {
    reply.status(page.status);
    // The page a form led to is the buyer's own, as when its address is asked for (setPageHeaders).
    if (page.answersPost) {
      reply.header("x-robots-tag", "noindex, nofollow");
      reply.header("referrer-policy", "same-origin");
    }
    return sendRendered(request, reply, page);
  });
  await registerStatic(app, root);
}

/**
 * Sends a page rendered for this visitor alone, with their session (the cookie goes to the in-process API
 * calls) and, after a refused form, its message and values: never cached, here or anywhere (decision 0029).
 */
function personalPageSender(
  app: FastifyInstance,
  {
    renderer,
    template,
    shell,
    inline,
  }: { renderer: ServerRenderer | undefined; template: string; shell: PageBody; inline: Inliner },
) {
  return async (
    request: FastifyRequest,
    reply: FastifyReply,
    page: { url: string; form?: FormReturn; answersPost?: boolean; unrendered?: () => unknown },
  ): Promise<unknown> => {
    reply.type("text/html; charset=utf-8");
    reply.header("cache-control", "private, no-store");
    let rendered: RenderedPage | null | undefined;
    try {
      const [latest] = await app.ctx.db.select({ id: max(events.id) }).from(events);
      rendered = await renderer?.render({
        url: page.url,
        fetchApi: apiFetcher(app, request.ip, request.headers.cookie),
        lastEventId: latest?.id ?? 0,
        ...(page.form ? { form: page.form } : {}),
        ...(page.answersPost ? { answersPost: true } : {}),
      });
    } catch (error) {
      request.log.warn({ err: error, url: page.url }, "no se pudo renderizar la página en el servidor");
    }
    if (rendered) {
      // Rendered for a signed-in visitor: with the code it prefetches for them, if it names any.
      const body = pageBody(template, rendered, inline);
      return sendBody(request, reply, body.buyer ?? body);
    }
    // The shell at a form's address would show the app's "not found": the form's own fallback instead.
    if (page.unrendered) return page.unrendered();
    return sendBody(request, reply, shell);
  };
}

/**
 * The renderer asks the API for the page's data in-process, through the same routes browsers use, as
 * the visitor: a rate limit per address (the ticket verifier's, rendered from ?numero=) counts the
 * visitor's requests, not every visitor's under the server's own address.
 */
function apiFetcher(app: FastifyInstance, remoteAddress: string, cookie?: string) {
  return async (apiPath: string, init: RequestInit): Promise<Response> => {
    if ((init.method ?? "GET") !== "GET")
      throw new Error("El renderizado en el servidor solo hace lecturas.");
    const response = await app.inject({
      method: "GET",
      url: apiPath,
      // The session cookie only for pages rendered for their visitor alone (sendRendered), never cached.
      headers: { accept: "application/json", ...(cookie ? { cookie } : {}) },
      remoteAddress,
    });
    const bodyless = response.statusCode === 204 || response.statusCode === 304;
    return new Response(bodyless ? null : new Uint8Array(response.rawPayload), {
      status: response.statusCode,
      headers: { "content-type": String(response.headers["content-type"] ?? "") },
    });
  };
}

/** Sends a page compressed here (cached pages keep their compressed bytes), not by @fastify/compress. */
function sendBody(request: FastifyRequest, reply: FastifyReply, sent: PageBody) {
  let page = sent;
  const carried = codeIsCached(request.headers.cookie) ? null : page.inline;
  if (carried) {
    allowInlineCode(reply);
    page = carried;
  }
  const encoding = pageEncoding(request.headers["accept-encoding"]);
  reply.header("vary", "accept-encoding");
  if (encoding !== "identity") reply.header("content-encoding", encoding);
  return reply.send(page.body(encoding));
}

function setPageHeaders(request: FastifyRequest, reply: FastifyReply): void {
  // request.url holds the canonical path (lib/request-path.ts refused any other spelling) with the query.
  if (isPrivatePage(request.url)) {
    // A receipt's page is its private link (a reset page's token too): never kept by a cache nor indexed.
    reply.header("cache-control", "private, no-store");
    reply.header("x-robots-tag", "noindex, nofollow");
    // The payment page posts its proof form to us: under no-referrer the browser would send "Origin: null",
    // which the CSRF guard refuses. Its address carries no secret; nothing of it leaves the site.
    reply.header("referrer-policy", isBuyerPage(request.url) ? "same-origin" : "no-referrer");
  } else {
    reply.header("cache-control", "no-cache");
  }
}

/** The built site's files: hashed assets cached for a year, the rest revalidated. */
async function registerStatic(app: FastifyInstance, root: string): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each asset (apps/web/vite.config.ts): sent as they are.
    preCompressed: true,
    // dist/server holds the server renderer: registerWeb loads it, it is never sent.
    allowedPath: (pathName) => !pathName.startsWith("/server/"),
    setHeaders(res, filePath) {
      // The service worker and the manifest keep their names across versions (decision 0017): always
      // revalidated, so a new version is found on the next visit.
      const revalidated =
        path.dirname(filePath) === path.resolve(root) &&
        /^(sw\.js|manifest\.webmanifest)$/.test(path.basename(filePath));
      if (filePath.endsWith(".html") || revalidated) {
        res.header("cache-control", "no-cache");
      } else if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.header("cache-control", "public, max-age=31536000, immutable");
      } else {
        res.header("cache-control", "public, max-age=3600");
      }
    },
  });
}
