// @vitest-environment happy-dom

import type { Receipt, ReceiptAbono } from "@rifazo/shared/schemas/receipts";
import { screen, within } from "@testing-library/react";
import axe from "axe-core";
import { describe, expect, it, vi } from "vitest";
import { shareMessage } from "../src/features/receipts";
import { paths, routePatterns } from "../src/lib/paths";
import { ReceiptPage } from "../src/pages/receipt-page";
import { makeReceipt, RECEIPT_RAFFLE as RAFFLE, RECEIPT_TOKEN as TOKEN } from "./fixtures/receipt";
import { renderWithProviders, stubFetch } from "./render";

// The receipt of one payment of an abono (docs/decisions/0034-vendedores.md, "Abonos"): which payment, what
// is paid and what is left before the close, every payment, and the purchase's numbers: apartados (never as
// tickets in the draw) until paid whole, then sold with the owner tags of the frozen list.

vi.mock("../src/components/ui/toast", () => ({ toast: vi.fn() }));

const fetchMock = stubFetch();
const TAG_7 = "0a1b2c3d4e5f60718293a4b5c6d7e8f9";
const TAG_42 = "f9e8d7c6b5a4938271605f4e3d2c1b0a";

function abono(overrides: Partial<ReceiptAbono> = {}): ReceiptAbono {
  return {
    total: 10,
    paid: 4,
    remaining: 6,
    currency: "USD",
    complete: false,
    final: false,
    dueAt: "2026-11-30T23:59:00.000Z",
    position: 1,
    count: 1,
    title: "Abono 1 de 1",
    text: "Pagado $4,00 de $10,00 · faltan $6,00 antes del cierre (30 de noviembre de 2026, 7:59 p. m.)",
    payments: [
      {
        amount: 4,
        currency: "USD",
        method: "zelle",
        status: "approved",
        createdAt: "2026-11-25T20:00:00.000Z",
        isThis: true,
      },
    ],
    numbers: {
      state: "apartados",
      label: "Números apartados (2)",
      note: "Apartados, no participan hasta completar el pago.",
      quantity: 2,
      items: [
        { number: "0007", tag: null },
        { number: "0042", tag: null },
      ],
    },
    ...overrides,
  };
}

/** The first payment of an abono: 4 USD by Zelle, nothing sold to it. */
function firstPayment(over: Partial<ReceiptAbono> = {}): Receipt {
  return makeReceipt({
    numbers: [],
    quantity: 2,
    payment: {
      amount: 4,
      currency: "USD",
      amountText: "$4,00",
      exchangeRate: null,
      exchangeRateText: null,
      method: "zelle",
      methodLabel: "Zelle",
      referenceLast4: "1234",
    },
    verifierUrl: `http://localhost:3000/verificar-boleto?rifa=${RAFFLE}`,
    verifierHasNumbers: false,
    abono: abono(over),
  });
}

async function open(receipt: Receipt) {
  fetchMock.mockResolvedValue(Response.json(receipt));
  const view = renderWithProviders(<ReceiptPage />, {
    path: paths.receipt(TOKEN),
    pattern: routePatterns.receipt,
  });
  await screen.findByRole("heading", { name: "Moto Bera SBR 150" });
  return view;
}

