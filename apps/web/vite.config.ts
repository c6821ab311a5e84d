import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import type { CodeSplittingNameFunction } from "rolldown";
import { defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";
// A relative path: the config loader bundles it (the package exports TypeScript, which Node cannot load).
import { FORM_KEY_SCRIPT } from "../../packages/shared/src/form-key-script";
import { preactAliases } from "./preact-aliases";

// React Router's package exports point every bundler at its development build (dev warnings on).
// Production builds use its production build instead: same API, and the warning code drops out.
function reactRouterProduction() {
  const development = fileURLToPath(import.meta.resolve("react-router"));
  const production = development.replace(/([\\/])development([\\/])/, "$1production$2");
  const dir = production.slice(0, production.lastIndexOf("index.mjs"));
  return [
    { find: /^react-router$/, replacement: `${dir}index.mjs` },
    { find: /^react-router\/dom$/, replacement: `${dir}dom-export.mjs` },
  ];
}

/**
 * Writes .br (quality 11) and .gz (level 9) beside every text asset, once at build time: the server sends
 * them as they are, about 15% smaller than on-the-fly brotli at the quality a server can afford per request.
 */
function precompress(): Plugin {
  let outDir = "";
  return {
    name: "rifazo-precompress",
    apply: "build",
    configResolved(config) {
      // The server-rendering bundle (dist/server) is loaded by the API, never sent to browsers.
      outDir = config.build.ssr ? "" : path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      if (!outDir) return;
      const walk = async (dir: string): Promise<string[]> => {
        const entries = await readdir(dir, { withFileTypes: true });
        const nested = await Promise.all(
          entries.map((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)])),
        );
        return nested.flat();
      };
      // .vite/ holds what the build tells the server (lazy-chunks.json), never sent to browsers.
      const files = (await walk(outDir)).filter(
        (f) =>
          /\.(js|css|svg|html|json|txt|webmanifest)$/.test(f) && !f.includes(`${path.sep}.vite${path.sep}`),
      );
      await Promise.all(
        files.map(async (file) => {
          const data = await readFile(file);
          if (data.length < 1024) return;
          await writeFile(
            `${file}.br`,
            brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          );
          await writeFile(`${file}.gz`, gzipSync(data, { level: 9 }));
        }),
      );
    },
  };
}

/**
 * index.html preloads the app's entry instead of running it; /boot.js (public/, hand-minified) imports it
 * once the page has painted. Server-rendered pages are shown at once, and the app hydrates them right after
 * instead of holding the first paint while its code runs (with the code cached, or on a fast network, the
 * browser would otherwise run it first). It starts at once when the page arrives empty (rendered in the
 * browser), in a hidden tab (which does not paint), without paint timing, and after 3 s in any case.
 */
function paintBeforeScripts(): Plugin {
  return {
    name: "rifazo-paint-before-scripts",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html) {
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
        const match = entry.exec(html);
        if (!match) throw new Error("index.html: no se encontró el script de entrada");
        const withBoot = html.replace(
          entry,
          () =>
            `<link rel="modulepreload" crossorigin href="${match[1]}" data-app-entry>\n    <script type="module" src="/boot.js"></script>`,
        );
        // The scripts are named first in <head>, right after the charset (decision 0032): on Slow 3G each
        // request waits 2 s for its first byte, so they are asked for as the HTML starts to arrive, not once
        // its end has (they neither hold the paint nor slow the HTML, whose bytes are in before theirs start;
        // at the end of the body the page's images were asked for first and shared the line with them).
        const scripts: string[] = [];
        const head = withBoot.replace(
          /\s*(<link rel="modulepreload"[^>]*>|<script type="module" src="\/boot\.js"><\/script>)/g,
          (_tag, tag: string) => {
            scripts.push(tag);
            return "";
          },
        );
        const charset = '<meta charset="UTF-8" />';
        if (!head.includes(charset)) throw new Error("index.html: no se encontró <meta charset>");
        return head.replace(charset, () => `${charset}\n    ${scripts.join("\n    ")}`);
      },
    },
  };
}

