import { DEFAULT_ACTIVATION_PERCENTAGE, LAST_SALES_WINDOW_HOURS } from "@rifazo/shared/constants";
import { formatDateTime } from "../../../lib/format";
import type { AdminRaffle } from "../api/admin-api";

/** "Por fecha: 5 de marzo de 2025 a las 6:30 p. m." or "Por porcentaje: al 80 % de boletos vendidos". */
export function drawSummary(
  raffle: Pick<
    AdminRaffle,
    "activationType" | "endDate" | "activationPercentage" | "percentageDrawActivatedAt"
  >,
): string {
  if (raffle.activationType === "percentage") {
    const percent = raffle.activationPercentage ?? DEFAULT_ACTIVATION_PERCENTAGE;
    const base = `Por porcentaje: al ${percent} % de boletos vendidos`;
    return raffle.percentageDrawActivatedAt
      ? `${base} (alcanzado el ${formatDateTime(raffle.percentageDrawActivatedAt)}; últimas ${LAST_SALES_WINDOW_HOURS} h de venta)`
      : base;
  }
  return raffle.endDate ? `Por fecha: ${formatDateTime(raffle.endDate)}` : "Por fecha: sin fecha definida";
}
