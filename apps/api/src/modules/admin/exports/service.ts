import { Readable } from "node:stream";
import {
  type ACTIVATION_TYPES,
  ADMIN_EXPORTS,
  ADMIN_MESSAGES,
  COMMISSION_KIND_LABELS,
  type CommissionKind,
  EMPTY_EXPORT_CODE,
  PAYMENT_METHOD_LABELS,
  type PaymentMethod,
  purchaseDisplayState,
  RAFFLE_STATUS_LABELS,
  type RaffleStatus,
  type Revenue,
  SELLER_STATUS_LABELS,
  type SellerStatus,
  ticketLabel,
} from "@rifazo/shared";
import type { FastifyBaseLogger } from "fastify";
import type { Executor } from "../../../db/client";
import { AppError } from "../../../lib/errors";
import { revenueBy, ZERO_REVENUE } from "../revenue/service";
import { BOM, type ColumnType, CSV_DIALECTS, type CsvValue, csvLine } from "./csv";
import * as repo from "./repository";
import { openXlsx } from "./xlsx";

/** Rows read per query: memory stays flat however many users, raffles or proofs there are. */
export const EXPORT_BATCH_SIZE = 1000;

type Fetch<T extends repo.Cursor> = (db: Executor, keyset: repo.Keyset | null, limit: number) => Promise<T[]>;

/**
 * One export: its columns and how a database row becomes their values. Every format (CSV, CSV for
 * Spanish Excel, XLSX) serialises these same values, so the files never disagree.
 */
export interface ExportSpec<T extends repo.Cursor> {
  name: string;
  filename: string;
  /** Sheet name in the XLSX. */
  sheet: string;
  header: string[];
  /** Per column, parallel to header; missing entries are text. */
  types: ColumnType[];
  fetch: Fetch<T>;
  row: (item: T) => CsvValue[];
}

