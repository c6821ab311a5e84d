import type { CommissionKind } from "@rifazo/shared/schemas/sellers";
import { formatMoney, formatNumber } from "../../lib/format";

/** "10 %" or "Bs. 2,00 por boleto" / "$1,00 por boleto" (docs/decisions/0034-vendedores.md). */
export function commissionText(kind: CommissionKind, value: number, currency: "USD" | "VES"): string {
  return kind === "percent" ? `${formatNumber(value, 2)} %` : `${formatMoney(value, currency)} por boleto`;
}
