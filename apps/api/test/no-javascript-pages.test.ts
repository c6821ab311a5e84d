// Pages usable before (or without) their JavaScript (docs/decisions/0018-usable-before-javascript.md): the
// catalogue filters and the ticket verifier are plain GET forms, so the server must render what their
// query string asks for: the filtered list, and the verifier's answer with the headline of that result.
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closedRaffleWithSales } from "./draw-fixtures";
import { insertRaffle, insertWinner, setRaffleState } from "./fixtures";
import { createTestApp, createUser, nextIp, type TestApp } from "./helpers";

const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../web/dist");

let t: TestApp;
let drawnId: string;

beforeAll(async () => {
  if (!existsSync(path.join(webDist, "server", "entry-server.js"))) {
    throw new Error("Falta apps/web/dist/server: ejecuta `npm run build` antes de estas pruebas.");
  }
  t = await createTestApp({ webDist, pageCacheSeconds: 0 });
  const db = t.app.ctx.db;
  await insertRaffle(db, { title: "Nevera activa sin JS", status: "active", totalTickets: 100 });
  await insertRaffle(db, { title: "Moto activa sin JS", status: "active", totalTickets: 100 });
  // A drawn raffle: 0005 won, 0006 was sold and did not win, 0009 was never sold.
  const ana = await createUser(t.app, { fullName: "Ana Pérez" });
  const drawn = await closedRaffleWithSales(t.app.ctx, { title: "Televisor sorteado sin JS", total: 50 }, [
    { userId: ana.id, numbers: [5, 6] },
  ]);
  drawnId = drawn.id;
  await setRaffleState(db, drawn.id, "finished");
  await insertWinner(db, { raffleId: drawn.id, ticketNumber: 5, prizeDescription: "Televisor 55" });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/** The markup inside <div id="root"> of a page, as a browser without JavaScript would get it. */
async function markup(url: string): Promise<string> {
  const response = await t.app.inject({
    method: "GET",
    url,
    headers: { accept: "text/html" },
    remoteAddress: nextIp(),
  });
  expect(response.statusCode, url).toBe(200);
  const html = response.body;
  expect(html, url).toContain('id="rifazo-state"');
  return html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json"'));
}

/** The opening tag of the first `name` element whose attributes include `attribute` ("" if none). */
function openingTag(html: string, name: string, attribute: string): string {
  return new RegExp(`<${name}\\b[^>]*${attribute}[^>]*>`).exec(html)?.[0] ?? "";
}

describe("catálogo sin JavaScript: el formulario GET de filtros", () => {
  it("el formulario es GET a /rifas con campos con nombre, y muestra los valores de la URL", async () => {
    const html = await markup("/rifas?q=nevera&estado=active");
    const form = openingTag(html, "form", 'aria-label="Filtrar rifas"');
    expect(form).toContain('method="get"');
    expect(form).toContain('action="/rifas"');
    expect(html).toMatch(/<input[^>]*name="q"[^>]*value="nevera"/);
    expect(html).toMatch(/<select[^>]*name="estado"/);
    expect(openingTag(html, "option", 'value="active"')).toMatch(/\sselected(?:="")?(?=[\s/>])/);
    expect(html).toMatch(/<button type="submit"[^>]*>[\s\S]*?Buscar<\/button>/);
  });

  it("/rifas?q=&estado= (lo que envía el formulario) llega con la lista filtrada", async () => {
    const searched = await markup("/rifas?q=nevera&estado=active_upcoming");
    expect(searched).toContain("Nevera activa sin JS");
    expect(searched).not.toContain("Moto activa sin JS");

    const finished = await markup("/rifas?q=&estado=finished");
    expect(finished).toContain("Televisor sorteado sin JS");
    expect(finished).not.toContain("Nevera activa sin JS");
    // Each card is a real link to its raffle.
    expect(finished).toContain(`href="/rifas/${drawnId}"`);
  });
});

describe("verificador sin JavaScript: el formulario GET y la respuesta renderizada", () => {
  it("el formulario es GET a /verificar-boleto con el campo numero; el botón no espera al código", async () => {
    const html = await markup("/verificar-boleto");
    const form = openingTag(html, "form", 'aria-label="Verificar un boleto"');
    expect(form).toContain('method="get"');
    expect(form).toContain('action="/verificar-boleto"');
    expect(html).toMatch(/<input[^>]*name="numero"/);
    const verify = /<button type="submit"[^>]*>[\s\S]*?Verificar<\/button>/.exec(html)?.[0] ?? "";
    expect(verify).not.toBe("");
    expect(verify).not.toMatch(/\sdisabled(?:="")?(?=[\s/>])/);
  });

  const cases: Array<[string, string, RegExp]> = [
    ["5", "¡Boleto Ganador!", /El boleto 05 resultó ganador en «Televisor sorteado sin JS»/],
    ["0006", "Boleto no Ganador", /El boleto 06 participó en «Televisor sorteado sin JS», pero no resultó/],
    ["0009", "Boleto no Vendido", /El boleto 09 todavía no ha sido vendido/],
    ["9999", "Boleto no Encontrado", /El boleto 9999 no existe/],
  ];
  for (const [numero, title, text] of cases) {
    it(`/verificar-boleto?numero=${numero} llega con «${title}»`, async () => {
      const html = await markup(`/verificar-boleto?numero=${numero}`);
      expect(html).toContain(title);
      expect(html).toMatch(text);
      if (title !== "¡Boleto Ganador!") expect(html).not.toContain("¡Boleto Ganador!");
      // The number stays in the box as typed (at least 2 digits), ready for another try; the answer
      // names it in its raffles' digits (all of them 100 tickets or fewer here: 2).
      expect(html).toMatch(new RegExp(`name="numero"[^>]*value="${numero.padStart(2, "0")}"`));
    });
  }

  it("un número mal escrito dice el formato sin consultar la API", async () => {
    const html = await markup("/verificar-boleto?numero=12a");
    expect(html).toContain("Formato Inválido");
    expect(html).not.toContain("Boleto no Encontrado");
  });

  it("la consulta del servidor cuenta contra la dirección del visitante, no contra la del servidor", async () => {
    // VERIFY_RULE allows 30 checks a minute per address: 31 pages from one visitor use them up, and
    // another visitor still gets the answer rendered.
    const visitor = nextIp();
    for (let i = 0; i < 31; i += 1) {
      await t.app.inject({
        method: "GET",
        url: `/verificar-boleto?numero=${i + 10}`,
        remoteAddress: visitor,
      });
    }
    const other = await markup("/verificar-boleto?numero=0006");
    expect(other).toContain("Boleto no Ganador");
  });
});
