import { SELLER_SALE_MESSAGES, type SellerSaleFields, type SessionUser } from "@rifazo/shared";
import type { AppContext } from "../../context";
import type { Tx } from "../../db/client";
import { notFound } from "../../lib/errors";
import { lockAbonoForPayment } from "../purchases";
import * as repo from "./repository";
import { insertAndSettle, pricedPayment } from "./settle";

/**
 * A further payment of a vendedor's abono sale (docs/decisions/0034-vendedores.md, "Abonos"): a purchase
 * record of its own (its own device id, so a resend returns it), for the numbers and the buyer of the sale
 * it adds to, which must be this vendedor's, in this raffle, part paid and with no payment under review.
 */
export async function writeAbonoPayment(
  ctx: AppContext,
  tx: Tx,
  who: { user: SessionUser; seller: { id: string }; creditLimit: number },
  input: SellerSaleFields,
  client: { ip: string | null },
  now: Date,
): Promise<string> {
  const first = input.abonoOf ? await repo.abonoSaleOf(tx, who.seller.id, input.abonoOf) : undefined;
  if (!first?.reservationId || first.raffleId !== input.raffleId) {
    throw notFound("RESERVATION_NOT_FOUND", SELLER_SALE_MESSAGES.abonoNotFound);
  }
  const { row, raffle } = await lockAbonoForPayment(ctx, tx, first.reservationId, now);
  const priced = await pricedPayment(tx, row, raffle, input);
  return insertAndSettle(ctx, tx, who, input, client, {
    row,
    raffle,
    priced,
    // The buyer is the one the first payment named (the checks of the purchase record require them).
    buyer: {
      buyerName: first.buyerName ?? input.buyerName,
      buyerPhone: first.buyerPhone ?? input.buyerPhone,
      buyerIdNumber: first.buyerIdNumber,
      buyerEmail: first.buyerEmail,
    },
    now,
  });
}
