import { z } from "zod";
import { CURRENCIES, PROOF_STATUSES, RAFFLE_STATUSES } from "../../constants";
import type { ErrorCode } from "../../errors";
import { isUuid } from "../../uuid";
import { adminPageSchema, blankToUndefined, pageParam } from "./common";
import { ADMIN_MESSAGES } from "./messages";

// Exports, statistics and the audit log.

/**
 * Each export in three formats: the CSV of the spec (comma, dot decimals), the CSV for Excel in a
 * Spanish locale (?variant=excel: semicolon, comma decimals, dd/mm/yyyy) and an XLSX with typed cells.
 */
function exportFiles<N extends string, F extends string>(name: N, base: F) {
  return {
    path: `/api/admin/exports/${name}.csv`,
    filename: `${base}.csv`,
    excelCsvPath: `/api/admin/exports/${name}.csv?variant=excel`,
    excelCsvFilename: `${base}_excel.csv`,
    xlsxPath: `/api/admin/exports/${name}.xlsx`,
    xlsxFilename: `${base}.xlsx`,
  } as const;
}

export const ADMIN_EXPORTS = {
  users: exportFiles("users", "listado_usuarios_rifazo"),
  raffles: exportFiles("raffles", "listado_rifas"),
  proofs: exportFiles("proofs", "comprobantes_pago_rifazo"),
  /** Per vendedor and raffle: terms, tickets through their link, commissions earned, paid and owed. */
  sellers: exportFiles("sellers", "vendedores_rifazo"),
} as const;
export type AdminExportFiles = (typeof ADMIN_EXPORTS)[keyof typeof ADMIN_EXPORTS];
export const EXPORT_CSV_VARIANTS = ["standard", "excel"] as const;
export const EMPTY_EXPORT_CODE = "EMPTY_EXPORT" satisfies ErrorCode;

export const adminStatsQuerySchema = z.object({
  raffleId: z.preprocess(
    blankToUndefined,
    z
      .string()
      .refine((v) => isUuid(v), ADMIN_MESSAGES.invalidId)
      .optional()
      .describe("Rifa de la serie salesByDay; sin ella, todas."),
  ),
});

/**
 * Money as it was collected and returned (decision 0016): each approved proof at its own frozen rate,
 * counted in both columns (USD: dollars paid + bolívares ÷ rate; Bs: bolívares paid + dollars × rate; a
 * payment with no frozen rate counts only in its own currency), refunds likewise. Computed once by the
 * API's revenue module for every screen.
 */
export const moneyPairSchema = z.object({ usd: z.number(), ves: z.number() });
export type MoneyPair = z.infer<typeof moneyPairSchema>;
export const revenueSchema = z.object({
  /** "Ingresos cobrados": approved proofs (refunded ones included: the money did come in). */
  collected: moneyPairSchema,
  /** "Reembolsado": every refund, paid or still owed. */
  refunded: moneyPairSchema,
  /** The part of `refunded` still owed to buyers. */
  refundPending: moneyPairSchema,
  /** "Neto": collected − refunded. */
  net: moneyPairSchema,
  /** Approved proofs counted. */
  proofs: z.number().int(),
});
export type Revenue = z.infer<typeof revenueSchema>;

export const adminStatsSchema = z.object({
  totalUsers: z.number().int(),
  /** Since 00:00 today, Venezuelan time. */
  registeredToday: z.number().int(),
  /** Every raffle's revenue together (what was paid and refunded, not price × sold). */
  revenue: revenueSchema,
  totalRaffles: z.number().int(),
  rafflesByStatus: z.record(z.enum(RAFFLE_STATUSES), z.number().int()),
  proofsByStatus: z.record(z.enum(PROOF_STATUSES), z.number().int()),
  ticketsSold: z.number().int(),
  revenueByRaffle: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      status: z.enum(RAFFLE_STATUSES),
      currency: z.enum(CURRENCIES),
      price: z.number(),
      soldTickets: z.number().int(),
      totalTickets: z.number().int(),
      revenue: revenueSchema,
    }),
  ),
  /** Tickets sold per Venezuelan calendar day (from tickets.sold_at), oldest first. */
  salesByDay: z.array(z.object({ date: z.string(), count: z.number().int() })),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

export const ADMIN_AUDIT_PAGE_SIZE = 50;
export const adminAuditQuerySchema = z.object({
  entity: z.preprocess(blankToUndefined, z.string().trim().max(50).optional()),
  actorId: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
  page: pageParam,
});
export const adminAuditEntrySchema = z.object({
  id: z.number().int(),
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;
export const adminAuditListSchema = adminPageSchema(adminAuditEntrySchema);
