// The near-copy threshold, measured (decision 0015, "Proof analysis", has the table): copies of a
// receipt stay within NEAR_DUPLICATE_MAX_DISTANCE bits; different receipts of the same bank's app are
// told apart by what OCR reads on them, because to a 64-bit hash they look alike.
import type { ProofOcr, ReceiptFields } from "@rifazo/shared";
import { beforeAll, describe, expect, it } from "vitest";
import {
  BANESCO,
  BINANCE,
  copiesOf,
  drawReceipt,
  MERCANTIL,
  type ReceiptLook,
  type VariantName,
  ZELLE,
} from "../../../test/receipt-variants";
import { bitsToBigint, contentBox, hammingDistance, imageHash, NEAR_DUPLICATE_MAX_DISTANCE } from "./phash";
import { pickNearDuplicate, readingsDiffer } from "./service";

const PAYMENT = {
  reference: "004512873311",
  amount: "Bs. 1.194,56",
  date: "24/11/2026",
  payee: "María Pérez",
};
/** Other payments in the same app: another reference, amount and date each time. */
const OTHER_PAYMENTS = [
  { reference: "009988776655", amount: "Bs. 350,00", date: "02/10/2026", payee: "María Pérez" },
  { reference: "001234512345", amount: "Bs. 12.500,00", date: "15/11/2026", payee: "José Rivas" },
  { reference: "004512879911", amount: "Bs. 1.194,56", date: "25/11/2026", payee: "María Pérez" },
];

function reading(fields: Partial<ReceiptFields>): ProofOcr {
  return {
    fields: { reference: null, amount: null, currency: null, date: null, bank: null, ...fields },
    confidence: 80,
    text: "",
    engine: "test",
    ms: 1,
  };
}

/** What OCR reads on a receipt drawn with `payment` (the values it was drawn with). */
function readingOf(payment: (typeof OTHER_PAYMENTS)[number]): ProofOcr {
  const [day, month, year] = payment.date.split("/");
  const amount = Number(payment.amount.replace("Bs. ", "").replace(/\./g, "").replace(",", "."));
  return reading({ reference: payment.reference, amount, date: `${year}-${month}-${day}` });
}

const LIGHT: [string, Omit<ReceiptLook, keyof typeof PAYMENT>][] = [
  ["Banesco", BANESCO],
  ["Mercantil", MERCANTIL],
  ["Zelle", ZELLE],
];
const CAUGHT: VariantName[] = [
  "jpeg_q60",
  "resized_50",
  "resized_150",
  "cropped_4",
  "cropped_8",
  "screenshot_of_screenshot",
];

const distances = new Map<string, Record<string, number>>();

beforeAll(async () => {
  for (const [name, look] of [...LIGHT, ["Binance", BINANCE] as const]) {
    const original = await drawReceipt({ ...look, ...PAYMENT });
    const hash = await imageHash(original);
    const row: Record<string, number> = {};
    for (const [variant, copy] of Object.entries(await copiesOf(original))) {
      row[variant] = hammingDistance(hash, await imageHash(copy));
    }
    for (const [i, payment] of OTHER_PAYMENTS.entries()) {
      row[`other_${i}`] = hammingDistance(hash, await imageHash(await drawReceipt({ ...look, ...payment })));
    }
    distances.set(name, row);
  }
}, 60_000);

