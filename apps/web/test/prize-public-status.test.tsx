// @vitest-environment happy-dom
import { buildRecord } from "@rifazo/shared/domain/draw-record";
import type { WinnersEntry } from "@rifazo/shared/schemas/raffles";
import { render, screen, within } from "@testing-library/react";
import axe from "axe-core";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { sessionQueryKey } from "../src/features/auth/hooks/use-session";
import { RecordView } from "../src/features/draws";
import { WinnerList } from "../src/features/raffles/components/winner-list";
import { WinnerEntryCard } from "../src/features/winners/winner-entry-card";
import { DrawPage } from "../src/pages/draw-page";
import { publicStatus } from "./fixtures/my-prize";
import { makeRaffleDetail, makeWinner } from "./fixtures/raffle";
import { renderWithProviders, stubFetch, testQueryClient } from "./render";

// The public side of a prize after the draw (docs/decisions/0035-prizes-on-the-record.md): the status
// badge in the shared words beside each winner (winners page, raffle page, draw page), with the delivery
// method and, for money, what was paid at which BCV rate; and the record's prize entries in plain Spanish.

const ANNOUNCED = "2026-11-20T18:00:00.000Z";
const PAID = "Pagado Bs. 36.500,00 a 36,5000 Bs/USD (tasa BCV del 28/11/2026)";

/** Delivered by Pago Móvil on 28/11/2026: a USD 1.000,00 prize paid in bolívares at that day's rate. */
const cashDelivered = publicStatus(
  { claimedAt: "2026-11-26T14:00:00.000Z", deliveredOn: "2026-11-28" },
  {
    method: "pago_movil",
    proofHash: "ab".repeat(32),
    paid: { currency: "VES", amount: 36_500, rate: 36.5, rateDate: "2026-11-28" },
  },
);

function entry(): WinnersEntry {
  return {
    raffle: {
      id: "r1",
      title: "Rifa del Efectivo",
      prizeImage: null,
      imageAlt: null,
      announcementType: "internal",
      endDate: ANNOUNCED,
      drawnAt: ANNOUNCED,
      drawTrust: "drand",
    },
    drawDate: ANNOUNCED,
    winners: [
      makeWinner(ANNOUNCED, { prize: cashDelivered }),
      makeWinner(ANNOUNCED, {
        ticketNumber: "0007",
        winnerName: "José R.",
        prizeLevel: 2,
        prizeDescription: "Un televisor",
        prize: publicStatus({ claimedAt: "2026-11-27T14:00:00.000Z" }),
      }),
      // A disqualified winner: the API sends no prize status.
      makeWinner(ANNOUNCED, { ticketNumber: "0099", winnerName: "Luis G.", prizeLevel: 3, prize: null }),
    ],
  } as WinnersEntry;
}

const itemOf = (name: string) => screen.getByText(name).closest("li") as HTMLElement;

