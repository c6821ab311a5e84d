// The five public pages `npm run bench:web` measures and, for the slow-network run (usable.mjs), each
// page's main action: how to find its control in the page, how to perform it and how to tell it worked.
// The ids come from the demo catalogue (SEED_DEMO=1): a featured raffle, a drawn raffle (one with a draw
// record when there is one) and a winning ticket of that draw.

async function json(baseUrl, endpoint) {
  const response = await fetch(`${baseUrl}${endpoint}`);
  if (!response.ok) throw new Error(`GET ${endpoint}: ${response.status}`);
  return response.json();
}

/** Ids the pages need, read from the API as a visitor would. */
export async function discoverPages(baseUrl) {
  const featured = await json(baseUrl, "/api/raffles/featured").catch(() => ({ items: [] }));
  const all = await json(baseUrl, "/api/raffles?status=all");
  const raffle =
    featured.items?.find((r) => r.status === "active") ?? all.items?.find((r) => r.status === "active");
  if (!raffle) throw new Error("no hay rifas activas en la base de datos de demostración (SEED_DEMO=1)");
  const draws = await json(baseUrl, "/api/draws");
  const draw = draws.find((d) => d.recordUrl && d.winners?.length) ?? draws.find((d) => d.winners?.length);
  if (!draw) throw new Error("la demostración no tiene ningún sorteo realizado (SEED_DEMO=1)");
  const finished = await json(baseUrl, "/api/raffles?status=finished");
  // A ticket the verifier reports as a winner (it only knows active and recently finished raffles).
  let winning;
  for (const d of draws) {
    for (const w of d.winners ?? []) {
      const ticket = String(w.ticketNumber).padStart(4, "0");
      const result = await json(baseUrl, `/api/tickets/verify/${ticket}`).catch(() => null);
      const match = result?.matches?.find((m) => m.isWinner);
      if (result?.result === "winner" && match) winning = { ticket, raffleId: match.raffleId };
      if (winning) break;
    }
    if (winning) break;
  }
  if (!winning) throw new Error("el verificador no reconoce ningún boleto ganador de la demostración");
  return {
    raffleId: raffle.id,
    drawRaffleId: draw.raffleId,
    winningTicket: winning.ticket,
    winningRaffleId: winning.raffleId,
    finishedIds: (finished.items ?? []).map((r) => r.id),
  };
}

const heading = (page) => page.locator("main h1").first();

/** Waits for a navigation to `pathname` (a client-side one or a full page load) and its heading. */
async function landedOn(page, pathname) {
  await page.waitForURL((url) => url.pathname === pathname, { timeout: 90_000 });
  await heading(page).waitFor({ state: "visible", timeout: 90_000 });
}

