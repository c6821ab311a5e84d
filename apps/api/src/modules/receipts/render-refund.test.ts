// The receipt's PNG drawing of a refunded purchase (decision 0016): the stamp with the refund's date and
// reference over the numbers, "Números anulados", and no "Pago aprobado".
import type { Receipt } from "@rifazo/shared";
import { describe, expect, it } from "vitest";
import { PAID_REFUND } from "../../../test/receipt-fixtures";
import { receiptSvg } from "./render";

const receipt: Receipt = {
  instant: null,
  token: "t".repeat(43),
  raffle: { id: "6effb3c7-fc44-4bd9-ad4b-41f43c16874a", title: "Moto Bera" },
  draw: {
    kind: "unknown",
    at: null,
    round: null,
    lottery: null,
    lotteryRule: null,
    text: "Por anunciar",
    trust: "announced",
  },
  buyerName: "Ana M.",
  numbers: ["0007", "0042"],
  quantity: 2,
  payment: {
    amount: 10,
    currency: "USD",
    amountText: "$10,00",
    exchangeRate: null,
    exchangeRateText: null,
    method: "zelle",
    methodLabel: "Zelle",
    referenceLast4: "7766",
  },
  approvedAt: "2026-11-25T20:52:00.000Z",
  refund: null,
  checkpoint: null,
  receiptCode: "f".repeat(64),
  verifierUrl: "http://localhost:3000/verificar-boleto?rifa=x&numeros=0007,0042",
  verifierHasNumbers: true,
  receiptUrl: "http://localhost:3000/recibo/t",
  imageUrl: "/api/receipts/t/image.png",
  pdfUrl: "/api/receipts/t/receipt.pdf",
};

describe("dibujo del recibo reembolsado", () => {
  it("sin reembolso: pago aprobado, tus números, sin sello", () => {
    const svg = receiptSvg(receipt);
    expect(svg).toContain("Recibo de compra · Pago aprobado");
    expect(svg).toContain("Tus números (2)");
    expect(svg).not.toContain("REEMBOLSADO");
  });

  it("reembolsado: el sello con la fecha y la referencia, los números anulados", () => {
    const svg = receiptSvg({
      ...receipt,
      refund: PAID_REFUND,
    });
    expect(svg).toContain("Recibo de compra · Reembolsado");
    expect(svg).not.toContain("Pago aprobado");
    expect(svg).toContain("Números anulados (2)");
    expect(svg).toContain(">REEMBOLSADO<");
    expect(svg).toContain("Reembolsado el 28 de noviembre de 2026, 10:15 a. m.");
    expect(svg).toContain("Referencia del reembolso terminada en 8899.");
  });
});
