// Pages rendered on the server (apps/web/src/entry-server.tsx, loaded by lib/web.ts): the public pages
// arrive with their content and the data they were rendered from, everything else gets the shell the
// browser renders, and nothing a raffle's text contains can break out of the page.
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertRaffle } from "../../test/fixtures";
import { createTestApp, type TestApp } from "../../test/helpers";

const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../web/dist");

let t: TestApp;
let featuredId: string;
let finishedId: string;

// A title with what a careless template would mangle: replacement patterns, a closing script tag, markup.
const HOSTILE_TITLE = `Moto $& $' </script><script>alert(1)</script> & "más"`;

beforeAll(async () => {
  if (!existsSync(path.join(webDist, "server", "entry-server.js"))) {
    throw new Error(
      "Falta apps/web/dist/server: ejecuta `npm run build` (npm test lo hace) antes de estas pruebas.",
    );
  }
  t = await createTestApp({ webDist });
  const future = new Date(Date.now() + 10 * 24 * 3600 * 1000);
  const featured = await insertRaffle(t.app.ctx.db, {
    title: HOSTILE_TITLE,
    isFeatured: true,
    status: "active",
    totalTickets: 100,
    endDate: future,
  });
  const finished = await insertRaffle(t.app.ctx.db, {
    title: "Televisor finalizado para SSR",
    status: "finished",
    totalTickets: 100,
    endDate: new Date(Date.now() - 24 * 3600 * 1000),
  });
  featuredId = featured.id;
  finishedId = finished.id;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

async function page(url: string) {
  const response = await t.app.inject({ method: "GET", url, headers: { accept: "text/html" } });
  return { response, html: response.body };
}

/** The JSON the page hands to the browser for hydration, parsed. */
function serverState(html: string): {
  now: number;
  queries: { queries: Array<{ queryKey: unknown[]; state: unknown }> };
} {
  const match = /<script type="application\/json" id="rifazo-state">([\s\S]*?)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error("la página no trae el estado del servidor");
  return JSON.parse(match[1]);
}

/** The markup inside <div id="root">, without the state script. */
function rootMarkup(html: string): string {
  const start = html.indexOf('<div id="root">');
  const end = html.indexOf('<script type="application/json" id="rifazo-state">');
  return html.slice(start, end);
}

describe("páginas renderizadas en el servidor", () => {
  it("/ llega con las rifas destacadas, la guía y el estado de sus consultas", async () => {
    const { response, html } = await page("/");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    expect(response.headers["cache-control"]).toBe("no-cache");
    const markup = rootMarkup(html);
    expect(markup).toContain("Rifas destacadas");
    expect(markup).toContain(`href="/rifas/${featuredId}"`);
    const keys = serverState(html).queries.queries.map((query) => JSON.stringify(query.queryKey));
    expect(keys).toContain(JSON.stringify(["raffles", "featured"]));
    expect(keys).toContain(JSON.stringify(["settings", "public"]));
  });

  it("el texto de una rifa no puede cerrar etiquetas ni se altera al insertarse", async () => {
    const { html } = await page("/");
    // In the markup React escapes it; in the state JSON "<" is written as \u003c.
    expect(html).not.toContain("</script><script>alert(1)");
    expect(rootMarkup(html)).toContain("Moto $&amp; $&#x27; &lt;/script&gt;");
    const featured = serverState(html).queries.queries.find((query) => query.queryKey[1] === "featured") as
      | { state: { data: Array<{ title: string }> } }
      | undefined;
    expect(featured?.state.data.map((raffle) => raffle.title)).toContain(HOSTILE_TITLE);
    expect(html.match(/<script/g)?.length).toBe(
      // The two of the template (boot.js and the state) and nothing else.
      2,
    );
  });

  it("/rifas respeta el filtro del enlace compartido", async () => {
    const active = rootMarkup((await page("/rifas")).html);
    expect(active).toContain(`href="/rifas/${featuredId}"`);
    expect(active).not.toContain("Televisor finalizado para SSR");

    const { html } = await page("/rifas?estado=finished");
    const finished = rootMarkup(html);
    expect(finished).toContain("Televisor finalizado para SSR");
    expect(finished).not.toContain(`href="/rifas/${featuredId}"`);
    const keys = serverState(html).queries.queries.map((query) => JSON.stringify(query.queryKey));
    expect(keys).toContain(JSON.stringify(["raffles", "list", { status: "finished", q: "" }]));
  });

  it("/rifas/{id} lleva el título de la rifa en <title> y su contenido", async () => {
    const { html } = await page(`/rifas/${finishedId}`);
    expect(html).toMatch(/<title>Televisor finalizado para SSR \| Rifazo<\/title>/);
    expect(html.match(/<title>/g)?.length).toBe(1);
    expect(rootMarkup(html)).toContain("<h1");
    expect(rootMarkup(html)).toContain("Televisor finalizado para SSR");
  });

  it("una rifa que no existe se deja al navegador, que muestra el error (sin estado de error guardado)", async () => {
    const { response, html } = await page("/rifas/00000000-0000-4000-8000-000000000000");
    expect(response.statusCode).toBe(200);
    const keys = serverState(html).queries.queries.map((query) => JSON.stringify(query.queryKey));
    expect(keys.some((key) => key.includes("detail"))).toBe(false);
  });

  it("las páginas privadas y las que no se renderizan en el servidor reciben la carcasa vacía", async () => {
    for (const url of ["/perfil", "/admin", "/login", "/contacto", "/ruta-inexistente"]) {
      const { response, html } = await page(url);
      expect(response.statusCode, url).toBe(200);
      expect(html, url).toContain('<div id="root"></div>');
      expect(html, url).not.toContain("rifazo-state");
    }
  });

  it("el HTML se envía comprimido y el renderizador nunca se sirve", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: "/rifas",
      headers: { "accept-encoding": "br" },
    });
    expect(response.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(response.rawPayload).toString("utf8")).toContain("rifazo-state");

    const renderer = await t.app.inject({ method: "GET", url: "/server/entry-server.js" });
    expect(renderer.headers["content-type"]).not.toMatch(/javascript/);
    expect(renderer.body).not.toContain("renderToReadableStream");
    expect(renderer.body).not.toContain("prerender");
  });

  it("una ruta de la API o un archivo que no existen siguen siendo 404 en JSON", async () => {
    for (const url of ["/api/no-existe", "/assets/viejo-123.js"]) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error.code, url).toBe("NOT_FOUND");
    }
  });
});
