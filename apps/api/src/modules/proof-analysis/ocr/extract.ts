import { parseEsNumber, type ReceiptFields } from "@rifazo/shared";
import { MONTH_NUMBERS } from "../../../lib/month-names";
import { banksInLine } from "./banks";

// Reference, amount, date and bank read from the text of a payment receipt: Pago Móvil confirmations and
// transfers of the Venezuelan bank apps (Spanish labels, "Bs. 1.194,56", day first), Zelle ("$25.00",
// "Nov 20, 2026") and Binance Pay ("25 USDT", "2026-11-20"). The text comes from OCR, so labels and
// figures carry misread letters (O for 0, l for 1), lost colons and split lines. A field is reported only
// when a label or a currency mark vouches for it: the inbox flags a reading that differs from what the
// buyer typed, so a wrong value costs more than none.

type Currency = NonNullable<ReceiptFields["currency"]>;

// Label words as OCR misreads them: "Reterencia", "Referencla", "Monta", "0peración".
const REFERENCIA = "r[eéc][ftr][eéc]r[eéc]n[cgeo][il1i|]a";
const OPERACION = "[o0]p[eé]raci[oó6]n";
const NUMBER = "(?:n(?:u|ú)?m(?:ero)?\\.?|nro\\.?|n[°º])";

const REFERENCE_LABELS = [
  `${NUMBER}\\s*(?:de\\s+)?(?:${REFERENCIA}|ref|${OPERACION}|comprobante|transacci[oó]n|confirmaci[oó]n)`,
  REFERENCIA,
  "r[eéc][ft]\\b\\.?",
  `${OPERACION}\\s*(?:n[°º.]?|nro\\.?|#)`,
  `c[oó]digo\\s+de\\s+(?:${OPERACION}|transacci[oó]n|confirmaci[oó]n)`,
  "comprobante\\s*(?:n[°º.]|nro\\.?|#|:)",
  "confirmation(?:\\s+(?:code|number|no\\.?|#))?",
  // "Order ID" read as "Order 1D", "Order ¡D)".
  "order\\s*(?:no\\.?|number|[il1|¡!]d\\W?)",
  "transaction\\s*(?:no\\.?|number|[il1|¡!]d\\W?)",
  `id\\s+de\\s+(?:la\\s+)?(?:orden|transacci[oó]n|${OPERACION})`,
  "tx\\s*id",
];
const REFERENCE_LABEL = new RegExp(
  `(?:${REFERENCE_LABELS.map((label) => `\\b${label}`).join("|")}|(?:^|\\s)#(?=\\s*\\d))\\s*[:.#]?`,
  "i",
);
const AMOUNT_LABEL =
  /\b(?:m[oa0]nt[oa0](?:\s+(?:pagado|transferido|enviado|total))?|importe|total\s+pagado|amount(?:\s+(?:sent|paid))?|total|you\s+sent)\b\s*[:.]?/i;
const DATE_LABEL =
  /\b(?:f[eé]ch[ao](?:\s+de\s+(?:la\s+)?(?:operaci[oó]n|transacci[oó]n|pago))?|date|created|time)\b\s*[:.]?/i;
/** Lines about the other party: their bank is not the receipt's. */
const OTHER_PARTY =
  /\b(?:receptor|destin[oa]|destinatario|beneficiario|receiver|recipient|to|para|cuenta\s+destino)\b/i;
const ORIGIN_LABEL = /\b(?:banco\s+(?:emisor|origen|ordenante)|emisor|origen|desde|from)\b/i;

/** Letters OCR reads in place of digits, inside figures. */
const DIGIT_LOOKALIKES: Record<string, string> = {
  O: "0",
  o: "0",
  Q: "0",
  D: "0",
  l: "1",
  I: "1",
  i: "1",
  "|": "1",
  "!": "1",
  S: "5",
  s: "5",
  B: "8",
  Z: "2",
  z: "2",
  g: "9",
  G: "6",
};

function lookalikesToDigits(token: string): string {
  return token.replace(/[OoQDlIi|!SsBZzgG]/g, (c) => DIGIT_LOOKALIKES[c] ?? c);
}

function cleanLines(text: string): string[] {
  return text
    .normalize("NFC")
    .replace(/[\u200B-\u200D\uFEFF]/g, "")
    .replace(/[‐‑‒–—−]/g, "-")
    .split(/\r?\n/)
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter((line) => line.length > 0);
}

/** What follows the label on its line, or the next line when the label stands alone (stacked layouts). */
function labelled(lines: string[], label: RegExp): { value: string; line: number }[] {
  const out: { value: string; line: number }[] = [];
  lines.forEach((line, i) => {
    const match = label.exec(line);
    if (!match) return;
    const rest = line.slice(match.index + match[0].length).trim();
    if (rest) out.push({ value: rest, line: i });
    const next = lines[i + 1];
    if (next !== undefined) out.push({ value: next, line: i + 1 });
  });
  return out;
}

