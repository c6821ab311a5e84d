import { PAYMENT_METHOD_LABELS } from "@rifazo/shared/constants";
import { abonoSaleText } from "@rifazo/shared/domain/abonos";
import { countText } from "@rifazo/shared/domain/plural";
import { formatTicketNumber } from "@rifazo/shared/domain/tickets";
import { SELLER_SALE_STATUS_LABELS, type SellerSaleStatus } from "@rifazo/shared/schemas/seller-sales";
import { Badge, type BadgeVariant } from "../../components/ui/badge";
import { formatMoney } from "../../lib/format";
import type { SellerSale } from "./api";
import type { QueuedSale } from "./offline-storage";

const STATUS_VARIANTS: Record<SellerSaleStatus, BadgeVariant> = {
  approved: "success",
  pending: "warning",
  rejected: "danger",
  cancelled: "neutral",
};

/** "Pagada", "En revisión", "Rechazada" or "Anulada". */
export function SaleStatusBadge({ status }: { status: SellerSaleStatus }) {
  return <Badge variant={STATUS_VARIANTS[status]}>{SELLER_SALE_STATUS_LABELS[status]}</Badge>;
}

/**
 * "0042, 0043", or "3 boletos (números al asignar)" for a random raffle's sale not yet paid; an abono not
 * paid whole says its numbers are apartados (decision 0034).
 */
export function saleNumbersText(sale: SellerSale): string {
  const apartados = sale.abono && !sale.abono.complete;
  if (sale.numbers.length > 0) return `${sale.numbers.join(", ")}${apartados ? " (apartados)" : ""}`;
  if (apartados)
    return `${countText(sale.quantity, "boleto apartado", "boletos apartados")} (números al completar el pago)`;
  return `${countText(sale.quantity, "boleto", "boletos")} (los números se asignan al aprobar)`;
}

/** "$10,00 en Efectivo (USD)" or "Bs. 1.825,00 por Pago Móvil · ref. 1234". */
export function salePaymentText(sale: SellerSale): string {
  const amount = formatMoney(sale.amount, sale.currency);
  const method = PAYMENT_METHOD_LABELS[sale.method];
  const reference = sale.reference ? ` · ref. ${sale.reference}` : "";
  return `${amount} · ${method}${reference}`;
}

/**
 * An abono's balance, on each of its payments (decision 0034, "Abonos"): "Abono: pagado $4,00 de $10,00 ·
 * faltan $6,00", or "Pagada completa" once the numbers are sold; null for a sale paid whole.
 */
export function abonoText(sale: Pick<SellerSale, "abono">): string | null {
  return sale.abono ? abonoSaleText(sale.abono) : null;
}

/**
 * A queued sale's numbers in the raffle's digits ("007, 042"), "3 boletos (números al azar)", or, for a
 * further payment of an abono, that its numbers are those the first payment apartó.
 */
export function queuedNumbersText(sale: QueuedSale): string {
  const { numbers, quantity } = sale.body;
  if (sale.body.abonoOf) return "Los apartados con su primer abono";
  if (!numbers) return `${countText(quantity ?? 0, "boleto", "boletos")} (números al azar)`;
  return [...numbers]
    .sort((a, b) => a - b)
    .map((n) => formatTicketNumber(n, sale.totalTickets))
    .join(", ");
}