/**
 * The pages' one inline script (packages/shared/src/form-key-script.ts), in <head>: it must run as
 * the HTML arrives. The API's Content-Security-Policy allows it by its hash.
 */
function formKeyScript(): Plugin {
  return {
    name: "rifazo-form-key-script",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler: (html) => html.replace("</head>", () => `  <script>${FORM_KEY_SCRIPT}</script>\n  </head>`),
    },
  };
}

/**
 * The entry's stylesheet goes into index.html as a <style>: the page paints with its HTML alone, instead of
 * waiting for a render-blocking request (on a slow link, one more round trip plus sharing the bandwidth with
 * the scripts; decision 0005). The CSP allows inline styles (style-src 'unsafe-inline', apps/api/src/app.ts).
 * Lazy chunks list it among the files Vite's preload helper loads before them (it would add it as a
 * <link rel=stylesheet> and download it a second time): there it is replaced by the entry chunk, which the
 * page has already loaded (the helper skips it), keeping the positions of that list's other files.
 */
/** The entry's stylesheet as the build names it (after index.html's entry), the one inlineStylesheet inlines. */
const ENTRY_CSS = /^assets\/index-[\w-]+\.css$/;

function inlineStylesheet(): Plugin {
  return {
    name: "rifazo-inline-stylesheet",
    apply: "build",
    generateBundle: {
      // After Vite has written those lists into the chunks.
      order: "post",
      handler(_options, bundle) {
        const entry = Object.values(bundle).find((file) => file.type === "chunk" && file.isEntry);
        const styles = Object.keys(bundle).filter((fileName) => ENTRY_CSS.test(fileName));
        if (!entry || !styles.length) return;
        for (const file of Object.values(bundle)) {
          if (file.type !== "chunk") continue;
          for (const style of styles) file.code = file.code.replaceAll(`"${style}"`, `"${entry.fileName}"`);
        }
      },
    },
    transformIndexHtml: {
      order: "post",
      handler(html, ctx) {
        const link = /<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g;
        return html.replace(link, (tag, fileName: string) => {
          if (!ENTRY_CSS.test(fileName)) return tag;
          const asset = ctx.bundle?.[fileName];
          if (asset?.type !== "asset") throw new Error(`index.html: no se encontró ${fileName}`);
          // "</style" cannot appear in the CSS Tailwind emits; checked anyway, it would end the element.
          const css =
            typeof asset.source === "string" ? asset.source : new TextDecoder().decode(asset.source);
          if (/<\/style/i.test(css)) return tag;
          return `<style>${css}</style>`;
        });
      },
    },
  };
}

/**
 * dist/.vite/lazy-chunks.json: for each name a lazily loaded chunk exports (a page, the number grid), the
 * files it needs that the entry does not already bring: the chunk and the chunks it imports. The server
 * names a page's files in its HTML (entry-server), so a phone on a slow link downloads them beside the
 * entry instead of one round trip after it has run (decision 0031).
 */
function lazyChunks(): Plugin {
  return {
    name: "rifazo-lazy-chunks",
    apply: "build",
    generateBundle(_options, bundle) {
      if (this.environment.config.build.ssr) return;
      const chunks = new Map<string, { imports: string[]; exports: string[]; dynamic: boolean }>();
      let entry = "";
      for (const file of Object.values(bundle)) {
        if (file.type !== "chunk") continue;
        chunks.set(file.fileName, {
          imports: file.imports,
          exports: file.exports,
          dynamic: file.isDynamicEntry,
        });
        if (file.isEntry) entry = file.fileName;
      }
      const closure = (fileName: string, into = new Set<string>()): Set<string> => {
        if (into.has(fileName)) return into;
        into.add(fileName);
        for (const imported of chunks.get(fileName)?.imports ?? []) closure(imported, into);
        return into;
      };
      const inEntry = closure(entry);
      const byName: Record<string, string[]> = {};
      const ambiguous = new Set<string>();
      for (const [fileName, chunk] of chunks) {
        if (!chunk.dynamic) continue;
        const files = [...closure(fileName)].filter((file) => !inEntry.has(file)).map((file) => `/${file}`);
        for (const name of chunk.exports) {
          if (name in byName) ambiguous.add(name);
          byName[name] = files;
        }
      }
      // A name two chunks export says nothing about which one a page needs: neither is preloaded.
      for (const name of ambiguous) delete byName[name];
      this.emitFile({ type: "asset", fileName: ".vite/lazy-chunks.json", source: JSON.stringify(byName) });
    },
  };
}

