import { describe, expect, it } from "vitest";
import { extractReceiptFields } from "./extract";

// Texts as Tesseract returns them for receipts of the apps Venezuelan buyers pay with, including the
// misreadings seen on screenshots (O for 0, l for 1, lost colons, labels and values on separate lines).

/** A whole receipt's text and every field read from it. */
type ReceiptCase = { title: string; text: string; fields: ReturnType<typeof extractReceiptFields> };

const TRANSFER_RECEIPTS: ReceiptCase[] = [
  {
    title: "reads a BDV Pago Móvil confirmation",
    text: `11:17
BDV
Banco de Venezuela · Pago Móvil
¡Operación exitosa!
Bs. 1.194,56
Monto:                      Bs. 1.194,56
Referencia:                   012345678901
Fecha:                            20/11/2026
Hora:                           11:17 a. m.
Banco receptor:                     Banesco
Teléfono receptor:             0414-5550123
Cédula receptor:               V-12.345.678`,
    fields: {
      reference: "012345678901",
      amount: 1194.56,
      currency: "VES",
      date: "2026-11-20",
      bank: "Banco de Venezuela",
    },
  },
  {
    title: "reads a stacked Banesco layout (label above value) and skips the receiving bank",
    text: `Banesco
Pago Móvil Interbancario
Transacción realizada con éxito
Número de referencia
000123456789
Monto
Bs 25.000,00
Fecha
09-07-2026 16:09
Banco destino
Banco de Venezuela`,
    fields: {
      reference: "000123456789",
      amount: 25000,
      currency: "VES",
      date: "2026-07-09",
      bank: "Banesco",
    },
  },
  {
    title: "reads a Mercantil transfer with the amount before Bs. and a month name",
    text: `Mercantil
Transferencia a terceros
Operación procesada
Nro. de operación    0134007344
Monto     94.627,70 Bs.
Fecha     26 ago. 2026
Banco destino    Banplus`,
    fields: {
      reference: "0134007344",
      amount: 94627.7,
      currency: "VES",
      date: "2026-08-26",
      bank: "Mercantil",
    },
  },
  {
    title: "survives OCR noise: letters for digits, lost colons, Ref. variants, a comma read as a point",
    text: `Provincial
Pago Movil
Ref. O1234S6789l
Monto Bs.1.194.56
Fecha 2O/11/2026
Banco receptor Bancamiga`,
    fields: {
      reference: "01234567891",
      amount: 1194.56,
      currency: "VES",
      date: "2026-11-20",
      bank: "BBVA Provincial",
    },
  },
  {
    title: "accepts references broken by spaces and the N° label, and 'de noviembre de' dates",
    text: `Bancaribe
N° de referencia: 0012 3456 7890
Monto pagado: Bs. 350,00
Fecha de la operación: 3 de noviembre de 2026`,
    fields: {
      reference: "001234567890",
      amount: 350,
      currency: "VES",
      date: "2026-11-03",
      bank: "Bancaribe",
    },
  },
];

