import type { Currency } from "@rifazo/shared/constants";
import { purchaseTotal } from "@rifazo/shared/domain/tickets";
import { paths } from "../../../lib/paths";

/** What the proof-upload page receives in navigation state (spec 1 §2 "Proof upload"). */
export interface PurchaseState {
  raffleId: string;
  raffleName: string;
  totalAmount: number;
  currency: Currency;
  numberOfTickets: number;
}

export interface PurchaseTarget {
  pathname: string;
  /** "?tickets=4&amount=12.00": the page also reads these, so a reload or a shared link keeps them. */
  search: string;
  state: PurchaseState;
}

/** Where "Comprar Boletos" goes: the proof upload for this raffle with quantity and total. */
export function purchaseTarget(
  raffle: { id: string; title: string; price: number; currency: Currency },
  quantity: number,
): PurchaseTarget {
  const totalAmount = purchaseTotal(quantity, raffle.price);
  const search = new URLSearchParams({ tickets: String(quantity), amount: totalAmount.toFixed(2) });
  return {
    pathname: paths.proofUpload(raffle.id),
    search: `?${search}`,
    state: {
      raffleId: raffle.id,
      raffleName: raffle.title,
      totalAmount,
      currency: raffle.currency,
      numberOfTickets: quantity,
    },
  };
}

/** "3f2a9c41d0e7…b2c4": enough of the hash to compare by eye, short enough for a phone. */
export function shortHash(hash: string, head = 12, tail = 4): string {
  return hash.length <= head + tail + 1 ? hash : `${hash.slice(0, head)}…${hash.slice(-tail)}`;
}