export const EXPORT_FORMATS = ["csv", "excel-csv", "xlsx"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

const ACTIVATION_LABELS: Record<(typeof ACTIVATION_TYPES)[number], string> = {
  date: "Por fecha",
  percentage: "Por porcentaje",
};

export const USERS_EXPORT: ExportSpec<Awaited<ReturnType<typeof repo.userBatch>>[number]> = {
  name: "users",
  filename: ADMIN_EXPORTS.users.filename,
  sheet: "Usuarios",
  // ID, name, email, phone, role, status and level are text.
  types: ["text", "text", "text", "text", "text", "text", "text", "int", "bool", "date", "int", "int"],
  header: [
    "ID",
    "Nombre Completo",
    "Correo",
    "Teléfono",
    "Rol",
    "Estado",
    "Nivel",
    "RifaPuntos",
    "Correo Verificado",
    "Fecha de Registro",
    "Boletos Comprados",
    "Comprobantes",
  ],
  fetch: repo.userBatch,
  row: (u) => [
    u.id,
    u.name,
    u.email,
    u.phone,
    u.role === "admin" ? "Administrador" : "Usuario",
    u.status === "inactive" ? "Suspendido" : "Activo",
    u.level,
    u.points,
    u.emailVerified,
    u.createdAt,
    Number(u.tickets),
    Number(u.proofs),
  ],
};

type RaffleBatchRow = Awaited<ReturnType<typeof repo.raffleBatch>>[number];

/** Each batch of raffles with its revenue from the revenue module, as the statistics show it. */
async function raffleBatchWithRevenue(db: Executor, keyset: repo.Keyset | null, limit: number) {
  const rows = await repo.raffleBatch(db, keyset, limit);
  const revenue = await revenueBy(db, "raffle", { raffleIds: rows.map((row) => row.id) });
  return rows.map((row) => ({ ...row, revenue: revenue.get(row.id) ?? ZERO_REVENUE }));
}

export const RAFFLES_EXPORT: ExportSpec<RaffleBatchRow & { revenue: Revenue }> = {
  name: "raffles",
  filename: ADMIN_EXPORTS.raffles.filename,
  sheet: "Rifas",
  types: [
    "text",
    "text",
    "text",
    "money",
    "text",
    "int",
    "int",
    "int",
    "money",
    "money",
    "money",
    "money",
    "money",
    "money",
    "text",
    "int",
    "date",
    "bool",
    "text",
    "text",
    "text",
    "date",
  ],
  header: [
    "ID",
    "Título",
    "Estado",
    "Precio",
    "Moneda",
    "Total de Boletos",
    "Boletos Vendidos",
    "Boletos en Revisión",
    "Ingresos Cobrados (USD)",
    "Ingresos Cobrados (Bs)",
    "Reembolsado (USD)",
    "Reembolsado (Bs)",
    "Neto (USD)",
    "Neto (Bs)",
    "Tipo de Activación",
    "Porcentaje de Activación",
    "Fecha del Sorteo",
    "Destacada",
    "Anuncio",
    "Ganador",
    "Boleto Ganador",
    "Creada",
  ],
  fetch: raffleBatchWithRevenue,
  row: (r) => [
    r.id,
    r.title,
    RAFFLE_STATUS_LABELS[r.status as RaffleStatus] ?? r.status,
    Number(r.price),
    r.currency,
    r.totalTickets,
    r.soldTickets,
    Number(r.pendingTickets),
    // What was paid and refunded (the revenue module), never price × sold.
    r.revenue.collected.usd,
    r.revenue.collected.ves,
    r.revenue.refunded.usd,
    r.revenue.refunded.ves,
    r.revenue.net.usd,
    r.revenue.net.ves,
    ACTIVATION_LABELS[r.activationType as keyof typeof ACTIVATION_LABELS] ?? r.activationType,
    r.activationPercentage,
    r.endDate,
    r.isFeatured,
    r.announcementType === "external" ? "Externo" : "Interno",
    r.winnerName,
    r.winningTicketNumber === null ? null : ticketLabel(r.winningTicketNumber, r.totalTickets),
    r.createdAt,
  ],
};

export const PROOFS_EXPORT: ExportSpec<Awaited<ReturnType<typeof repo.proofBatch>>[number]> = {
  name: "proofs",
  filename: ADMIN_EXPORTS.proofs.filename,
  sheet: "Comprobantes",
  types: [
    "text",
    "date",
    "text",
    "text",
    "text",
    "money",
    "text",
    "rate",
    "text",
    "text",
    "int",
    "text",
    "text",
    "text",
    "text",
    "date",
  ],
  header: [
    "ID",
    "Fecha",
    "Usuario",
    "Correo",
    "Rifa",
    "Monto",
    "Moneda",
    "Tasa de Cambio",
    "Método de Pago",
    "Referencia",
    "Cantidad de Boletos",
    "Estado",
    "Boletos Asignados",
    "Notas del Usuario",
    "Notas del Administrador",
    "Revisado",
  ],
  fetch: repo.proofBatch,
  row: (p) => [
    p.id,
    p.createdAt,
    p.buyerName,
    p.buyerEmail,
    p.raffleTitle ?? "Pago General",
    Number(p.amount),
    p.currency,
    p.exchangeRate === null ? null : Number(p.exchangeRate),
    PAYMENT_METHOD_LABELS[p.paymentMethod as PaymentMethod] ?? p.paymentMethod,
    p.transactionRef,
    p.quantity,
    purchaseDisplayState({
      proofStatus: p.status,
      refund: p.refundStatus ? { status: p.refundStatus } : null,
    }).label,
    (p.tickets ?? [])
      .map(Number)
      .map((n) => (p.raffleTotalTickets === null ? String(n) : ticketLabel(n, p.raffleTotalTickets)))
      .join(" "),
    p.userNotes,
    p.adminNotes,
    p.reviewedAt,
  ],
};

/**
 * The rows in batches: the first batch is read before answering (an empty export is a 404 the web
 * shows as a toast), then each next batch only when the consumer asks for it (keyset, no OFFSET).
 */
async function openBatches<T extends repo.Cursor>(
  db: Executor,
  spec: ExportSpec<T>,
  batchSize: number,
): Promise<AsyncGenerator<CsvValue[][]>> {
  const first = await spec.fetch(db, null, batchSize);
  if (first.length === 0) throw new AppError(EMPTY_EXPORT_CODE, ADMIN_MESSAGES.emptyExport);
  async function* batches(): AsyncGenerator<CsvValue[][]> {
    let batch = first;
    for (;;) {
      yield batch.map(spec.row);
      const last = batch[batch.length - 1];
      if (batch.length < batchSize || !last) break;
      batch = await spec.fetch(db, { ts: last.cursorTs, id: last.cursorId }, batchSize);
      if (batch.length === 0) break;
    }
  }
  return batches();
}

/** What a file needs besides its rows: its name (for the log), sheet, header and column types. */
export type ExportSheet = Pick<ExportSpec<repo.Cursor>, "name" | "sheet" | "header" | "types">;

/**
 * Rows as a stream in the chosen format: the CSV (BOM, the dialect's separator, typed cells) or the XLSX,
 * batch by batch as the client takes it. Every export writes through here, so the formats never disagree.
 */
export function writeExport(
  log: FastifyBaseLogger,
  sheet: ExportSheet,
  batches: AsyncIterable<readonly (readonly CsvValue[])[]>,
  format: ExportFormat,
): Readable {
  const done = (rows: number) => log.info({ export: sheet.name, format, rows }, "exportación completada");
  if (format === "xlsx") {
    return openXlsx(
      { name: sheet.sheet, header: sheet.header, types: sheet.types, batches, onDone: done },
      (error) => log.error({ err: error, export: sheet.name, format }, "exportación XLSX interrumpida"),
    );
  }
  const dialect = CSV_DIALECTS[format];
  const line = (values: readonly CsvValue[]) => csvLine(values, dialect, sheet.types);
  async function* chunks(): AsyncGenerator<Buffer> {
    yield Buffer.from(BOM + line(sheet.header), "utf8");
    let rows = 0;
    for await (const batch of batches) {
      rows += batch.length;
      yield Buffer.from(batch.map(line).join(""), "utf8");
    }
    done(rows);
  }
  return Readable.from(chunks(), { objectMode: false });
}

/**
 * The export as a stream in the chosen format, read batch by batch as the client takes it, so memory
 * stays flat however many rows there are (the XLSX holds one batch plus its zip buffers).
 */
export async function openExport<T extends repo.Cursor>(
  db: Executor,
  log: FastifyBaseLogger,
  spec: ExportSpec<T>,
  batchSize = EXPORT_BATCH_SIZE,
  format: ExportFormat = "csv",
): Promise<Readable> {
  return writeExport(log, spec, await openBatches(db, spec, batchSize), format);
}

export const SELLERS_EXPORT: ExportSpec<Awaited<ReturnType<typeof repo.sellerBatch>>[number]> = {
  name: "sellers",
  filename: ADMIN_EXPORTS.sellers.filename,
  sheet: "Vendedores",
  types: [
    "text",
    "text",
    "text",
    "text",
    "text",
    "bool",
    "text",
    "money",
    "money",
    "int",
    "int",
    "money",
    "money",
    "money",
    "money",
    "date",
  ],
  header: [
    "Vendedor",
    "Código",
    "Estado",
    "Rifa",
    "Moneda",
    "Puede Vender",
    "Comisión",
    "Valor de la Comisión",
    "Límite de Efectivo",
    "Boletos Aprobados por su Enlace",
    "Boletos en Revisión por su Enlace",
    "Comisión Ganada",
    "Comisión Pagada",
    "Comisión por Pagar",
    "Efectivo por Entregar",
    "Asignada el",
  ],
  fetch: repo.sellerBatch,
  row: (s) => [
    s.sellerName,
    s.code,
    SELLER_STATUS_LABELS[s.status as SellerStatus] ?? s.status,
    s.raffleTitle,
    s.currency,
    s.allowed,
    COMMISSION_KIND_LABELS[s.commissionKind as CommissionKind] ?? s.commissionKind,
    Number(s.commissionValue),
    Number(s.creditLimit),
    s.approvedTickets,
    s.underReviewTickets,
    s.earned,
    s.paid,
    s.owed,
    s.cashHeld,
    s.assignedAt,
  ],
};