describe("extractReceiptFields: Pago Móvil and transfers", () => {
  it.each(TRANSFER_RECEIPTS)("$title", ({ text, fields }) => {
    expect(extractReceiptFields(text)).toEqual(fields);
  });

  it("reads misread labels: Reterencia, Monta, Fecha without colon", () => {
    expect(
      extractReceiptFields(`BDV
Reterencia    608013630372
Monta     Bs. 18.834,45
Fecha     23/04/2026`),
    ).toMatchObject({ reference: "608013630372", amount: 18834.45, date: "2026-04-23" });
  });

  it("takes a bank from the header only: below the first row a misread label could hide the receiver", () => {
    expect(
      extractReceiptFields("Transferencia\nNro. de operación 123456\nBanco destlno BNC").bank,
    ).toBeNull();
  });

  it("finds an origin bank named after its label, and a misread bank name", () => {
    expect(extractReceiptFields("Banco receptor: Banesco\nBanco emisor: Bancamiga").bank).toBe("Bancamiga");
    expect(extractReceiptFields("Banesc0\nReferencia 123456").bank).toBe("Banesco");
    expect(extractReceiptFields("100% Banco\nReferencia 123456").bank).toBe("100% Banco");
  });

  it("leaves out what no label or currency mark vouches for", () => {
    expect(
      extractReceiptFields(`Operación exitosa
Teléfono 0414-5550123
Cédula V-12.345.678
Compartir comprobante`),
    ).toEqual({ reference: null, amount: null, currency: null, date: null, bank: null });
    expect(extractReceiptFields("")).toEqual({
      reference: null,
      amount: null,
      currency: null,
      date: null,
      bank: null,
    });
  });

  it("reads the currency marks banks use, and bolívares when a Spanish receipt shows none", () => {
    expect(extractReceiptFields("Monto: Bs.S 1.194,56")).toMatchObject({ amount: 1194.56, currency: "VES" });
    expect(extractReceiptFields("Monto 1.194,56 VES")).toMatchObject({ amount: 1194.56, currency: "VES" });
    expect(extractReceiptFields("Monto: 1.194,56")).toMatchObject({ amount: 1194.56, currency: "VES" });
    expect(extractReceiptFields("Monto: USD 25,00")).toMatchObject({ amount: 25, currency: "USD" });
    expect(extractReceiptFields("Total: 1.194,56")).toMatchObject({ amount: null, currency: null });
  });

  it("reads dates with two-digit years, points, year first and full month names", () => {
    expect(extractReceiptFields("Fecha: 20/11/26").date).toBe("2026-11-20");
    expect(extractReceiptFields("Fecha 20.11.2026 10:32").date).toBe("2026-11-20");
    expect(extractReceiptFields("Fecha: 2026/11/20").date).toBe("2026-11-20");
    expect(extractReceiptFields("Date: November 20, 2026").date).toBe("2026-11-20");
  });

  it("rejects impossible dates", () => {
    expect(extractReceiptFields("Fecha: 31/02/2026").date).toBeNull();
    expect(extractReceiptFields("Fecha: 12/13/2026").date).toBe("2026-12-13");
  });
});

const USD_RECEIPTS: ReceiptCase[] = [
  {
    title: "reads a Zelle confirmation in US format",
    text: `Zelle
Payment sent
You sent money
$1,025.00
Amount
$1,025.00
To
Rifazo Organizer
Date
Nov 20, 2026
Confirmation
ABC123XYZ9`,
    fields: {
      reference: "ABC123XYZ9",
      amount: 1025,
      currency: "USD",
      date: "2026-11-20",
      bank: "Zelle",
    },
  },
  {
    title: "reads a Binance Pay order, 'Order 1D' misread included",
    text: `BINANCE
Binance Pay
Payment Successful
-25.5 USDT
Order 1D    689859958053757958
Amount      25.50 USDT
Date        2026-11-20 18:19:07`,
    fields: {
      reference: "689859958053757958",
      amount: 25.5,
      currency: "USD",
      date: "2026-11-20",
      bank: "Binance",
    },
  },
];

describe("extractReceiptFields: Zelle and Binance", () => {
  it.each(USD_RECEIPTS)("$title", ({ text, fields }) => {
    expect(extractReceiptFields(text)).toEqual(fields);
  });

  it("reads US numeric dates month first on English receipts", () => {
    expect(extractReceiptFields("Zelle\nDate: 11/05/2026\nAmount $25.00").date).toBe("2026-11-05");
  });

  it("reads 'Order ¡D)' and 'Transaction 1D' as the order label", () => {
    expect(extractReceiptFields("Binance Pay\nOrder ¡D)   357028874392348495").reference).toBe(
      "357028874392348495",
    );
    expect(extractReceiptFields("Transaction 1D: 99887766").reference).toBe("99887766");
  });

  it("reads an amount with only a currency mark and no label", () => {
    expect(extractReceiptFields("Pago enviado\n25 USDT")).toMatchObject({ amount: 25, currency: "USD" });
    expect(extractReceiptFields("Pago enviado\nBs. 12.500,00")).toMatchObject({
      amount: 12500,
      currency: "VES",
    });
  });
});