/** Page specs for usable.mjs (find() runs in the page, so it only uses its arguments). */
export function pageSpecs(ids) {
  return [
    {
      label: "/",
      path: "/",
      action: "abrir una rifa desde su tarjeta",
      find: (doc) => doc.querySelector('section[aria-labelledby="featured-title"] a[href^="/rifas/"]'),
      async perform(page) {
        this.target = await page
          .locator('section[aria-labelledby="featured-title"] a[href^="/rifas/"]')
          .first()
          .getAttribute("href");
        await page.locator('section[aria-labelledby="featured-title"] a[href^="/rifas/"]').first().click();
      },
      async check(page) {
        await landedOn(page, this.target);
      },
    },
    {
      label: "/rifas",
      path: "/rifas",
      action: "filtrar por «Finalizadas»",
      // The status filter: a <select> labelled "Estado" (with its form's submit button when it has one).
      find: (doc) =>
        [...doc.querySelectorAll("main select")].find((s) =>
          /estado/i.test(s.labels?.[0]?.textContent ?? ""),
        ),
      arg: null,
      async perform(page) {
        const select = page.getByLabel("Estado", { exact: true });
        await select.selectOption("finished");
        // A GET form's button submits it (before hydration the change alone does nothing).
        const submit = page.locator("main form:has(select) [type=submit]");
        if ((await submit.count()) && (await submit.first().isVisible())) await submit.first().click();
      },
      async check(page) {
        await page.waitForURL((url) => url.searchParams.get("estado") === "finished", { timeout: 90_000 });
        // The list shows finished raffles, and only those.
        const cards = page.locator('main a[href^="/rifas/"]');
        await cards.first().waitFor({ state: "visible", timeout: 90_000 });
        await page.waitForFunction(
          (finished) => {
            const ids = [...document.querySelectorAll('main a[href^="/rifas/"]')].map((a) =>
              a.getAttribute("href").slice("/rifas/".length),
            );
            return ids.length > 0 && ids.every((id) => finished.includes(id));
          },
          ids.finishedIds,
          { timeout: 90_000, polling: 100 },
        );
      },
    },
    {
      label: "/rifas/{id}",
      path: `/rifas/${ids.raffleId}`,
      action: "«Reservar boletos» como visitante (lleva a iniciar sesión)",
      find: (doc) =>
        [...doc.querySelectorAll("main button, main a[href]")].find((el) =>
          /reservar boletos/i.test(el.textContent ?? ""),
        ),
      async perform(page) {
        await page
          .locator("main")
          .getByRole("button", { name: /reservar boletos/i })
          .or(page.locator("main").getByRole("link", { name: /reservar boletos/i }))
          .first()
          .click();
      },
      async check(page) {
        await page.waitForURL((url) => url.pathname === "/login", { timeout: 90_000 });
        await page.locator('input[type="password"]').first().waitFor({ state: "visible", timeout: 90_000 });
      },
    },
    {
      label: "/verificar-boleto",
      path: "/verificar-boleto",
      // Stable wording: it names the row of the current-figures table (the ticket differs per seed).
      action: "verificar un boleto ganador",
      // The form's submit button (the field must be usable too: it is in the same form).
      find: (doc) => {
        const input = [...doc.querySelectorAll("main input")].find((i) =>
          /número de boleto/i.test(i.labels?.[0]?.textContent ?? ""),
        );
        const form = input?.form;
        if (!form || input.disabled || input.readOnly) return null;
        return [...form.elements].find(
          (c) => c.type === "submit" || (c.tagName === "BUTTON" && !c.getAttribute("type")),
        );
      },
      async perform(page) {
        await page
          .getByLabel(/número de boleto/i)
          .first()
          .fill(ids.winningTicket);
        await page
          .locator("main form")
          .filter({ has: page.getByLabel(/número de boleto/i) })
          .locator("[type=submit], button:not([type])")
          .first()
          .click();
      },
      async check(page) {
        // The result lists the raffle the ticket won, marked as the winner (the page's intro also says
        // "ganador", so the mark is looked for beside the raffle's link).
        await page
          .locator("main li")
          .filter({ has: page.locator(`a[href="/rifas/${ids.winningRaffleId}"]`) })
          .filter({ hasText: /ganador/i })
          .first()
          .waitFor({ state: "visible", timeout: 90_000 });
      },
    },
    {
      label: "/sorteo/{id}",
      path: `/sorteo/${ids.drawRaffleId}`,
      action: "abrir el acta / la verificación del sorteo",
      arg: ids.drawRaffleId,
      find: (doc, id) =>
        doc.querySelector(
          `main a[href="/sorteo/${id}/acta"], main a[href="/transparencia-de-sorteos#sorteo-${id}"]`,
        ),
      async perform(page) {
        const link = page
          .locator(
            `main a[href="/sorteo/${ids.drawRaffleId}/acta"], main a[href="/transparencia-de-sorteos#sorteo-${ids.drawRaffleId}"]`,
          )
          .first();
        this.target = new URL(await link.getAttribute("href"), "http://x").pathname;
        await link.click();
      },
      async check(page) {
        await landedOn(page, this.target);
      },
    },
  ];
}