describe("perceptual hash", () => {
  it("stores the 64 bits as a signed bigint and counts differing bits as SQL's bit_count does", () => {
    expect(bitsToBigint("0".repeat(64))).toBe(0n);
    expect(bitsToBigint(`1${"0".repeat(63)}`)).toBe(-(2n ** 63n));
    expect(bitsToBigint("1".repeat(64))).toBe(-1n);
    expect(hammingDistance(-1n, 0n)).toBe(64);
    expect(hammingDistance(-(2n ** 63n), 1n)).toBe(2);
  });

  it("finds the receipt inside a phone's dark frame and empty margins", () => {
    const width = 40;
    const height = 80;
    const data = new Uint8Array(width * height); // black frame
    for (let y = 4; y < 76; y++) for (let x = 3; x < 37; x++) data[y * width + x] = 240; // white page
    // Lines of text (dark strokes between light gaps), rows 27 to 54.
    for (let y = 27; y < 55; y += 3) for (let x = 10; x < 30; x += 3) data[y * width + x] = 20;
    // A status bar: mostly black with a white clock.
    for (let y = 1; y < 4; y++) for (let x = 2; x < 7; x++) data[y * width + x] = 255;
    expect(contentBox(data, width, height)).toEqual({ left: 10, top: 27, width: 19, height: 28 });
  });

  for (const [name] of LIGHT) {
    it(`${name}: re-encoded, resized, cropped up to 8 % and re-screenshotted copies are within the threshold`, () => {
      const row = distances.get(name) ?? {};
      for (const variant of CAUGHT) {
        expect({ variant, distance: row[variant] }).toEqual({
          variant,
          distance: expect.toSatisfy((d: number) => d <= NEAR_DUPLICATE_MAX_DISTANCE),
        });
      }
    });
  }

  it("a crop of 16 % changes the picture too much: not caught (a known limit)", () => {
    for (const [name] of LIGHT) {
      expect(distances.get(name)?.cropped_16).toBeGreaterThan(NEAR_DUPLICATE_MAX_DISTANCE);
    }
  });

  it("a dark-mode receipt (Binance) is caught re-encoded, resized and lightly cropped, but not inside a black frame", () => {
    const row = distances.get("Binance") ?? {};
    for (const variant of ["jpeg_q60", "resized_50", "resized_150", "cropped_4", "cropped_8"] as const) {
      expect(row[variant]).toBeLessThanOrEqual(NEAR_DUPLICATE_MAX_DISTANCE);
    }
    expect(row.screenshot_of_screenshot).toBeGreaterThan(NEAR_DUPLICATE_MAX_DISTANCE);
  });

  it("receipts of different banks' styles are far apart", async () => {
    const light = await imageHash(await drawReceipt({ ...BANESCO, ...PAYMENT }));
    const dark = await imageHash(await drawReceipt({ ...BINANCE, ...PAYMENT }));
    expect(hammingDistance(light, dark)).toBeGreaterThan(3 * NEAR_DUPLICATE_MAX_DISTANCE);
  });
});

describe("different receipts of the same bank are not flagged", () => {
  it("the hash alone cannot tell them apart (same layout, other digits)", () => {
    // Recorded so the decision record's claim stays true: some pairs are closer than copies are.
    const closest = Math.min(
      ...[...distances.values()].flatMap((row) => OTHER_PAYMENTS.map((_, i) => row[`other_${i}`] ?? 64)),
    );
    expect(closest).toBeLessThanOrEqual(NEAR_DUPLICATE_MAX_DISTANCE);
  });

  it("what OCR read on each tells them apart, so none is marked a near-copy of the first", () => {
    const first = readingOf(PAYMENT);
    for (const [name] of [...LIGHT, ["Binance"]]) {
      for (const [i, payment] of OTHER_PAYMENTS.entries()) {
        const candidate = {
          id: `${name}-first`,
          distance: distances.get(name)?.[`other_${i}`] ?? 0,
          ocr: first,
        };
        expect(pickNearDuplicate(readingOf(payment), [candidate])).toBeNull();
      }
    }
  });

  it("a copy reads the same (or unreadable) and is marked; a misread last digit alone does not hide it", () => {
    const first = readingOf(PAYMENT);
    const candidate = { id: "first", distance: 3, ocr: first };
    expect(pickNearDuplicate(readingOf(PAYMENT), [candidate])).toBe("first");
    expect(pickNearDuplicate(null, [candidate])).toBe("first");
    expect(pickNearDuplicate(reading({}), [candidate])).toBe("first");
    // The buyer's app shows only the last digits: still the same reference.
    expect(readingsDiffer(reading({ reference: "73311" }), first)).toBe(false);
    expect(readingsDiffer(reading({ reference: "004512873312" }), first)).toBe(true);
    expect(readingsDiffer(reading({ amount: 1194.56 }), first)).toBe(false);
    expect(readingsDiffer(reading({ date: "2026-11-25" }), first)).toBe(true);
  });

  it("the earliest acceptable candidate wins", () => {
    const mine = readingOf(PAYMENT);
    const other = readingOf(OTHER_PAYMENTS[0] as (typeof OTHER_PAYMENTS)[number]);
    const picked = pickNearDuplicate(mine, [
      { id: "older-other-payment", distance: 1, ocr: other },
      { id: "older-copy", distance: 4, ocr: mine },
      { id: "newer-copy", distance: 0, ocr: mine },
    ]);
    expect(picked).toBe("older-copy");
  });
});
