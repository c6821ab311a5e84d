// Receipt data for the drawing tests (PNG, SVG, PDF), shared where two suites draw the same thing.
import type { Receipt } from "@rifazo/shared";

/** A refund paid on 28 November 2026 with reference …8899, as the receipt prints it (decision 0016). */
export const PAID_REFUND: NonNullable<Receipt["refund"]> = {
  status: "paid",
  label: "Reembolsado",
  paidAt: "2026-11-28T14:15:00.000Z",
  referenceLast4: "8899",
  headline: "Reembolsado el 28 de noviembre de 2026, 10:15 a. m.",
  detail:
    "Referencia del reembolso terminada en 8899. Estos números quedaron anulados: no participan en el sorteo.",
};
