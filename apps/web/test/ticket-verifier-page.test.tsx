// @vitest-environment happy-dom
import type { TicketVerificationResponse } from "@rifazo/shared/schemas/draws";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { TicketVerifierPage } from "../src/pages/ticket-verifier-page";
import { CurrentLocation, renderWithProviders, stubFetch } from "./render";

// The ticket verifier: its headline follows what the cards below it say. A 4-digit number exists in every
// raffle, so one answer can hold a raffle where it won and others where it did not.

const fetchMock = stubFetch();

type Match = TicketVerificationResponse["matches"][number];
const match = (overrides: Partial<Match>): Match => ({
  raffleId: "r1",
  ticketNumber: "0007",
  raffleTitle: "Moto Bera",
  raffleStatus: "finished",
  sold: true,
  isWinner: false,
  prize: null,
  drawDate: "2026-11-20T16:00:00.000Z",
  ownerName: "Ana P.",
  mine: false,
  ...overrides,
});

/**
 * Answers the verifier's check with `answer` (one page holding every match unless the test says
 * otherwise), and the receipt check's lists with nothing.
 */
type Answer = Omit<TicketVerificationResponse, "total" | "page" | "pageSize"> &
  Partial<Pick<TicketVerificationResponse, "total" | "page" | "pageSize">>;

function answerWith(answer: Answer) {
  const full: Answer = { total: answer.matches.length, page: 1, pageSize: 20, ...answer };
  fetchMock.mockImplementation(async (input) =>
    String(input).startsWith("/api/raffles?") || String(input) === "/api/draws"
      ? Response.json(String(input) === "/api/draws" ? [] : { items: [] })
      : Response.json(full),
  );
}

function renderVerifier(path = "/verificar-boleto") {
  return renderWithProviders(
    <>
      <TicketVerifierPage />
      <CurrentLocation />
    </>,
    { path },
  );
}

/** Types a number, submits, and returns the headline's text over the answer. */
async function search(answer: Answer) {
  answerWith(answer);
  renderVerifier();
  await userEvent.type(screen.getByLabelText(/Número de boleto/), "0123");
  await userEvent.click(screen.getByRole("button", { name: /Verificar/ }));
  return screen.findByRole("list", { name: "Rifas con este boleto" });
}

const headline = async () =>
  (await screen.findByText(/^(¡Boleto Ganador!|Ganador en|Boleto )/)).textContent ?? "";

