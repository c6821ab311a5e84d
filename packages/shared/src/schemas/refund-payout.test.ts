import { describe, expect, it } from "vitest";
import { PAYOUT_MESSAGES, refundNeedsPayout, refundPayoutInputSchema } from "./admin/refunds";
import { registerFormSchema, registerSchema } from "./auth";
import { isVenezuelanMobile, MOBILE_PHONE_MESSAGES, normalizeVenezuelanMobile } from "./profile";

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe("celular del comprador", () => {
  it("acepta solo celulares (04XX) y los guarda en formato internacional", () => {
    expect(normalizeVenezuelanMobile("0414-123 45 67")).toBe("+584141234567");
    expect(normalizeVenezuelanMobile("+58 424 5550199")).toBe("+584245550199");
    expect(normalizeVenezuelanMobile("0212-1234567")).toBeNull();
    expect(isVenezuelanMobile("+584141234567")).toBe(true);
    expect(isVenezuelanMobile("+582121234567")).toBe(false);
    expect(isVenezuelanMobile(null)).toBe(false);
    // Older rows (the demo seed) keep the number as typed.
    expect(isVenezuelanMobile("0414-2345678")).toBe(true);
  });

  it("el formulario de registro lo exige; la API lo acepta opcional pero lo valida", () => {
    const base = {
      fullName: "Ana Pérez",
      email: "ana@example.com",
      password: "ClaveSegura123",
      confirmPassword: "ClaveSegura123",
    };
    expect(firstMessage(registerFormSchema.safeParse({ ...base, phone: "" }))).toBe(
      MOBILE_PHONE_MESSAGES.required,
    );
    expect(firstMessage(registerFormSchema.safeParse({ ...base, phone: "0212-1234567" }))).toBe(
      MOBILE_PHONE_MESSAGES.invalid,
    );
    expect(registerFormSchema.parse({ ...base, phone: "0414 1234567" }).phone).toBe("+584141234567");
    expect(registerSchema.parse(base).phone).toBeUndefined();
    expect(registerSchema.safeParse({ ...base, phone: "123" }).success).toBe(false);
  });
});

describe("datos para el reembolso", () => {
  it("solo Pago Móvil y transferencia los piden", () => {
    expect(refundNeedsPayout("pago_movil")).toBe(true);
    expect(refundNeedsPayout("transferencia")).toBe(true);
    expect(refundNeedsPayout("zelle")).toBe(false);
  });

  it("Pago Móvil: banco, cédula y celular, normalizados", () => {
    const parsed = refundPayoutInputSchema("pago_movil").parse({
      bankCode: "0134",
      idType: "V",
      idNumber: "12.345.678",
      phone: "0414-1234567",
    });
    expect(parsed).toEqual({
      bankCode: "0134",
      idType: "V",
      idNumber: "12345678",
      phone: "+584141234567",
      account: null,
    });
    const bad = refundPayoutInputSchema("pago_movil").safeParse({
      bankCode: "9999",
      idType: "X",
      idNumber: "12",
      phone: "0212-1234567",
    });
    const messages = bad.error?.issues.map((issue) => issue.message) ?? [];
    expect(messages).toEqual(
      expect.arrayContaining([
        PAYOUT_MESSAGES.bankRequired,
        PAYOUT_MESSAGES.idTypeRequired,
        PAYOUT_MESSAGES.idNumberInvalid,
      ]),
    );
  });

  it("transferencia: cuenta de 20 dígitos que empieza por el código del banco", () => {
    const schema = refundPayoutInputSchema("transferencia");
    const good = { bankCode: "0102", idType: "E", idNumber: "81234567" };
    expect(schema.parse({ ...good, account: "0102-0123-45-0123456789" }).account).toBe(
      "01020123450123456789",
    );
    expect(firstMessage(schema.safeParse({ ...good, account: "0134012345012345678" }))).toBe(
      PAYOUT_MESSAGES.accountInvalid,
    );
    expect(firstMessage(schema.safeParse({ ...good, account: "01340123450123456789" }))).toBe(
      PAYOUT_MESSAGES.accountBankMismatch,
    );
  });
});
