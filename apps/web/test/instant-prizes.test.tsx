// @vitest-environment happy-dom
import type { MyProofs, PaymentProof } from "@rifazo/shared/schemas/proofs";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import axe from "axe-core";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RafflePrizesSection } from "../src/features/admin/prizes";
import { PaymentsList } from "../src/features/proofs";
import { INSTANT_POLL_MS } from "../src/features/proofs/api/proofs-api";
import { InstantOutcomeNotice } from "../src/features/proofs/components/instant-outcome";
import { WinnerList } from "../src/features/raffles/components/winner-list";
import { ReceiptView } from "../src/features/receipts/components/receipt-view";
import { WinnerEntryCard } from "../src/features/winners/winner-entry-card";
import { Winners } from "../src/pages/draw/draw-parts";
import { makeAdminPrize } from "./fixtures/admin-prize";
import { makeProof } from "./fixtures/proof";
import { makeAdminRaffle, makeRaffleDetail, makeWinner } from "./fixtures/raffle";
import { makeReceipt } from "./fixtures/receipt";
import { renderWithProviders, stubFetch } from "./render";
import { allowConsole } from "./setup";

// Instant prizes as the buyer sees them (docs/decisions/0035-prizes-on-the-record.md): the approved
// payment waits on its drand round, then reveals the win (with the way to claim it) or says plainly that
// it did not win; the receipt carries the same line; winners lists badge an instant win.

const PENDING: NonNullable<PaymentProof["instant"]> = {
  status: "pending",
  round: 5123456,
  roundTime: "2026-11-26T19:05:30.000Z",
};
const PENDING_TEXT =
  "Premios instantáneos: esta compra se decide con la ronda 5123456 de drand (hacia las 3:05 p. m.).";
const WON: NonNullable<PaymentProof["instant"]> = {
  status: "decided",
  round: 5123456,
  decidedAt: "2026-11-26T19:05:40.000Z",
  wins: [{ ticketNumber: "0042", description: "Bono de $20", winnerId: "w1" }],
};
const NONE_TEXT = "Esta compra no ganó premio instantáneo (ronda 5123456 de drand).";

const page = (items: PaymentProof[]): MyProofs => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 5,
  pageCount: 1,
});

/**
 * Class tokens that move something: an animation, a transition of size or place, an entrance
 * (@starting-style). A button's colour fade (transition-colors) moves nothing.
 */
const MOVING = /(^|:)(animate-|transition$|transition-(all|transform|opacity)|starting:)/;

function movingClasses(root: HTMLElement): string[] {
  return [root, ...root.querySelectorAll<HTMLElement>("*")].flatMap((el) =>
    (el.getAttribute("class") ?? "").split(/\s+/).filter((token) => MOVING.test(token)),
  );
}