describe("ticket verifier form", () => {
  it("is a plain GET form to the verifier with a named number field, so it works before the code", () => {
    answerWith({ result: "not_found", ticketNumber: "0123", matches: [] });
    renderVerifier();
    const form = screen.getByRole("form", { name: "Verificar un boleto" });
    expect(form).toHaveAttribute("method", "get");
    expect(form).toHaveAttribute("action", "/verificar-boleto");
    expect(screen.getByLabelText(/Número de boleto/)).toHaveAttribute("name", "numero");
    const submit = screen.getByRole("button", { name: /Verificar/ });
    expect(submit).toHaveAttribute("type", "submit");
    expect(submit).toBeEnabled();
    expect(form).toContainElement(submit);
  });

  it("keeps the receipt's raffle and numbers as hidden fields, and links each receipt number", async () => {
    answerWith({
      result: "not_sold",
      ticketNumber: "0007",
      matches: [match({ raffleStatus: "active", sold: false, ownerName: null })],
    });
    const { container } = renderVerifier("/verificar-boleto?rifa=r1&numeros=0007,0042");
    const hidden = [...container.querySelectorAll<HTMLInputElement>('form input[type="hidden"]')];
    expect(hidden.map((input) => [input.name, input.value])).toEqual([
      ["rifa", "r1"],
      ["numeros", "0007,0042"],
    ]);
    const numbers = within(screen.getByRole("navigation", { name: "Números de tu recibo" }));
    expect(numbers.getByRole("link", { name: "0007" })).toHaveAttribute("aria-current", "page");
    expect(numbers.getByRole("link", { name: "0042" })).toHaveAttribute(
      "href",
      "/verificar-boleto?rifa=r1&numeros=0007%2C0042&numero=0042",
    );
    expect(await headline()).toBe("Boleto no Vendido");
  });

  it("keeps the receipt's record checkpoint and links the record page that checks it", async () => {
    answerWith({ result: "not_found", ticketNumber: "0007", matches: [] });
    const cp = `rifazo-cp-1:r1:2:${"ab".repeat(32)}:77`;
    const { container } = renderVerifier(`/verificar-boleto?rifa=r1&numeros=0007&punto=${cp}`);
    const hidden = [...container.querySelectorAll<HTMLInputElement>('form input[type="hidden"]')];
    expect(hidden.map((input) => input.name)).toEqual(["rifa", "numeros", "punto"]);
    expect(
      screen.getByRole("link", { name: "Comprobar el acta con el punto de control de tu recibo" }),
    ).toHaveAttribute("href", `/sorteo/r1/acta?punto=${encodeURIComponent(cp)}`);
    expect(await headline()).toMatch(/^Boleto /);
  });

  it("submitting navigates to ?numero= in the page and checks that number", async () => {
    answerWith({ result: "not_found", ticketNumber: "07", matches: [] });
    renderVerifier();
    await userEvent.type(screen.getByLabelText(/Número de boleto/), "7");
    await userEvent.click(screen.getByRole("button", { name: /Verificar/ }));
    expect(await headline()).toBe("Boleto no Encontrado");
    // Across raffles the typed number is kept (at least 2 digits); each raffle's answer has its own.
    expect(document.querySelector('[data-label="location"]')).toHaveTextContent(
      "/verificar-boleto?numero=07",
    );
    expect(fetchMock).toHaveBeenCalledWith("/api/tickets/verify/07", expect.anything());
  });

  it("says the format is wrong for a number in the URL that is not one, without asking the API", async () => {
    answerWith({ result: "not_found", ticketNumber: "0007", matches: [] });
    renderVerifier("/verificar-boleto?numero=12a45");
    expect(screen.getByText("Formato Inválido")).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalledWith(
      expect.stringContaining("/api/tickets/verify"),
      expect.anything(),
    );
  });
});