/**
 * Of what the entry imports, the parts every page runs: the libraries and src/lib. Not the features'
 * index.ts files: through them the entry reaches every export of a feature, most of it for lazy pages.
 */
const SHARED_BY_EVERY_PAGE =
  /node_modules\/(preact|react-router|@tanstack)\/|vite\/preload-helper|apps\/web\/src\/lib\//;

/**
 * React Router's components are made with `forwardRef(...)` and then given a `displayName`: to the bundler
 * both are side effects, so every component stays in the app chunk, used or not (`<Form>` with its submit
 * machinery, among others). Marked pure, and without the names (only React's developer tools read them),
 * the unused ones go: 1.2 kB as sent, on every page.
 */
function reactRouterUnusedParts(): Plugin {
  return {
    name: "rifazo-react-router-unused-parts",
    apply: "build",
    transform(code, id) {
      if (!/node_modules\/react-router\/dist\//.test(id)) return null;
      const out = code
        .replace(/= (React\d*)\.(forwardRef|createContext|memo)\(/g, "= /* @__PURE__ */ $1.$2(")
        .replace(/^\w+\.displayName = "[^"]*";$/gm, "");
      return out === code ? null : { code: out, map: null };
    },
  };
}

/**
 * The fairness claims every raffle card, raffle page, draw page and receipt words its trust line with
 * (3 kB as sent: their texts only; the tests that prove them are listed in fairness-claims.ts, which no page
 * imports): in their own file they were a seventh request on /rifas, which on Slow 3G waits for one of the
 * six connections and then pays its 2 s (docs/decisions/0033-preact-on-both-sides.md).
 */
const FAIRNESS_TEXTS = /packages\/shared\/src\/fairness-texts\.ts$/;

/**
 * Names "app" those of the modules the entry (src/main.tsx) imports statically, however deep: they go in
 * one file, whichever lazy pages share parts of them.
 */
function entryDependencies(): CodeSplittingNameFunction {
  const entry = fileURLToPath(new URL("./src/main.tsx", import.meta.url));
  let closure: Set<string> | undefined;
  return (id, ctx) => {
    if (!closure) {
      closure = new Set();
      const stack = [entry];
      while (stack.length > 0) {
        const next = stack.pop() as string;
        for (const imported of ctx.getModuleInfo(next)?.importedIds ?? []) {
          if (closure.has(imported)) continue;
          closure.add(imported);
          stack.push(imported);
        }
      }
    }
    if (FAIRNESS_TEXTS.test(id)) return "app";
    return closure.has(id) && SHARED_BY_EVERY_PAGE.test(id) ? "app" : null;
  };
}

/**
 * The installable app and its service worker (decision 0017): src/service-worker/sw.ts built with Workbox
 * (injectManifest) into /sw.js, the manifest into /manifest.webmanifest. Only the shell is precached: the
 * entry's own chunks (those index.html names) and the files below; every other chunk is cached when a page
 * first uses it, so no phone downloads the admin area's code to install the app.
 */
function installableApp(ssr: boolean) {
  const dist = fileURLToPath(new URL("./dist/", import.meta.url));
  return VitePWA({
    // The server-rendering build only needs `virtual:pwa-register` to resolve (it never runs there).
    disable: ssr,
    strategies: "injectManifest",
    srcDir: "src/service-worker",
    filename: "sw.ts",
    // A new version waits for the visitor's "Actualizar" (features/app-update), never reloads a page in use.
    registerType: "prompt",
    // Registered by features/app-update after the page has loaded, outside the home page's entry.
    injectRegister: false,
    manifestFilename: "manifest.webmanifest",
    includeManifestIcons: false,
    manifest: {
      id: "/",
      name: "Rifazo",
      short_name: "Rifazo",
      description:
        "Rifas en línea en Venezuela: elige tu rifa, compra tus boletos, sube tu comprobante y sigue el sorteo en vivo.",
      lang: "es-VE",
      dir: "ltr",
      start_url: "/",
      scope: "/",
      display: "standalone",
      orientation: "portrait",
      // --color-brand-900 (index.html's theme-color) and --color-canvas in src/styles.css.
      theme_color: "#4c1d95",
      background_color: "#f7f6fb",
      categories: ["entertainment", "shopping"],
      icons: [
        { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
        { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
        { src: "/icons/maskable-192.png", sizes: "192x192", type: "image/png", purpose: "maskable" },
        { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      ],
    },
    injectManifest: {
      globPatterns: [
        "index.html",
        "offline.html",
        "boot.js",
        "favicon.svg",
        "icons/*.png",
        "assets/*.{js,css}",
      ],
      // Of the hashed chunks, only the entry's: the files index.html preloads or links.
      manifestTransforms: [
        async (entries) => {
          const html = await readFile(path.join(dist, "index.html"), "utf8");
          const manifest = entries.filter((e) => !e.url.startsWith("assets/") || html.includes(`/${e.url}"`));
          return { manifest, warnings: [] };
        },
      ],
      // A classic script: every browser with service workers runs it (module workers came later).
      rollupFormat: "iife",
    },
  });
}

export default defineConfig(({ command, isSsrBuild }) => ({
  // The config is also run from the repository root (`npx vite build apps/web`), so paths are anchored here.
  root: fileURLToPath(new URL(".", import.meta.url)),
  plugins: [
    react(),
    tailwindcss(),
    inlineStylesheet(),
    paintBeforeScripts(),
    formKeyScript(),
    lazyChunks(),
    reactRouterUnusedParts(),
    installableApp(Boolean(isSsrBuild)),
    precompress(),
  ],
  resolve: { alias: [...preactAliases, ...(command === "build" ? reactRouterProduction() : [])] },
  server: {
    port: 5173,
    // Same-origin API in development too: the session cookie and the CSRF origin check keep working.
    proxy: { "/api": { target: "http://localhost:3001" } },
  },
  // The server renderer (src/entry-server.tsx, built into dist/server) is self-contained: React and the
  // rest are bundled in, so a copy of dist/ anywhere (tests, benchmarks, a deploy) can render pages.
  ssr: { noExternal: true },
  // ...with React's production build chosen at build time, whatever NODE_ENV the server runs with.
  define: isSsrBuild ? { "process.env.NODE_ENV": JSON.stringify("production") } : undefined,
  preview: { port: 4173, proxy: { "/api": { target: "http://localhost:3001" } } },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    copyPublicDir: !isSsrBuild,
    target: "es2022",
    sourcemap: process.env.WEB_SOURCEMAP === "1",
    // package.json marks the app's modules free of side effects (CSS apart), so a feature's index.ts
    // re-exports add nothing a chunk does not use.
    // Bundle budget of the home page: browsers without <link rel="modulepreload"> (Safari before 17) skip
    // the hint and fetch those chunks when they are imported; the polyfill would ride in everyone's entry.
    modulePreload: { polyfill: false },
    // Every file is one more request, and on a slow link each costs a round trip (2 s on Slow 3G) with six
    // at a time: the raffle page needed 38 files beyond the entry, the payment page 57, most under 1 kB.
    // A shared chunk under 16 kB (source size) goes into each chunk that uses it instead: 4 and 11 files,
    // a few kB duplicated between pages (decision 0031).
    // (The server-rendering bundle is never downloaded, and must keep its entry's exports.)
    // The libraries and src/lib the entry imports go in one more file ("app"): split by which lazy pages
    // also use them, they were six files, more than a browser asks for at a time on HTTP/1.1 (decision 0033).
    rolldownOptions: isSsrBuild
      ? undefined
      : {
          output: {
            codeSplitting: {
              experimentalInlineCommonChunks: { maxSize: 16_000 },
              groups: [{ name: entryDependencies(), priority: 1 }],
            },
          },
        },
  },
}));
