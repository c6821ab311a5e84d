import { describe, expect, it } from "vitest";
import { raffleFormErrorSummary, raffleFormSchema } from "./raffle-form";
import { FIELD_MESSAGES } from "./raffle-form-fields";

const base = {
  title: "Moto Bera",
  price: 2,
  totalTickets: 100,
  activationType: "date",
  endDate: "2031-06-01T20:00:00.000Z",
  prizeLevels: [{ description: "Moto", winnerCount: 1 }],
};

const fieldsOf = (input: Record<string, unknown>) => {
  const parsed = raffleFormSchema.safeParse(input);
  if (parsed.success) throw new Error("se esperaba un error");
  return raffleFormErrorSummary(parsed.error).fields;
};

describe("total de boletos", () => {
  it("no tiene valor por defecto: sin total, la rifa no se crea", () => {
    const { totalTickets: _omit, ...withoutTotal } = base;
    expect(fieldsOf(withoutTotal).totalTickets).toMatch(/^Elige cuántos boletos tiene la rifa/);
    expect(fieldsOf({ ...base, totalTickets: "" }).totalTickets).toMatch(/^Elige cuántos boletos/);
  });

  it("acepta 100, 1.000, 10.000 y cualquier entero entre 1 y 10000", () => {
    for (const [input, total] of [
      [100, 100],
      ["1.000", 1000],
      ["10.000", 10_000],
      [1, 1],
      ["37", 37],
    ] as const) {
      const parsed = raffleFormSchema.safeParse({ ...base, totalTickets: input });
      expect(parsed.success && parsed.data.totalTickets).toBe(total);
    }
    expect(fieldsOf({ ...base, totalTickets: 0 }).totalTickets).toMatch(/entre 1 y 10000/);
    expect(fieldsOf({ ...base, totalTickets: 10_001 }).totalTickets).toMatch(/entre 1 y 10000/);
  });
});