describe("ticket verifier headline, for each result (from the URL, as the server renders it)", () => {
  const cases: Array<[string, Answer, string, RegExp]> = [
    [
      "winner in every raffle listed",
      { result: "winner", ticketNumber: "0123", matches: [match({ isWinner: true, prize: "Moto Bera" })] },
      "¡Boleto Ganador!",
      /resultó ganador en «Moto Bera»/,
    ],
    [
      "winner in one raffle of two",
      {
        result: "winner",
        ticketNumber: "0123",
        matches: [match({}), match({ raffleId: "r2", raffleTitle: "iPhone 17", isWinner: true })],
      },
      "Ganador en 1 de 2 rifas",
      /ganador en «iPhone 17»\. En las demás: no resultó ganador en «Moto Bera»\./,
    ],
    [
      "winner in one raffle; in the others not drawn yet or not sold",
      {
        result: "winner",
        ticketNumber: "0123",
        matches: [
          match({ raffleId: "r1", raffleTitle: "iPhone 17", isWinner: true }),
          match({ raffleId: "r2", raffleTitle: "Nevera", raffleStatus: "frozen" }),
          match({ raffleId: "r3", raffleTitle: "Moto", raffleStatus: "active", sold: false }),
          match({ raffleId: "r4", raffleTitle: "Laptop", raffleStatus: "active", sold: false }),
          match({ raffleId: "r5", raffleTitle: "Bono", raffleStatus: "active", sold: false }),
        ],
      },
      "Ganador en 1 de 5 rifas",
      /En las demás: en «Nevera» el sorteo aún no se ha realizado; en 3 rifas no está vendido\./,
    ],
    [
      "sold in a drawn raffle, not a winner",
      { result: "not_winner", ticketNumber: "0123", matches: [match({})] },
      "Boleto no Ganador",
      /participó en «Moto Bera», pero no resultó ganador/,
    ],
    [
      "sold in a raffle not drawn yet",
      { result: "not_winner", ticketNumber: "0123", matches: [match({ raffleStatus: "active" })] },
      "Boleto Vendido",
      /participa: en «Moto Bera» el sorteo aún no se ha realizado/,
    ],
    [
      "sold in a drawn raffle and in one not drawn yet",
      {
        result: "not_winner",
        ticketNumber: "0123",
        matches: [match({}), match({ raffleId: "r2", raffleTitle: "Nevera", raffleStatus: "frozen" })],
      },
      "Boleto Vendido",
      /El boleto 0123 no resultó ganador en «Moto Bera»; en «Nevera» el sorteo aún no se ha realizado\./,
    ],
    [
      "not sold",
      {
        result: "not_sold",
        ticketNumber: "0123",
        matches: [match({ raffleStatus: "active", sold: false, ownerName: null })],
      },
      "Boleto no Vendido",
      /todavía no ha sido vendido/,
    ],
    [
      "not found",
      { result: "not_found", ticketNumber: "0123", matches: [] },
      "Boleto no Encontrado",
      /no existe/,
    ],
  ];

  for (const [name, answer, title, text] of cases) {
    it(name, async () => {
      answerWith(answer);
      renderVerifier("/verificar-boleto?numero=0123");
      expect(await headline()).toBe(title);
      expect(screen.getByText(text)).toBeInTheDocument();
      if (title !== "¡Boleto Ganador!")
        expect(screen.queryByText("¡Boleto Ganador!")).not.toBeInTheDocument();
    });
  }

  it("does not call a ticket the winner over a raffle where it did not win", async () => {
    await search({ result: "not_winner", ticketNumber: "0123", matches: [match({})] });
    expect(screen.queryByText("¡Boleto Ganador!")).not.toBeInTheDocument();
    expect(screen.getByText("Boleto no Ganador")).toBeInTheDocument();
    expect(screen.getByText("Vendido, no ganó")).toBeInTheDocument();
  });

  it("names the raffle it won when others in the answer did not, and marks each card", async () => {
    const list = await search({
      result: "winner",
      ticketNumber: "0123",
      matches: [
        match({ raffleId: "r1", raffleTitle: "Moto Bera" }),
        match({ raffleId: "r2", raffleTitle: "iPhone 17", isWinner: true, prize: "iPhone 17" }),
      ],
    });
    expect(screen.queryByText("¡Boleto Ganador!")).not.toBeInTheDocument();
    expect(screen.getByText("Ganador en 1 de 2 rifas")).toBeInTheDocument();
    const cards = within(list).getAllByRole("listitem");
    expect(within(cards[0] as HTMLElement).getByText("Vendido, no ganó")).toBeInTheDocument();
    expect(within(cards[1] as HTMLElement).getByText("Ganador")).toBeInTheDocument();
  });
});

describe("ticket verifier: check with the receipt code", () => {
  it("checks the typed numbers of a frozen raffle against the record, in the browser", async () => {
    const { v2Record, RAFFLE_ID, BUYER_SECRET } = await import("./fixtures/v2-record");
    const record = await v2Record();
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.startsWith("/api/raffles?")) {
        return Response.json({
          items: [
            { id: "r-open", title: "Rifa abierta", status: "active" },
            { id: RAFFLE_ID, title: "Moto Bera 2027", status: "finished" },
            { id: "r-v1", title: "Rifa de la versión 1", status: "finished" },
          ],
        });
      }
      if (url === `/api/raffles/${RAFFLE_ID}/record`) return Response.json(record);
      if (url === "/api/draws")
        return Response.json([{ raffleId: RAFFLE_ID, recordUrl: `/api/raffles/${RAFFLE_ID}/record` }]);
      return Response.json({ error: { code: "NOT_FOUND", message: "No existe." } }, { status: 404 });
    });
    renderWithProviders(<TicketVerifierPage />, { path: `/verificar-boleto?rifa=${RAFFLE_ID}` });
    const form = within(await screen.findByRole("form", { name: /Comprobar mis boletos/ }));
    await vi.waitFor(() => expect(form.getByRole("combobox")).toHaveValue(RAFFLE_ID));
    expect(form.queryByRole("option", { name: "Rifa abierta" })).not.toBeInTheDocument();
    expect(form.queryByRole("option", { name: "Rifa de la versión 1" })).not.toBeInTheDocument();

    await userEvent.type(form.getByLabelText("Código de verificación del recibo"), "no es un código");
    await userEvent.click(form.getByRole("button", { name: "Comprobar" }));
    expect(form.getByLabelText("Código de verificación del recibo")).toHaveAccessibleDescription(
      /El código de verificación no es válido/,
    );

    await userEvent.clear(form.getByLabelText("Código de verificación del recibo"));
    await userEvent.type(form.getByLabelText("Código de verificación del recibo"), BUYER_SECRET);
    await userEvent.type(form.getByLabelText("Tus números (opcional)"), "7, 0042, 8");
    await userEvent.click(form.getByRole("button", { name: "Comprobar" }));
    expect(await screen.findByText("1 de 3 boletos no coinciden")).toBeInTheDocument();
    const rows = within(screen.getByRole("list", { name: "Resultado por número" })).getAllByRole("listitem");
    // The fixture's raffle has 1,000 tickets: its numbers show 3 digits.
    expect(rows.map((r) => r.textContent)).toEqual([
      "✓007 está en la lista congelada con tu etiqueta.",
      "✓042 está en la lista congelada con tu etiqueta.",
      "✗008 no está en la lista congelada.",
    ]);
  });
});

