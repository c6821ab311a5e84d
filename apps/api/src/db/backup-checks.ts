// Checking a database: after a restore (`npm run restore`, backup-command.ts) and in backup.test.ts.
import { countText } from "@rifazo/shared/domain/plural";
import type { Database } from "./client";

/** Rows per table (`schema.table`), including Drizzle's migration journal. */
export async function tableRowCounts(database: Database): Promise<Record<string, number>> {
  const tables = await database.query<{ schema: string; name: string }>(
    "SELECT table_schema AS schema, table_name AS name FROM information_schema.tables " +
      "WHERE table_schema IN ('public', 'drizzle') AND table_type = 'BASE TABLE' ORDER BY 1, 2",
  );
  const counts: Record<string, number> = {};
  for (const { schema, name } of tables) {
    const [row] = await database.query<{ n: string | number }>(
      `SELECT count(*) AS n FROM "${schema}"."${name}"`,
    );
    counts[`${schema}.${name}`] = Number(row?.n ?? 0);
  }
  return counts;
}

/** The bookkeeping rules that must hold in any consistent Rifazo database; empty when all do. */
export async function consistencyProblems(database: Database): Promise<string[]> {
  const problems: string[] = [];
  const soldMismatch = await database.query<{ id: string; sold_tickets: number; sold: string }>(
    `SELECT r.id, r.sold_tickets, count(t.id) FILTER (WHERE t.status = 'sold') AS sold
       FROM raffles r LEFT JOIN tickets t ON t.raffle_id = r.id
      GROUP BY r.id
     HAVING r.sold_tickets <> count(t.id) FILTER (WHERE t.status = 'sold')`,
  );
  for (const r of soldMismatch) {
    problems.push(`Rifa ${r.id}: sold_tickets = ${r.sold_tickets}, boletos vendidos = ${r.sold}.`);
  }
  const duplicates = await database.query<{ raffle_id: string; ticket_number: number; n: string }>(
    `SELECT raffle_id, ticket_number, count(*) AS n FROM tickets
      GROUP BY raffle_id, ticket_number HAVING count(*) > 1`,
  );
  for (const d of duplicates) {
    problems.push(`Rifa ${d.raffle_id}: el boleto ${d.ticket_number} aparece ${d.n} veces.`);
  }
  const shortProofs = await database.query<{ id: string; quantity_of_tickets: number; n: string }>(
    `SELECT p.id, p.quantity_of_tickets, count(t.id) AS n
       FROM payment_proofs p LEFT JOIN tickets t ON t.payment_id = p.id
      WHERE p.status IN ('approved', 'verified') AND p.raffle_id IS NOT NULL
      GROUP BY p.id
     HAVING count(t.id) <> p.quantity_of_tickets`,
  );
  for (const p of shortProofs) {
    problems.push(
      `Comprobante ${p.id}: ${countText(Number(p.quantity_of_tickets), "boleto pagado", "boletos pagados")}, ${countText(Number(p.n), "asignado", "asignados")}.`,
    );
  }
  const points = await database.query<{ id: string; rifazo_points: number; total: string }>(
    `SELECT u.id, u.rifazo_points, coalesce(sum(h.points_change), 0) AS total
       FROM users u LEFT JOIN points_history h ON h.user_id = u.id
      GROUP BY u.id
     HAVING u.rifazo_points <> coalesce(sum(h.points_change), 0)`,
  );
  for (const u of points) {
    problems.push(`Usuario ${u.id}: rifazo_points = ${u.rifazo_points}, historial = ${u.total}.`);
  }
  return problems;
}
