// "Escribir por WhatsApp": a wa.me link with a prefilled message (link only; no WhatsApp API).

/**
 * The phone in international digits for wa.me: Venezuelan numbers are written "0414-1234567",
 * "0414 123 45 67", "+58 414 1234567" or "584141234567"; a leading 0 becomes the country code 58.
 * Null when there are too few digits to be a phone.
 */
export function whatsappPhone(phone: string | null | undefined): string | null {
  if (!phone) return null;
  let digits = phone.replace(/\D/g, "");
  if (digits.startsWith("00")) digits = digits.slice(2);
  else if (digits.startsWith("0")) digits = `58${digits.slice(1)}`;
  else if (digits.length === 10 && digits.startsWith("4")) digits = `58${digits}`;
  return digits.length >= 10 && digits.length <= 15 ? digits : null;
}

/** https://wa.me/<phone>?text=<message>, or null without a usable phone. */
export function whatsappLink(phone: string | null | undefined, message: string): string | null {
  const to = whatsappPhone(phone);
  return to ? `https://wa.me/${to}?text=${encodeURIComponent(message)}` : null;
}

/** https://wa.me/?text=<message>: WhatsApp asks whom to send it to (a vendedor sharing their link). */
export function whatsappShareLink(message: string): string {
  return `https://wa.me/?text=${encodeURIComponent(message)}`;
}