// ---------------------------------------------------------------------------------------------
// Reference
// ---------------------------------------------------------------------------------------------

/** A reference in a labelled value: a run of digits (misread letters fixed) or a letters-and-digits code. */
function referenceIn(value: string): string | null {
  const tokens = value.split(/\s+/);
  // Digits possibly broken by spaces or dashes ("0123 4567 8901", "0123-45678901").
  const joined = value.replace(/(?<=[\dOoIl])[\s-](?=[\dOoIl])/g, "");
  for (const token of joined.split(/\s+/)) {
    const bare = token.replace(/^[#:.N°º]+|[.,;:]+$/g, "");
    const digits = bare.replace(/[^\d]/g, "").length;
    if (digits >= 4 && digits >= bare.length * 0.6) {
      const fixed = lookalikesToDigits(bare);
      if (/^\d{4,30}$/.test(fixed)) return fixed;
    }
  }
  // Codes of letters and digits (Zelle confirmations), 6 to 20 characters, kept as printed.
  for (const token of tokens) {
    const bare = token.replace(/^[#:.]+|[.,;:]+$/g, "");
    if (/^[A-Za-z0-9]{6,20}$/.test(bare) && /\d/.test(bare) && /[A-Za-z]/.test(bare)) return bare;
  }
  return null;
}

function findReference(lines: string[]): string | null {
  for (const { value } of labelled(lines, REFERENCE_LABEL)) {
    const reference = referenceIn(value);
    if (reference) return reference;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Amount
// ---------------------------------------------------------------------------------------------

const VES_MARK = /\b(?:bs\.?\s*[sfd]?|ves|bol[ií]vares)(?=[\s\d.,]|$)/i;
const USD_MARK = /\$|\busdt?\b|\bus\s?d[oó]lares\b|\bd[oó]lares\b/i;
/** A figure: digits with "." or "," groups (spaces between groups tolerated), misread letters included. */
const FIGURE =
  /(?<![\w.,])[\dOoIl][\dOoIl]{0,2}(?:(?:[.,]|\s(?=\d{3}\b))[\dOoIl]{3})*(?:[.,][\dOoIl]{1,8})?(?![\w])|(?<![\w.,])\d+(?:[.,]\d{1,8})?(?![\w])/g;

/**
 * A figure as a number: the last separator followed by other than three digits is the decimal mark
 * ("1.194,56", "1,194.56", and OCR's "1.194.56" all read 1 194.56); three digits after it are thousands.
 * Bolívares go through the shared es-VE parser.
 */
function figureValue(raw: string, currency: Currency): number | null {
  const figure = lookalikesToDigits(raw).replace(/\s/g, "");
  if (!/^\d[\d.,]*$/.test(figure)) return null;
  const last = Math.max(figure.lastIndexOf("."), figure.lastIndexOf(","));
  let whole = figure;
  let fraction = "";
  if (last >= 0 && figure.length - last - 1 !== 3) {
    whole = figure.slice(0, last);
    fraction = figure.slice(last + 1);
  }
  whole = whole.replace(/[.,]/g, "");
  if (whole === "") whole = "0";
  if (currency === "VES") {
    const parsed = parseEsNumber(`${whole}${fraction ? `,${fraction.slice(0, 2)}` : ""}`);
    return parsed.ok ? parsed.value : null;
  }
  const value = Number(`${whole}.${fraction || "0"}`);
  return Number.isFinite(value) ? Math.round(value * 100) / 100 : null;
}

function currencyOf(text: string): Currency | null {
  if (VES_MARK.test(text)) return "VES";
  if (USD_MARK.test(text)) return "USD";
  return null;
}

/** The receipt's currency from its brand and wording when no figure carries a mark. */
function receiptCurrency(text: string): Currency | null {
  const ves = /\bbs\.?\s*\d|\bbol[ií]vares\b|pago\s+m[oó]vil/i.test(text);
  const usd = /\$\s*\d|\busdt\b|\bzelle\b|\bbinance\b/i.test(text);
  if (ves && !usd) return "VES";
  if (usd && !ves) return "USD";
  return null;
}

function amountIn(value: string, fallback: Currency | null): { amount: number; currency: Currency } | null {
  const currency = currencyOf(value) ?? fallback;
  if (!currency) return null;
  // Whatever follows a currency mark first, else the first figure.
  const markAt = value.search(currency === "VES" ? VES_MARK : USD_MARK);
  const from =
    markAt >= 0 ? value.slice(markAt).replace(currency === "VES" ? VES_MARK : USD_MARK, "") : value;
  for (const candidate of [from, value]) {
    for (const match of candidate.matchAll(FIGURE)) {
      const amount = figureValue(match[0], currency);
      if (amount !== null && amount > 0) return { amount, currency };
    }
  }
  return null;
}

function findAmount(lines: string[], text: string): { amount: number; currency: Currency } | null {
  // A Spanish receipt whose amount carries no mark is a bank's, in bolívares: dollar amounts show "$" or USD.
  const spanish = /\b(?:monto|referencia|fecha|operaci[oó]n|banco)\b/i.test(text);
  const fallback = receiptCurrency(text) ?? (spanish && !USD_MARK.test(text) ? "VES" : null);
  for (const { value } of labelled(lines, AMOUNT_LABEL)) {
    const found = amountIn(value, fallback);
    if (found) return found;
  }
  // No label: a figure with its currency mark ("Bs. 1.194,56", "$25.00", "25 USDT").
  for (const line of lines) {
    if (!currencyOf(line) || !/\d/.test(line)) continue;
    const found = amountIn(line, null);
    if (found) return found;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Date
// ---------------------------------------------------------------------------------------------

function isoDate(year: number, month: number, day: number): string | null {
  const y = year < 100 ? 2000 + year : year;
  if (y < 2000 || y > 2100 || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(y, month - 1, day));
  if (date.getUTCMonth() !== month - 1) return null;
  return `${y}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

function monthNumber(word: string): number | null {
  return MONTH_NUMBERS[word.slice(0, 3).toLowerCase()] ?? null;
}

/** A date in a piece of text; monthFirst for numeric dates of US receipts. */
function dateIn(text: string, monthFirst: boolean): string | null {
  const value = text.replace(/(?<=\d)\s*([/.-])\s*(?=[\dOoIl])/g, "$1");
  let m = /\b(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\b/.exec(lookalikesToDigits(value));
  if (m) return isoDate(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /(?<![\d])([\dOoIl]{1,2})[/.-]([\dOoIl]{1,2})[/.-]((?:[\dOoIl]{2}){1,2})(?![\d])/.exec(value);
  if (m) {
    const [a, b, year] = [m[1], m[2], m[3]].map((part) => Number(lookalikesToDigits(part ?? "")));
    const [first = 0, second = 0, y = 0] = [a, b, year];
    // Day first in Venezuela; month first on US receipts, or when the first part cannot be a month.
    if (monthFirst && first <= 12) return isoDate(y, first, second) ?? isoDate(y, second, first);
    return isoDate(y, second, first) ?? isoDate(y, first, second);
  }
  // "20 nov. 2026", "20 de noviembre de 2026", "20-nov-2026".
  m = /\b(\d{1,2})\s*(?:de\s+|[-/.]\s*)?([a-záéíóú]{3,10})\.?\s*(?:de\s+|[-/.]\s*)?(\d{4})\b/i.exec(value);
  if (m) {
    const month = monthNumber(m[2] ?? "");
    if (month) return isoDate(Number(m[3]), month, Number(m[1]));
  }
  // "Nov 20, 2026", "November 20 2026".
  m = /\b([a-z]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})\b/i.exec(value);
  if (m) {
    const month = monthNumber(m[1] ?? "");
    if (month) return isoDate(Number(m[3]), month, Number(m[2]));
  }
  return null;
}

function findDate(lines: string[], monthFirst: boolean): string | null {
  for (const { value } of labelled(lines, DATE_LABEL)) {
    const date = dateIn(value, monthFirst);
    if (date) return date;
  }
  for (const line of lines) {
    const date = dateIn(line, monthFirst);
    if (date) return date;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Bank
// ---------------------------------------------------------------------------------------------

/**
 * The bank or service the receipt comes from (the payer's): a bank after an origin label, else Zelle or
 * Binance when named anywhere, else a bank named in the header, above the first labelled row (below it,
 * a misread "Banco destino" label would pass the receiving bank off as the payer's).
 */
function findBank(lines: string[]): string | null {
  for (const { value } of labelled(lines, ORIGIN_LABEL)) {
    if (OTHER_PARTY.test(value)) continue;
    const [bank] = banksInLine(value);
    if (bank) return bank;
  }
  const everywhere = lines.flatMap((line) => banksInLine(line));
  for (const service of ["Zelle", "Binance"]) if (everywhere.includes(service)) return service;
  for (const line of lines) {
    if ([REFERENCE_LABEL, AMOUNT_LABEL, DATE_LABEL, OTHER_PARTY].some((label) => label.test(line))) break;
    const [bank] = banksInLine(line);
    if (bank) return bank;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------

/** The payment details a receipt's text shows; a field that cannot be read with confidence is null. */
export function extractReceiptFields(text: string): ReceiptFields {
  const lines = cleanLines(text);
  const all = lines.join("\n");
  const english = /\b(?:zelle|binance|amount|confirmation|payment|sent|order\s+id)\b/i.test(all);
  const amount = findAmount(lines, all);
  return {
    reference: findReference(lines),
    amount: amount?.amount ?? null,
    currency: amount?.currency ?? receiptCurrency(all),
    date: findDate(lines, english && !/\bfecha\b/i.test(all)),
    bank: findBank(lines),
  };
}
