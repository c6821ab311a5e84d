// @vitest-environment happy-dom

import type { TicketVerificationResponse } from "@rifazo/shared/schemas/draws";
import type { Receipt } from "@rifazo/shared/schemas/receipts";
import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { paths, routePatterns } from "../src/lib/paths";
import { ReceiptPage } from "../src/pages/receipt-page";
import { TicketVerifierPage } from "../src/pages/ticket-verifier-page";
import { makeReceipt, RECEIPT_RAFFLE as RAFFLE, RECEIPT_TOKEN as TOKEN } from "./fixtures/receipt";
import { renderWithProviders, stubFetch } from "./render";

// A refunded purchase (cancelled raffle, decision 0016) never looks valid: its receipt says
// "Reembolsado el <fecha>" with the refund's reference and its numbers void; the verifier calls its
// ticket void, not sold.

vi.mock("../src/components/ui/toast", () => ({ toast: vi.fn() }));

const fetchMock = stubFetch();

/** Two numbers paid by Zelle, refunded after the raffle was cancelled: no draw to announce, no checkpoint. */
const receipt: Receipt = makeReceipt({
  draw: {
    kind: "end_date",
    at: null,
    round: null,
    lottery: null,
    lotteryRule: null,
    text: "Por anunciar",
    trust: "announced",
  },
  numbers: ["0007", "0042"],
  quantity: 2,
  payment: {
    amount: 20,
    currency: "USD",
    amountText: "$20,00",
    exchangeRate: null,
    exchangeRateText: null,
    method: "zelle",
    methodLabel: "Zelle",
    referenceLast4: "7766",
  },
  refund: {
    status: "paid",
    label: "Reembolsado",
    paidAt: "2026-11-28T14:15:00.000Z",
    referenceLast4: "8899",
    headline: "Reembolsado el 28 de noviembre de 2026, 10:15 a. m.",
    detail:
      "Referencia del reembolso terminada en 8899. Estos números quedaron anulados: no participan en el sorteo.",
  },
  checkpoint: null,
  verifierUrl: `http://localhost:3000/verificar-boleto?rifa=${RAFFLE}&numeros=0007,0042`,
});

describe("compra reembolsada", () => {
  it("el recibo dice Reembolsado el <fecha>, con la referencia, y sus números anulados", async () => {
    fetchMock.mockResolvedValue(Response.json(receipt));
    renderWithProviders(<ReceiptPage />, { path: paths.receipt(TOKEN), pattern: routePatterns.receipt });
    expect(await screen.findByRole("heading", { name: "Moto Bera SBR 150" })).toBeInTheDocument();
    expect(screen.queryByText("Pago aprobado")).toBeNull();
    expect(screen.getByText("Reembolsado")).toBeInTheDocument();
    expect(screen.getByText("Reembolsado el 28 de noviembre de 2026, 10:15 a. m.")).toBeInTheDocument();
    expect(screen.getByText(/Referencia del reembolso terminada en 8899/)).toBeInTheDocument();
    expect(screen.queryByRole("list", { name: "Tus números" })).toBeNull();
    const numbers = within(screen.getByRole("list", { name: "Números anulados" })).getAllByRole("listitem");
    expect(numbers.map((li) => li.querySelector("del")?.textContent)).toEqual(["0007", "0042"]);
  });

  it("el recibo de un reembolso pendiente lo dice también", async () => {
    fetchMock.mockResolvedValue(
      Response.json({
        ...receipt,
        refund: {
          status: "pending",
          label: "Reembolso pendiente",
          paidAt: null,
          referenceLast4: null,
          headline: "Reembolso pendiente",
          detail:
            "La rifa fue cancelada y este pago se devolverá. Estos números quedaron anulados: no participan en el sorteo.",
        },
      }),
    );
    renderWithProviders(<ReceiptPage />, { path: paths.receipt(TOKEN), pattern: routePatterns.receipt });
    await screen.findByRole("heading", { name: "Moto Bera SBR 150" });
    expect(screen.getAllByText("Reembolso pendiente").length).toBeGreaterThan(0);
    expect(screen.queryByText("Pago aprobado")).toBeNull();
    expect(screen.getByRole("list", { name: "Números anulados" })).toBeInTheDocument();
  });

  it("el verificador no presenta un boleto reembolsado como vendido", async () => {
    const answer: TicketVerificationResponse = {
      result: "refunded",
      ticketNumber: "0007",
      total: 1,
      page: 1,
      pageSize: 20,
      matches: [
        {
          raffleId: RAFFLE,
          ticketNumber: "0007",
          raffleTitle: "Moto Bera SBR 150",
          raffleStatus: "cancelled",
          sold: false,
          refunded: true,
          isWinner: false,
          prize: null,
          drawDate: null,
          ownerName: "Ana M.",
          mine: true,
        },
      ],
    };
    fetchMock.mockImplementation(async (input) =>
      String(input).startsWith("/api/raffles?") || String(input) === "/api/draws"
        ? Response.json(String(input) === "/api/draws" ? [] : { items: [] })
        : Response.json(answer),
    );
    renderWithProviders(<TicketVerifierPage />, {
      path: `${paths.ticketVerifier}?rifa=${RAFFLE}&numeros=0007`,
    });
    const results = within(await screen.findByRole("list", { name: "Rifas con este boleto" }));
    expect(results.getByText("Reembolsado · anulado")).toBeInTheDocument();
    expect(results.getByText(/· Cancelada$/)).toBeInTheDocument();
    expect(results.queryByText(/^Vendido/)).toBeNull();
    expect(screen.getByText("Boleto Anulado")).toBeInTheDocument();
    expect(
      screen.getByText(/fue reembolsado en «Moto Bera SBR 150»: quedó anulado y no participa/),
    ).toBeInTheDocument();
    expect(screen.queryByText(/participa:/)).toBeNull();
  });
});
