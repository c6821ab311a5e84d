// Venezuelan phone numbers, one rule for profiles, WhatsApp links and the data buyers copy into their
// bank's app.

/**
 * Venezuelan numbers: mobile 04XX-XXXXXXX, landline 02XX-XXXXXXX, or the same with +58 / 0058 / 58 in front
 * (with or without the trunk 0). Spaces, dashes, dots and parentheses are ignored.
 * Returns the E.164 form (+58 and ten digits), or null when the value is not such a number.
 */
export function normalizeVenezuelanPhone(input: string): string | null {
  const compact = input.trim().replace(/[\s\-.()]/g, "");
  const match = /^(?:(?:\+|00)?580?|0)([24]\d{9})$/.exec(compact);
  return match ? `+58${match[1]}` : null;
}

/** +584141234567 -> 0414-1234567 (how the form shows a stored number); other values are returned as they are. */
export function formatVenezuelanPhone(value: string | null | undefined): string {
  if (!value) return "";
  const match = /^\+58([24]\d{2})(\d{7})$/.exec(value);
  return match ? `0${match[1]}-${match[2]}` : value;
}

/**
 * A Venezuelan mobile (04XX), the number buyers are reached at by WhatsApp and paid back by Pago Móvil:
 * the same rule as normalizeVenezuelanPhone, landlines (02XX) refused. E.164 (+584XXXXXXXXX) or null.
 */
export function normalizeVenezuelanMobile(input: string): string | null {
  const normalized = normalizeVenezuelanPhone(input);
  return normalized?.startsWith("+584") ? normalized : null;
}

/** True for a stored phone that is a Venezuelan mobile (what a purchase needs), in any written form. */
export function isVenezuelanMobile(value: string | null | undefined): boolean {
  return typeof value === "string" && normalizeVenezuelanMobile(value) !== null;
}

/**
 * How a bank's Pago Móvil form takes a phone: eleven digits with the trunk 0 ("04145550123"), no dashes,
 * spaces or +58. A value that is not a Venezuelan number keeps only its digits.
 */
export function bankAppPhone(value: string): string {
  const e164 = normalizeVenezuelanPhone(value);
  return e164 ? `0${e164.slice(3)}` : value.replace(/\D/g, "");
}

/** An account or identity number as banks' forms take it: digits only ("V-12.345.678" → "12345678"). */
export function bankAppDigits(value: string): string {
  return value.replace(/\D/g, "");
}