describe("the approved payment's instant draw", () => {
  it("pending: the line and a calm waiting dot in a status region", () => {
    render(<InstantOutcomeNotice instant={PENDING} />, { wrapper: MemoryRouter });
    const status = screen.getByRole("status");
    expect(status).toHaveTextContent(PENDING_TEXT);
    expect(within(status).getByTestId("instant-waiting")).toHaveAttribute("aria-hidden", "true");
    expect(screen.queryByRole("link")).toBeNull();
  });

  it("a win: the reveal card with the ticket, the prize and «Reclamar mi premio»; axe-clean", async () => {
    const { container } = render(<InstantOutcomeNotice instant={WON} />, { wrapper: MemoryRouter });
    const status = screen.getByRole("status");
    expect(within(status).getByTestId("instant-reveal")).toHaveTextContent("¡Ganaste un premio instantáneo!");
    expect(status).toHaveTextContent("Boleto 0042: Bono de $20");
    expect(within(status).getByRole("link", { name: "Reclamar mi premio" })).toHaveAttribute(
      "href",
      "/perfil/premios/w1",
    );
    expect((await axe.run(container)).violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });

  it("several wins: one claim link per ticket, each named by its ticket", () => {
    render(
      <InstantOutcomeNotice
        instant={{
          ...WON,
          wins: [...WON.wins, { ticketNumber: "0107", description: "Camiseta", winnerId: "w2" }],
        }}
      />,
      { wrapper: MemoryRouter },
    );
    expect(screen.getByText("¡Ganaste 2 premios instantáneos!")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Reclamar mi premio: boleto 0107" })).toHaveAttribute(
      "href",
      "/perfil/premios/w2",
    );
  });

  it("without a win: the plain sentence, no reveal and no link", () => {
    render(<InstantOutcomeNotice instant={{ ...WON, wins: [] }} />, { wrapper: MemoryRouter });
    expect(screen.getByRole("status")).toHaveTextContent(NONE_TEXT);
    expect(screen.queryByTestId("instant-reveal")).toBeNull();
    expect(screen.queryByRole("link")).toBeNull();
  });

  it("under prefers-reduced-motion nothing moves: every moving class is motion-safe only", () => {
    for (const instant of [PENDING, WON]) {
      const { container, unmount } = render(<InstantOutcomeNotice instant={instant} />, {
        wrapper: MemoryRouter,
      });
      const moving = movingClasses(container);
      // The reveal scales and fades in, the wait pulses: both there, and only as motion-safe: variants.
      expect(moving.length).toBeGreaterThan(0);
      expect(moving.filter((token) => !token.startsWith("motion-safe:"))).toEqual([]);
      unmount();
    }
  });

  it("nothing for a raffle without instant prizes", () => {
    const { container } = render(<InstantOutcomeNotice instant={null} />, { wrapper: MemoryRouter });
    expect(container).toBeEmptyDOMElement();
  });
});

describe("Mis pagos follows the instant draw", () => {
  const fetchMock = stubFetch();
  let proofs: MyProofs;
  const calls = () =>
    fetchMock.mock.calls.filter(([input]) => String(input).startsWith("/api/proofs/mine")).length;

  beforeEach(() => {
    // The search box is a <search> landmark, which happy-dom does not know yet.
    allowConsole("error", "The tag <search> is unrecognized");
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    vi.stubGlobal("EventSource", undefined);
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.startsWith("/api/proofs/mine")) return Response.json(proofs);
      if (url === "/api/reservations") return Response.json({ items: [] });
      return Response.json({ error: { code: "NOT_FOUND", message: "No encontrado." } }, { status: 404 });
    });
  });
  afterEach(() => vi.useRealTimers());

  it("asks again every 15 s while a purchase waits on its round, then reveals the win in the list and the detail", async () => {
    proofs = page([makeProof({ instant: PENDING })]);
    renderWithProviders(<PaymentsList />, { path: "/perfil/pagos" });
    expect(await screen.findByText(PENDING_TEXT)).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Ver detalle del pago: iPhone 17" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText(PENDING_TEXT)).toBeInTheDocument();

    // No notification is promised for the decision: the list asks again on its own.
    proofs = page([makeProof({ instant: WON })]);
    const before = calls();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(INSTANT_POLL_MS);
    });
    expect(calls()).toBe(before + 1);
    // The open detail follows the list: both show the reveal and the way to claim the prize.
    expect(await within(dialog).findByTestId("instant-reveal")).toHaveTextContent("Boleto 0042: Bono de $20");
    expect(within(dialog).getByRole("link", { name: "Reclamar mi premio" })).toHaveAttribute(
      "href",
      "/perfil/premios/w1",
    );
    expect(screen.getAllByTestId("instant-reveal")).toHaveLength(2);

    // Decided: nothing waits any more, so the list stops asking.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(INSTANT_POLL_MS * 3);
    });
    expect(calls()).toBe(before + 1);
  });

  it("does not poll when no purchase waits on a round", async () => {
    proofs = page([makeProof({ instant: { ...WON, wins: [] } }), makeProof({ id: "p2", instant: null })]);
    renderWithProviders(<PaymentsList />, { path: "/perfil/pagos" });
    expect(await screen.findByText(NONE_TEXT)).toBeInTheDocument();
    const before = calls();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(INSTANT_POLL_MS * 2);
    });
    expect(calls()).toBe(before);
  });
});

describe("the receipt page", () => {
  it("prints the same line: waiting, won, or not", () => {
    const { unmount } = render(<ReceiptView receipt={makeReceipt({ instant: PENDING })} />, {
      wrapper: MemoryRouter,
    });
    expect(screen.getByTestId("receipt-instant")).toHaveTextContent(PENDING_TEXT);
    unmount();
    const won = { ...WON, wins: [{ ...WON.wins[0], winnerId: null }] } as typeof WON;
    const second = render(<ReceiptView receipt={makeReceipt({ instant: won })} />, { wrapper: MemoryRouter });
    expect(screen.getByTestId("receipt-instant")).toHaveTextContent(
      "¡Ganaste un premio instantáneo! Boleto 0042: Bono de $20.",
    );
    second.unmount();
    render(<ReceiptView receipt={makeReceipt({ instant: { ...WON, wins: [] } })} />, {
      wrapper: MemoryRouter,
    });
    expect(screen.getByTestId("receipt-instant")).toHaveTextContent(NONE_TEXT);
  });

  it("says nothing of instant prizes for a raffle without them", () => {
    render(<ReceiptView receipt={makeReceipt()} />, { wrapper: MemoryRouter });
    expect(screen.queryByTestId("receipt-instant")).toBeNull();
    expect(screen.queryByText(/instantáneo/)).toBeNull();
  });
});

