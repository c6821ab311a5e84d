// @vitest-environment happy-dom

import { frozenListHash } from "@rifazo/shared/domain/draw-engine-v2";
import { buildRecord, type DrawRecord } from "@rifazo/shared/domain/draw-record";
import { ownerTag } from "@rifazo/shared/domain/owner-tag";
import type { PaymentProof } from "@rifazo/shared/schemas/proofs";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import exampleReceipts from "../../../docs/draw-protocol/example-receipts.json";
import exampleRecord from "../../../docs/draw-protocol/example-record.json";
import { OwnershipCheck } from "../src/features/draws";
import { checkOwnership, normaliseReceiptCode } from "../src/features/draws/lib/owner-check";
import { PaymentDetailDialog } from "../src/features/proofs/components/payment-detail-dialog";
import { makeProof } from "./fixtures/proof";
import { CLOSED_AT_END_DATE, rulesPublished } from "./fixtures/v2-record";
import { renderWithProviders, stubFetch } from "./render";

// "Buyers can check" (decision 0012): from the receipt's code, the owner tag of each of the buyer's numbers,
// found (or not) in the frozen list of the raffle's record.

const fetchMock = stubFetch();
const RAFFLE = "5b0c7a4e-3f7e-4a53-9d0c-2f1f3c1d8e11";
const MINE = "a1".repeat(32);
const OTHER = "b2".repeat(32);

/** A record frozen with 0007 and 0042 bought with MINE, 0100 with OTHER. */
async function frozenRecord(): Promise<DrawRecord> {
  const tickets = [
    { number: 7, tag: await ownerTag(MINE, RAFFLE, 7) },
    { number: 42, tag: await ownerTag(MINE, RAFFLE, 42) },
    { number: 100, tag: await ownerTag(OTHER, RAFFLE, 100) },
  ];
  return buildRecord(RAFFLE, [
    rulesPublished({
      title: "Moto Bera",
      prizeLevels: [{ level: 1, count: 1, description: "Moto Bera" }],
      announcement: { type: "internal", roundDelayMinutes: 2 },
    }),
    CLOSED_AT_END_DATE,
    {
      type: "frozen",
      at: "2026-11-21T12:00:00.000Z",
      data: { tickets, ticketCount: 3, listHash: await frozenListHash(tickets), expiredProofs: 0 },
    },
  ]);
}

