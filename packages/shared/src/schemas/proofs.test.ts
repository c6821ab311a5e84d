import { describe, expect, it } from "vitest";
import { MAX_PROOF_BYTES } from "../constants";
import { MONEY_MESSAGES } from "../domain/money";
import {
  PROOF_MESSAGES,
  proofFormSchema,
  proofFormSchemaFor,
  proofUploadSchema,
  quantityLimitIssue,
} from "./proofs";

const file = { name: "pago.png", size: 1_000 };
const valid = {
  paymentMethod: "pago_movil",
  transactionRef: "0012345678",
  amount: "10.00",
  currency: "USD",
  quantity: "2",
  userNotes: "",
  file,
};

/** The first message of a failed parse, or null when the values pass. */
function firstMessage(
  schema: { safeParse: (v: unknown) => { error?: { issues: { message: string }[] } } },
  v: unknown,
) {
  return schema.safeParse(v).error?.issues[0]?.message ?? null;
}

describe("proofFormSchema (the upload form)", () => {
  it("parses a complete form into the API's types", () => {
    const parsed = proofFormSchema.parse({ ...valid, transactionRef: " 0012 3456 " });
    expect(parsed).toMatchObject({ amount: 10, quantity: 2, currency: "USD", transactionRef: "00123456" });
    expect(parsed.userNotes).toBeUndefined();
  });

  it("gives the spec's titles for what is missing", () => {
    expect(firstMessage(proofFormSchema, { ...valid, file: null })).toBe("Falta Comprobante");
    expect(firstMessage(proofFormSchema, { ...valid, paymentMethod: "" })).toBe("Falta Método de Pago");
    expect(firstMessage(proofFormSchema, { ...valid, transactionRef: "  " })).toBe("Falta Referencia");
    expect(firstMessage(proofFormSchema, { ...valid, amount: "0" })).toBe("Monto Inválido");
    expect(firstMessage(proofFormSchema, { ...valid, amount: "" })).toBe("Monto Inválido");
    expect(firstMessage(proofFormSchema, { ...valid, quantity: "0" })).toBe(PROOF_MESSAGES.quantityInvalid);
    expect(
      firstMessage(proofFormSchema, { ...valid, file: { name: "x.png", size: MAX_PROOF_BYTES + 1 } }),
    ).toBe(PROOF_MESSAGES.fileTooLarge);
  });

  it("reads an amount typed with a decimal comma", () => {
    expect(proofFormSchema.parse({ ...valid, amount: "12,5" }).amount).toBe(12.5);
  });

  it("reads amounts and quantities as the shared es-VE parser does (money has two decimals)", () => {
    const amount = (text: string) => proofUploadSchema.shape.amount.safeParse(text);
    expect(amount("1.194,56").data).toBe(1194.56);
    expect(amount("1194.56").data).toBe(1194.56);
    // A dot before three digits can only be thousands in a field with two decimals.
    expect(amount("1.194").data).toBe(1194);
    expect(amount("1,194.56").error?.issues[0]?.message).toBe(MONEY_MESSAGES.invalid);
    expect(amount("12,345").error?.issues[0]?.message).toBe(MONEY_MESSAGES.tooManyDecimals(2));
    expect(proofUploadSchema.shape.quantity.parse("1.000")).toBe(1000);
    expect(proofUploadSchema.shape.quantity.safeParse("2,5").error?.issues[0]?.message).toBe(
      PROOF_MESSAGES.quantityInvalid,
    );
  });

  it("follows the API body's rules: a change there changes the form", () => {
    const reference = proofUploadSchema.shape.transactionRef;
    expect(proofFormSchema.shape.transactionRef).toBe(reference);
    expect(firstMessage(proofFormSchema, { ...valid, transactionRef: "١٢٣" })).toBe(
      PROOF_MESSAGES.referenceForeignDigits,
    );
  });
});

describe("proofFormSchemaFor (quantity bounds)", () => {
  it("applies the raffle's minimum purchase and the tickets left", () => {
    const one = { ...valid, quantity: "1" };
    expect(firstMessage(proofFormSchemaFor({}), one)).toBeNull();
    expect(firstMessage(proofFormSchemaFor({ minQuantity: 2 }), one)).toBe(PROOF_MESSAGES.minPurchase);
    expect(
      firstMessage(proofFormSchemaFor({ minQuantity: 2, remaining: 3 }), { ...valid, quantity: "5" }),
    ).toBe("Solo quedan 3 boletos disponibles.");
  });

  it("applies the buyer's cap in the raffle (decision 0008)", () => {
    const five = { ...valid, quantity: "5" };
    expect(
      firstMessage(proofFormSchemaFor({ minQuantity: 2, remaining: 50, cap: 10, allowed: 5 }), five),
    ).toBeNull();
    expect(
      firstMessage(proofFormSchemaFor({ minQuantity: 2, remaining: 50, cap: 10, allowed: 4 }), five),
    ).toBe("Puedes comprar como máximo 4 boletos más en esta rifa.");
    expect(firstMessage(proofFormSchemaFor({ minQuantity: 2, cap: 10, allowed: 1 }), valid)).toBe(
      "Ya alcanzaste el máximo de 10 boletos por persona en esta rifa (contando los pagos en revisión).",
    );
  });
});

describe("quantityLimitIssue", () => {
  it("names the broken limit by the code the API answers for it", () => {
    const limits = { minQuantity: 2, remaining: 6, cap: 10, allowed: 4 };
    expect(quantityLimitIssue(1, limits)?.code).toBe("MIN_PURCHASE");
    expect(quantityLimitIssue(7, limits)?.code).toBe("INSUFFICIENT_TICKETS");
    expect(quantityLimitIssue(5, limits)?.code).toBe("TICKET_CAP_REACHED");
    expect(quantityLimitIssue(4, limits)).toBeNull();
  });
});