describe("ticket verifier: the receipt's raffle arrives after the page", () => {
  it("says the list is loading, and an «Elige la rifa» given meanwhile goes once the raffle is chosen", async () => {
    const { RAFFLE_ID, BUYER_SECRET } = await import("./fixtures/v2-record");
    let answerList: (() => void) | undefined;
    const listAnswered = new Promise<void>((resolve) => {
      answerList = resolve;
    });
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.startsWith("/api/raffles?")) {
        await listAnswered;
        return Response.json({ items: [{ id: RAFFLE_ID, title: "Moto Bera 2027", status: "frozen" }] });
      }
      if (url === "/api/draws") return Response.json([]);
      return Response.json({ error: { code: "NOT_FOUND", message: "No existe." } }, { status: 404 });
    });
    renderWithProviders(<TicketVerifierPage />, { path: `/verificar-boleto?rifa=${RAFFLE_ID}` });
    const form = within(await screen.findByRole("form", { name: /Comprobar mis boletos/ }));
    const select = form.getByRole("combobox", { name: "Rifa" });
    // Not "no raffles" while they are on their way.
    expect(form.getByRole("option", { name: "Cargando rifas..." })).toBeInTheDocument();
    expect(form.queryByRole("option", { name: "No hay rifas con lista congelada" })).not.toBeInTheDocument();

    await userEvent.type(form.getByLabelText("Código de verificación del recibo"), BUYER_SECRET);
    await userEvent.click(form.getByRole("button", { name: "Comprobar" }));
    expect(select).toHaveAccessibleDescription("Elige la rifa.");

    answerList?.();
    await vi.waitFor(() => expect(select).toHaveValue(RAFFLE_ID));
    // The raffle is chosen now: the error that asked for one is gone, not left beside it.
    expect(select).not.toHaveAccessibleDescription("Elige la rifa.");
    expect(form.queryByText("Elige la rifa.")).not.toBeInTheDocument();
  });
});

describe("a number held by more raffles than one page", () => {
  it("says which raffles are shown, links the next page and asks the server for it", async () => {
    answerWith({
      result: "winner",
      ticketNumber: "0123",
      total: 45,
      page: 2,
      pageSize: 20,
      matches: Array.from({ length: 20 }, (_, i) =>
        match({ raffleId: `r${i + 21}`, raffleTitle: `Rifa ${i + 21}` }),
      ),
    });
    renderVerifier("/verificar-boleto?numero=0123&pagina=2");
    const nav = await screen.findByRole("navigation", { name: "Más rifas con este boleto" });
    expect(nav).toHaveTextContent("Rifas 21 a 40 de 45 con este número; las ganadoras primero.");
    expect(within(nav).getByRole("link", { name: "Ver más rifas" })).toHaveAttribute(
      "href",
      "/verificar-boleto?numero=0123&pagina=3",
    );
    expect(within(nav).getByRole("link", { name: "Anteriores" })).toHaveAttribute(
      "href",
      "/verificar-boleto?numero=0123",
    );
    expect(fetchMock.mock.calls.map((call) => String(call[0]))).toContain("/api/tickets/verify/0123?page=2");
  });

  it("shows no paging when one page holds them all", async () => {
    await search({ result: "not_winner", ticketNumber: "0123", matches: [match({})] });
    expect(screen.queryByRole("navigation", { name: "Más rifas con este boleto" })).toBeNull();
  });
});