describe("owner-tag check", () => {
  it("confirms the buyer's numbers and names the ones missing or tagged for another receipt", async () => {
    const result = await checkOwnership(await frozenRecord(), MINE, [7, 42, 100, 5]);
    expect(result).toEqual({
      kind: "checked",
      tagged: null,
      // The record's raffle has 1,000 tickets: 3 digits.
      totalTickets: 1000,
      numbers: [
        { number: 7, display: "007", status: "ok" },
        { number: 42, display: "042", status: "ok" },
        { number: 100, display: "100", status: "other_tag" },
        { number: 5, display: "005", status: "missing" },
      ],
    });
  });

  it("finds every number of the list carrying the receipt's tags", async () => {
    const result = await checkOwnership(await frozenRecord(), MINE, [], { findAll: true });
    expect(result).toMatchObject({ kind: "checked", tagged: [7, 42] });
  });

  it("accepts a pasted code with spaces and capitals, and refuses a short one", () => {
    expect(normaliseReceiptCode(` ${MINE.slice(0, 32).toUpperCase()}\n${MINE.slice(32)} `)).toBe(MINE);
    expect(normaliseReceiptCode(MINE.slice(2))).toBeNull();
  });

  it("the Mis pagos action shows ✓ per number and announces the result", async () => {
    fetchMock.mockResolvedValue(Response.json(await frozenRecord()));
    renderWithProviders(<OwnershipCheck raffleId={RAFFLE} receiptCode={MINE} numbers={[7, 42]} />);
    await userEvent.click(
      screen.getByRole("button", { name: /Comprobar mis boletos en la lista congelada/ }),
    );
    const title = await screen.findByText("Tus 2 boletos están en la lista congelada y marcados como tuyos");
    expect(title.closest("[aria-live]")).not.toBeNull();
    const rows = within(screen.getByRole("list", { name: "Resultado por número" })).getAllByRole("listitem");
    expect(rows.map((r) => r.textContent)).toEqual([
      "✓007 está en la lista congelada con tu etiqueta.",
      "✓042 está en la lista congelada con tu etiqueta.",
    ]);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(`/api/raffles/${RAFFLE}/record`);
  });

  it("says plainly when a number is not in the list as the buyer's", async () => {
    fetchMock.mockResolvedValue(Response.json(await frozenRecord()));
    renderWithProviders(<OwnershipCheck raffleId={RAFFLE} receiptCode={MINE} numbers={[7, 100]} />);
    await userEvent.click(screen.getByRole("button", { name: /Comprobar mis boletos/ }));
    expect(await screen.findByText("1 de 2 boletos no coinciden")).toBeInTheDocument();
    expect(
      screen.getByText(/está en la lista, pero con una etiqueta que no sale de este recibo/),
    ).toBeInTheDocument();
  });

  it("before the freeze, says the list is not frozen yet", async () => {
    fetchMock.mockResolvedValue(Response.json({ format: "rifazo-record-1", raffleId: RAFFLE, entries: [] }));
    renderWithProviders(<OwnershipCheck raffleId={RAFFLE} receiptCode={MINE} numbers={[7]} />);
    await userEvent.click(screen.getByRole("button", { name: /Comprobar mis boletos/ }));
    expect(await screen.findByText("La lista todavía no está congelada")).toBeInTheDocument();
  });

  it("the protocol's example receipts find their numbers in the example record", async () => {
    const record = exampleRecord as DrawRecord;
    const { receipts } = exampleReceipts;
    for (const receipt of receipts) {
      const result = await checkOwnership(record, receipt.receiptSecret, receipt.numbers, { findAll: true });
      if (result.kind !== "checked") throw new Error("example record not frozen");
      expect(result.numbers.every((n) => n.status === "ok")).toBe(true);
      expect(result.tagged).toEqual([...receipt.numbers].sort((a, b) => a - b));
    }
  });
});

describe("Mis pagos: the receipt's verification code", () => {
  const proof = (status: "approved" | "pending", receiptSecret: string | null): PaymentProof =>
    makeProof({
      raffleId: RAFFLE,
      raffleTitle: "Moto Bera",
      amount: 10,
      paymentMethod: "pago_movil",
      transactionRef: "123456",
      status,
      createdAt: "2026-11-10T12:00:00.000Z",
      reviewedAt: null,
      paymentMethodLabel: "Pago Móvil",
      statusLabel: status === "approved" ? "Aprobado" : "En Revisión",
      ticketNumbers: status === "approved" ? ["0007", "0042"] : [],
      receiptSecret,
      file: { url: "/api/proofs/p1/file", filename: "pago.png", contentType: "image/png", size: 1000 },
    });

  it("shows the code with a copy button and, for an approved payment, the list check", async () => {
    fetchMock.mockResolvedValue(Response.json(await frozenRecord()));
    renderWithProviders(<PaymentDetailDialog proof={proof("approved", MINE)} onClose={() => undefined} />);
    const section = within(await screen.findByRole("region", { name: "Código de verificación del recibo" }));
    expect(section.getByText(MINE)).toBeInTheDocument();
    expect(
      section.getByRole("button", { name: "Copiar código de verificación del recibo" }),
    ).toBeInTheDocument();
    await userEvent.click(
      section.getByRole("button", { name: /Comprobar mis boletos en la lista congelada/ }),
    );
    expect(
      await section.findByText("Tus 2 boletos están en la lista congelada y marcados como tuyos"),
    ).toBeInTheDocument();
  });

  it("a pending payment shows the code but nothing to check yet; no code, no section", () => {
    const { unmount } = renderWithProviders(
      <PaymentDetailDialog proof={proof("pending", MINE)} onClose={() => undefined} />,
    );
    expect(screen.getByRole("region", { name: "Código de verificación del recibo" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Comprobar mis boletos/ })).not.toBeInTheDocument();
    unmount();
    renderWithProviders(<PaymentDetailDialog proof={proof("approved", null)} onClose={() => undefined} />);
    expect(
      screen.queryByRole("region", { name: "Código de verificación del recibo" }),
    ).not.toBeInTheDocument();
  });
});