async function expectAxeClean(container: HTMLElement) {
  const result = await axe.run(container);
  expect(result.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

describe("receipt of an abono's payment", () => {
  it("before the purchase is paid whole: the balance, the payments and the numbers apartados, not tickets", async () => {
    const receipt = firstPayment();
    const { container } = await open(receipt);
    expect(screen.getByText("Abono aprobado")).toBeInTheDocument();
    expect(screen.queryByText("Pago aprobado")).not.toBeInTheDocument();
    const summary = within(screen.getByRole("region", { name: "Abono 1 de 1" }));
    expect(summary.getByText(receipt.abono?.text as string)).toBeInTheDocument();
    expect(summary.getByRole("progressbar", { name: "Pagado del total" })).toHaveAttribute(
      "aria-valuetext",
      "$4,00 de $10,00",
    );
    const payments = summary.getAllByRole("listitem");
    expect(payments.map((li) => li.textContent)).toEqual([
      expect.stringMatching(/^\$4,00 · Zelle · .+ · Este reciboAprobado$/),
    ]);

    const held = within(screen.getByRole("list", { name: "Números apartados" }));
    expect(held.getAllByRole("listitem").map((li) => li.textContent)).toEqual(["0007", "0042"]);
    expect(screen.getByText("Números apartados (2)")).toBeInTheDocument();
    expect(screen.getByText("Apartados, no participan hasta completar el pago.")).toBeInTheDocument();
    // Never shown as the buyer's tickets in the draw, nor checked with this payment's code.
    expect(screen.queryByRole("list", { name: "Tus números" })).not.toBeInTheDocument();
    expect(screen.queryByText(/Tus números/)).not.toBeInTheDocument();
    expect(
      screen.queryByRole("link", { name: "Comprobar mis boletos en la lista congelada" }),
    ).not.toBeInTheDocument();
    expect(screen.getByText(/Este abono no vendió números/)).toBeInTheDocument();
    expect(shareMessage(receipt)).toContain("mis números apartados: 0007, 0042");
    await expectAxeClean(container);
  });

  it("once paid whole, the earlier payment shows the sold numbers with their tags in the frozen list", async () => {
    const receipt = firstPayment({
      paid: 10,
      remaining: 0,
      complete: true,
      count: 2,
      title: "Abono 1 de 2",
      text: "Pagado $10,00 de $10,00 · compra pagada",
      payments: [
        { ...abono().payments[0], isThis: true } as ReceiptAbono["payments"][number],
        {
          amount: 240,
          currency: "VES",
          method: "pago_movil",
          status: "approved",
          createdAt: "2026-11-27T15:00:00.000Z",
          isThis: false,
        },
      ],
      numbers: {
        state: "sold",
        label: "Números de la compra (2)",
        note: "Vendidos con el pago que completó la compra: en la lista congelada llevan las etiquetas de ese pago, no las del código de este recibo.",
        quantity: 2,
        items: [
          { number: "0007", tag: TAG_7 },
          { number: "0042", tag: TAG_42 },
        ],
      },
    });
    const { container } = await open(receipt);
    const summary = within(screen.getByRole("region", { name: "Abono 1 de 2" }));
    expect(summary.getByText("Pagado $10,00 de $10,00 · compra pagada")).toBeInTheDocument();
    expect(summary.getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      expect.stringMatching(/^\$4,00 · Zelle · .+ · Este reciboAprobado$/),
      expect.stringMatching(/^Bs\. 240,00 · Pago Móvil · .+Aprobado$/),
    ]);
    const sold = within(screen.getByRole("list", { name: "Números de la compra" }));
    expect(sold.getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      `0007Etiqueta ${TAG_7}`,
      `0042Etiqueta ${TAG_42}`,
    ]);
    expect(screen.queryByText("Apartados, no participan hasta completar el pago.")).not.toBeInTheDocument();
    expect(shareMessage(receipt)).toContain("mis números: 0007, 0042");
    await expectAxeClean(container);
  });

  it("the payment that completed it says so, and its numbers are its own", async () => {
    const receipt = makeReceipt({
      numbers: ["0007", "0042"],
      quantity: 2,
      abono: abono({
        paid: 10,
        remaining: 0,
        complete: true,
        final: true,
        position: 2,
        count: 2,
        title: "Abono 2 de 2",
        text: "Pagado $10,00 de $10,00 · compra pagada",
        numbers: {
          state: "sold",
          label: "Números de la compra (2)",
          note: "Vendidos con este pago, el que completó la compra.",
          quantity: 2,
          items: [
            { number: "0007", tag: TAG_7 },
            { number: "0042", tag: TAG_42 },
          ],
        },
      }),
    });
    const { container } = await open(receipt);
    expect(screen.getByText("Abono final: compra pagada")).toBeInTheDocument();
    const sold = within(screen.getByRole("list", { name: "Números de la compra" }));
    // Its own code makes these tags: the check by code applies, the tags are not repeated.
    expect(sold.getAllByRole("listitem").map((li) => li.textContent)).toEqual(["0007", "0042"]);
    expect(screen.getByRole("link", { name: "Comprobar mis boletos en la lista congelada" })).toBeVisible();
    await expectAxeClean(container);
  });
});