describe("public prize status", () => {
  it("the winners page: the status badge, the method and the cash paid at the day's rate; axe-clean", async () => {
    const { container } = render(
      <MemoryRouter>
        <WinnerEntryCard entry={entry()} />
      </MemoryRouter>,
    );
    const cash = within(itemOf("María P."));
    expect(cash.getByText("Entregado el 28/11/2026")).toBeInTheDocument();
    expect(cash.getByText(`Pago Móvil · ${PAID}`)).toBeInTheDocument();
    expect(within(itemOf("José R.")).getByText("Reclamado")).toBeInTheDocument();
    // Nothing for a winner without a prize status.
    expect(within(itemOf("Luis G.")).queryByText(/Estado del premio/)).toBeNull();
    expect(screen.getAllByText("Estado del premio:")).toHaveLength(2);
    expect((await axe.run(container)).violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });

  it("the raffle page's winners carry the same badge", () => {
    const raffle = makeRaffleDetail({
      status: "finished",
      winners: [makeWinner(ANNOUNCED, { prize: publicStatus({}, {}) })],
    });
    render(<WinnerList raffle={raffle} />);
    expect(within(itemOf("María P.")).getByText("Por reclamar")).toBeInTheDocument();
  });

  describe("the draw page", () => {
    const fetchMock = stubFetch();
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-30T12:00:00.000Z") });
      vi.stubGlobal("EventSource", undefined);
    });
    afterEach(() => vi.useRealTimers());

    it("shows each winner's status beside the winner", async () => {
      const confirmed = publicStatus(
        { claimedAt: ANNOUNCED, deliveredOn: "2026-11-28", confirmedAt: "2026-11-29T12:00:00.000Z" },
        { method: "in_person" },
      );
      fetchMock.mockResolvedValue(
        Response.json(
          makeRaffleDetail({
            status: "finished",
            hasWinners: true,
            drawnAt: ANNOUNCED,
            endDate: ANNOUNCED,
            winners: [makeWinner(ANNOUNCED, { prize: confirmed })],
          }),
        ),
      );
      const client = testQueryClient();
      client.setQueryData(sessionQueryKey, null);
      renderWithProviders(<DrawPage />, { path: "/sorteo/r1", pattern: "/sorteo/:raffleId", client });
      const winners = within(await screen.findByRole("list", { name: "Ganadores" }));
      expect(winners.getByText("Entregado el 28/11/2026 y confirmado por el ganador")).toBeInTheDocument();
      expect(winners.getByText("En persona")).toBeInTheDocument();
    });
  });

  it("the record page describes the prize entries in plain Spanish", async () => {
    const ref = { level: 1, index: 0, ticketNumber: 42 };
    const record = await buildRecord("r1", [
      {
        type: "rules_published",
        at: "2026-11-01T12:00:00.000Z",
        data: {
          title: "Rifa del Efectivo",
          currency: "USD",
          price: "5.00",
          totalTickets: 1000,
          activationType: "date",
          activationPercentage: null,
          startDate: "2026-11-01T12:00:00.000Z",
          endDate: "2026-11-20T12:00:00.000Z",
          reviewWindowHours: 48,
          maxTicketsPerBuyer: null,
          prizeLevels: [
            { level: 1, count: 1, description: "Mil dólares", cash: { currency: "USD", amount: "1000.00" } },
          ],
          announcement: { type: "internal", roundDelayMinutes: 2 },
        },
      },
      { type: "prize_claimed", at: "2026-11-26T14:00:00.000Z", data: ref },
      {
        type: "prize_delivered",
        at: "2026-11-28T15:00:00.000Z",
        data: {
          ...ref,
          method: "pago_movil",
          deliveredOn: "2026-11-28",
          proofHash: "ab".repeat(32),
          cash: {
            prizeCurrency: "USD",
            prizeValue: "1000.00",
            paidCurrency: "VES",
            paidAmount: "36500.00",
            rate: "36.5000",
            rateDate: "2026-11-28",
          },
        },
      },
      { type: "prize_confirmation", at: "2026-11-29T12:00:00.000Z", data: { ...ref, outcome: "disputed" } },
      { type: "prize_confirmation", at: "2026-11-30T12:00:00.000Z", data: { ...ref, outcome: "resolved" } },
      { type: "prize_confirmation", at: "2026-12-01T12:00:00.000Z", data: { ...ref, outcome: "received" } },
    ]);
    renderWithProviders(<RecordView record={record} />);
    const entries = within(screen.getByRole("region", { name: "Entradas del acta" })).getAllByRole(
      "listitem",
    );
    const texts = entries.map((e) => e.querySelector(".mt-1")?.textContent ?? "");
    const name = "boleto 042 (Primer premio: Mil dólares)";
    expect(texts[1]).toBe(
      `El ganador del ${name} reclamó su premio; sus datos quedan privados y la hora de esta entrada prueba cuándo lo reclamó.`,
    );
    expect(texts[2]).toContain(`Premio del ${name} entregado el 28/11/2026. Forma de entrega: Pago Móvil.`);
    expect(texts[2]).toContain(`${PAID} por un premio de $1.000,00.`);
    expect(texts[2]).toContain("La prueba queda privada; su huella: abababab…ababab");
    expect(texts[3]).toBe(
      `El ganador del ${name} abrió una disputa sobre su premio (su mensaje queda privado): el organizador debe resolverla.`,
    );
    expect(texts[4]).toBe(`Se resolvió la disputa del premio del ${name}.`);
    expect(texts[5]).toBe(`El ganador del ${name} confirmó que recibió su premio.`);
  });
});