const img = (n: number) => `/api/images/00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

describe("imágenes del premio", () => {
  it("guarda varias en orden; la primera es la portada y un alt vacío toma el título", () => {
    const parsed = raffleFormSchema.parse({
      ...base,
      images: [
        { url: img(3), alt: "Moto de lado" },
        { url: img(1), alt: "" },
        { url: img(2), alt: " Tablero " },
      ],
    });
    expect(parsed.images).toEqual([
      { url: img(3), alt: "Moto de lado" },
      { url: img(1), alt: "Moto Bera, imagen 2" },
      { url: img(2), alt: "Tablero" },
    ]);
    expect(parsed.prizeImage).toBe(img(3));
    expect(parsed.imageAlt).toBe("Moto de lado");
  });

  it("sin lista, prizeImage e imageAlt dan una sola imagen (clientes anteriores)", () => {
    const parsed = raffleFormSchema.parse({ ...base, prizeImage: img(1), imageAlt: "Moto roja" });
    expect(parsed.images).toEqual([{ url: img(1), alt: "Moto roja" }]);
    expect(raffleFormSchema.parse(base).images).toEqual([]);
    expect(raffleFormSchema.parse(base).prizeImage).toBeNull();
  });

  it("rechaza más de 8, repetidas, direcciones ajenas a la galería y alt demasiado largo, en español", () => {
    const nine = Array.from({ length: 9 }, (_, i) => ({ url: img(i + 1), alt: "x" }));
    expect(fieldsOf({ ...base, images: nine }).images).toBe(
      "Puedes añadir como máximo 8 imágenes del premio.",
    );
    const parsed = raffleFormSchema.safeParse({
      ...base,
      images: [
        { url: img(1), alt: "a" },
        { url: img(1), alt: "b" },
        { url: "https://otro.sitio/foto.jpg", alt: "c" },
        { url: img(4), alt: "x".repeat(201) },
      ],
    });
    if (parsed.success) throw new Error("se esperaba un error");
    const summary = raffleFormErrorSummary(parsed.error);
    expect(summary.fields["images.1.url"]).toMatch(/ya está en la rifa/);
    expect(summary.fields["images.2.url"]).toMatch(/galería/);
    expect(summary.fields["images.3.alt"]).toMatch(/200 caracteres/);
    expect(summary.message).toBe(
      "Por favor, completa o corrige: Imagen 2, Imagen 3, Texto alternativo de la imagen 4.",
    );
  });
});

describe("abono mínimo (decisión 0034)", () => {
  it("vacío o ausente: la rifa se paga completa; en es-VE, redondeado a céntimos", () => {
    expect(raffleFormSchema.parse(base).installmentMinimum).toBeNull();
    expect(raffleFormSchema.parse({ ...base, installmentMinimum: "" }).installmentMinimum).toBeNull();
    expect(raffleFormSchema.parse({ ...base, installmentMinimum: null }).installmentMinimum).toBeNull();
    expect(raffleFormSchema.parse({ ...base, installmentMinimum: "1,50" }).installmentMinimum).toBe(1.5);
    expect(raffleFormSchema.parse({ ...base, installmentMinimum: 0.01 }).installmentMinimum).toBe(0.01);
    expect(
      raffleFormSchema.parse({ ...base, price: "1.200,00", installmentMinimum: "1.199,99" })
        .installmentMinimum,
    ).toBe(1199.99);
  });

  it("mayor que 0 y menor que el precio de un boleto (la regla de la base de datos), con su mensaje", () => {
    const message = "El abono mínimo debe ser mayor que 0 y menor que el precio del boleto.";
    for (const value of [0, "0,00", 2, "2,00", 3, "-1", "dos", 1.005]) {
      expect(fieldsOf({ ...base, installmentMinimum: value }).installmentMinimum, String(value)).toBe(
        message,
      );
    }
    const parsed = raffleFormSchema.safeParse({ ...base, installmentMinimum: 5 });
    if (parsed.success) throw new Error("se esperaba un error");
    expect(raffleFormErrorSummary(parsed.error).message).toBe("Por favor, completa o corrige: Abono mínimo.");
    // A dot that could be thousands or decimals says so, as every money field of the form.
    expect(fieldsOf({ ...base, installmentMinimum: "0.500" }).installmentMinimum).toMatch(/ambig|punto/i);
  });
});

describe("premios instantáneos (decisión 0035)", () => {
  const prize = (overrides: Record<string, unknown> = {}) => ({
    description: "Gorra",
    count: 1,
    ...overrides,
  });

  it("vacío, null o ausente: ninguno; si no, en orden, con su premio en dinero opcional (los dos o ninguno)", () => {
    expect(raffleFormSchema.parse(base).instantPrizes).toEqual([]);
    expect(raffleFormSchema.parse({ ...base, instantPrizes: null }).instantPrizes).toEqual([]);
    const parsed = raffleFormSchema.parse({
      ...base,
      instantPrizes: [
        prize({ description: "  Gorra Rifazo ", count: "5", prizeValue: "", cashCurrency: "" }),
        prize({ description: "Bono", count: 2, prizeValue: "1.200,50", cashCurrency: "ves" }),
      ],
    });
    expect(parsed.instantPrizes).toEqual([
      { description: "Gorra Rifazo", count: 5, prizeValue: null, cashCurrency: null },
      { description: "Bono", count: 2, prizeValue: 1200.5, cashCurrency: "VES" },
    ]);
  });

  it("cada dato inválido dice qué corregir, con su etiqueta numerada", () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [prize({ description: "ab" }), "description", FIELD_MESSAGES.instantDescription],
      [prize({ description: "x".repeat(121) }), "description", FIELD_MESSAGES.instantDescription],
      [prize({ count: "" }), "count", FIELD_MESSAGES.instantCount],
      [prize({ count: 0 }), "count", FIELD_MESSAGES.instantCount],
      [prize({ count: 1.5 }), "count", FIELD_MESSAGES.instantCount],
      [prize({ count: 501 }), "count", FIELD_MESSAGES.instantCount],
      [prize({ prizeValue: "20" }), "cashCurrency", FIELD_MESSAGES.instantCashCurrency],
      [prize({ prizeValue: "20", cashCurrency: "EUR" }), "cashCurrency", FIELD_MESSAGES.cashCurrency],
      [prize({ cashCurrency: "USD" }), "prizeValue", FIELD_MESSAGES.cashValue],
      [prize({ prizeValue: "0", cashCurrency: "USD" }), "prizeValue", FIELD_MESSAGES.cashValue],
    ];
    for (const [item, field, message] of cases) {
      const input = { ...base, instantPrizes: [prize({ description: "Camiseta" }), item] };
      expect(fieldsOf(input)[`instantPrizes.1.${field}`], JSON.stringify(item)).toBe(message);
    }
    const parsed = raffleFormSchema.safeParse({ ...base, instantPrizes: [prize({ count: 0 })] });
    if (parsed.success) throw new Error("se esperaba un error");
    expect(raffleFormErrorSummary(parsed.error).message).toBe(
      "Por favor, completa o corrige: Cantidad del premio instantáneo 1.",
    );
  });

  it("como máximo 10 tipos y 500 premios, nunca más que el total de boletos (mensaje propio)", () => {
    const eleven = Array.from({ length: 11 }, (_, i) => prize({ description: `Premio ${i + 1}` }));
    expect(fieldsOf({ ...base, instantPrizes: eleven }).instantPrizes).toBe(
      "Puedes ofrecer como máximo 10 tipos de premio instantáneo.",
    );
    const many = [prize({ count: 300 }), prize({ description: "Taza", count: 201 })];
    expect(fieldsOf({ ...base, totalTickets: 1000, instantPrizes: many }).instantPrizes).toBe(
      FIELD_MESSAGES.tooManyInstantPrizes,
    );
    const over = { ...base, totalTickets: 10, instantPrizes: [prize({ count: 6 }), prize({ count: 5 })] };
    const parsed = raffleFormSchema.safeParse(over);
    if (parsed.success) throw new Error("se esperaba un error");
    const summary = raffleFormErrorSummary(parsed.error);
    expect(summary.fields.instantPrizes).toBe(FIELD_MESSAGES.instantExceedTickets);
    expect(summary.message).toBe(FIELD_MESSAGES.instantExceedTickets);
    // Exactly the tickets, or 500 in all, is allowed.
    expect(raffleFormSchema.safeParse({ ...over, instantPrizes: [prize({ count: 10 })] }).success).toBe(true);
    const fiveHundred = [prize({ count: 250 }), prize({ description: "Taza", count: 250 })];
    expect(
      raffleFormSchema.safeParse({ ...base, totalTickets: 1000, instantPrizes: fiveHundred }).success,
    ).toBe(true);
  });
});