describe("winners lists badge an instant win", () => {
  const AT = "2026-11-26T19:05:40.000Z";
  const instant = makeWinner(AT, {
    ticketNumber: "0107",
    winnerName: "José R.",
    prizeLevel: 0,
    prizeDescription: "Bono de $20",
    source: "instant",
  });
  const drawn = makeWinner(AT);

  it("the raffle page: «Premio instantáneo» for the instant one, the place for the draw's", () => {
    render(<WinnerList raffle={makeRaffleDetail({ status: "finished", winners: [drawn, instant] })} />);
    const item = (name: string) => screen.getByText(name).closest("li") as HTMLElement;
    expect(within(item("José R.")).getByText("Premio instantáneo")).toBeInTheDocument();
    expect(within(item("José R.")).queryByText(/Premio 0/)).toBeNull();
    expect(within(item("María P.")).getByText("Primer premio")).toBeInTheDocument();
    expect(within(item("María P.")).queryByText("Premio instantáneo")).toBeNull();
  });

  it("the winners page: the badge, after the draw's places; axe-clean", async () => {
    const { container } = render(
      <MemoryRouter>
        <WinnerEntryCard
          entry={{
            raffle: {
              id: "r1",
              title: "Moto Bera",
              prizeImage: null,
              imageAlt: null,
              announcementType: "internal",
              endDate: AT,
              drawnAt: AT,
              drawTrust: "drand",
            },
            drawDate: AT,
            winners: [instant, drawn],
          }}
        />
      </MemoryRouter>,
    );
    const items = within(screen.getByRole("list", { name: "Ganadores de Moto Bera" })).getAllByRole(
      "listitem",
    );
    expect(items[0]).toHaveTextContent("Primer premio");
    expect(items[1]).toHaveTextContent("Premio instantáneo");
    expect(items[1]).toHaveTextContent("José R.");
    expect((await axe.run(container)).violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });

  it("the draw page: level 0 reads «Premio instantáneo», never «Premio 0»", () => {
    render(
      <MemoryRouter>
        <Winners
          result={{
            raffleId: "r1",
            drawnAt: AT,
            empty: false,
            transcript: null,
            winners: [
              { level: 1, prize: "Moto Bera", ticketNumber: "0042", winnerName: "María P.", isMine: false },
              { level: 0, prize: "Bono de $20", ticketNumber: "0107", winnerName: "José R.", isMine: false },
            ],
          }}
        />
      </MemoryRouter>,
    );
    const list = screen.getByRole("list", { name: "Ganadores" });
    expect(within(list).getByText("Premio instantáneo")).toBeInTheDocument();
    expect(within(list).queryByText(/Premio 0/)).toBeNull();
    expect(within(list).getByText(/Primer premio/)).toBeInTheDocument();
  });
});

describe("the organiser's prize cards", () => {
  const fetchMock = stubFetch();

  it("name an instant prize «Premio instantáneo», not «Nivel 0»", async () => {
    const prizes = [
      makeAdminPrize(),
      makeAdminPrize({ winnerId: "w-2", level: 0, ticketNumber: "0107", prizeDescription: "Bono de $20" }),
    ];
    fetchMock.mockImplementation(async (input) =>
      String(input) === "/api/admin/prizes?raffleId=r1"
        ? Response.json({ items: prizes })
        : Response.json({ error: { code: "NOT_FOUND", message: "No encontrado." } }, { status: 404 }),
    );
    renderWithProviders(
      <RafflePrizesSection raffle={makeAdminRaffle({ id: "r1", status: "finished", hasWinners: true })} />,
      { path: "/admin/rifas/r1" },
    );
    expect(
      await screen.findByRole("article", { name: "Premio instantáneo · Bono de $20" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("article", { name: "Nivel 1 · Una moto Bera 0 km" })).toBeInTheDocument();
    expect(screen.queryByText(/Nivel 0/)).toBeNull();
  });
});
