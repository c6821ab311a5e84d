import { MIN_TICKETS_PER_PURCHASE } from "@rifazo/shared/constants";
import { PURCHASE_LIMIT_MESSAGES } from "@rifazo/shared/domain/purchase-limits";
import { checkTicketQuantity } from "@rifazo/shared/domain/tickets";

// The ticket quantity box of the detail page (spec 1 §5 "Ticket quantity"): the rules themselves are the
// shared checkTicketQuantity; this decides when they apply while someone types.

export interface QuantityNotice {
  title: string;
  message: string;
}

export interface QuantityUpdate {
  /** The quantity the total and the purchase use. */
  quantity: number;
  /** What the input shows. */
  draft: string;
  /** A toast to show, when a rule changed the value. */
  notice: QuantityNotice | null;
}

/** "" and anything that is not a number become NaN (the minimum rule then applies). */
export function parseQuantity(text: string): number {
  const trimmed = text.trim();
  return trimmed === "" ? Number.NaN : Number(trimmed);
}

/**
 * Applies the rules now: on blur, Enter, the +/− buttons and before buying. Above the raffle's cap per
 * buyer (decision 0008), when that is lower than what is left, the value becomes the cap and says why.
 */
export function commitQuantity(
  requested: number,
  remaining: number,
  cap = Number.POSITIVE_INFINITY,
): QuantityUpdate {
  if (Number.isFinite(requested) && requested > cap && cap < remaining && cap >= MIN_TICKETS_PER_PURCHASE) {
    return {
      quantity: cap,
      draft: String(cap),
      notice: {
        title: PURCHASE_LIMIT_MESSAGES.capTitle,
        message: `${PURCHASE_LIMIT_MESSAGES.capLabel(cap)}.`,
      },
    };
  }
  const check = checkTicketQuantity(requested, remaining);
  return {
    quantity: check.quantity,
    draft: String(check.quantity),
    notice: check.ok ? null : { title: check.title, message: check.message },
  };
}

/**
 * While typing: more than what is left is corrected at once (more digits can only make it bigger), but a
 * value under the minimum waits for the visitor to finish ("1" may become "12"). Valid values count at once.
 */
export function typeQuantity(
  text: string,
  current: number,
  remaining: number,
  cap = Number.POSITIVE_INFINITY,
): QuantityUpdate {
  const requested = parseQuantity(text);
  if (Number.isFinite(requested) && requested > Math.min(remaining, cap)) {
    return commitQuantity(requested, remaining, cap);
  }
  const check = checkTicketQuantity(requested, remaining);
  return { quantity: check.ok ? check.quantity : current, draft: text, notice: null };
}
