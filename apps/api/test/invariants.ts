// Whole-database consistency rules that must hold after any mix of uploads, approvals, deletions,
// crashes and outages. Each broken rule is reported as one readable line; [] means healthy.
// Works on a PostgreSQL URL, an open Database (PGlite or node-postgres) or a drizzle Db.
import type { Dirent } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import type { Database, Db } from "../src/db/client";

export interface InvariantOptions {
  /**
   * Root of the local file storage (DATA_DIR/files). When given, proof files are checked both ways:
   * every file under `proofs/` belongs to a payment_proofs row and every row's file exists.
   */
  storageRoot?: string;
  /** At most this many examples per rule (a broken rule can match thousands of rows). */
  examples?: number;
}

type Row = Record<string, unknown>;
type Query = (text: string) => Promise<Row[]>;

/** Where proof files live inside the storage root (newStorageKey("proofs", ...)). */
export const PROOF_FILE_PREFIX = "proofs";

export async function checkInvariants(
  target: string | Database | Db,
  options: InvariantOptions = {},
): Promise<string[]> {
  if (typeof target === "string") {
    const client = new pg.Client({ connectionString: target });
    await client.connect();
    try {
      return await runChecks(async (text) => (await client.query(text)).rows, options);
    } finally {
      await client.end();
    }
  }
  if ("kind" in target && typeof target.query === "function") {
    const database = target;
    return runChecks((text) => database.query(text), options);
  }
  const db = target as Db;
  return runChecks(async (text) => {
    const result = (await db.execute(sql.raw(text))) as unknown as { rows: Row[] };
    return result.rows;
  }, options);
}

async function runChecks(query: Query, options: InvariantOptions): Promise<string[]> {
  const limit = options.examples ?? 10;
  const violations: string[] = [];
  const report = (rows: Row[], describe: (row: Row) => string) => {
    for (const row of rows.slice(0, limit)) violations.push(describe(row));
    if (rows.length > limit) violations.push(`  ... and ${rows.length - limit} more like the above`);
  };

  report(
    await query(`
      SELECT raffle_id, ticket_number, count(*)::int AS n
      FROM tickets GROUP BY raffle_id, ticket_number HAVING count(*) > 1
      ORDER BY raffle_id, ticket_number`),
    (r) => `ticket ${r.ticket_number} appears ${r.n} times in raffle ${r.raffle_id}`,
  );

  report(
    await query(`
      SELECT r.id, r.sold_tickets,
             (SELECT count(*) FROM tickets t WHERE t.raffle_id = r.id AND t.status = 'sold')::int AS counted
      FROM raffles r
      WHERE r.sold_tickets <> (SELECT count(*) FROM tickets t WHERE t.raffle_id = r.id AND t.status = 'sold')
      ORDER BY r.id`),
    (r) => `raffle ${r.id}: sold_tickets = ${r.sold_tickets} but ${r.counted} tickets are sold`,
  );

  report(
    await query(`
      SELECT r.id, r.total_tickets, r.sold_tickets,
             coalesce((SELECT sum(p.quantity_of_tickets) FROM payment_proofs p
                       WHERE p.raffle_id = r.id AND p.status = 'pending'), 0)::int AS held
      FROM raffles r
      WHERE r.sold_tickets + coalesce((SELECT sum(p.quantity_of_tickets) FROM payment_proofs p
                                       WHERE p.raffle_id = r.id AND p.status = 'pending'), 0) > r.total_tickets
      ORDER BY r.id`),
    (r) =>
      `raffle ${r.id}: sold ${r.sold_tickets} + held ${r.held} > total ${r.total_tickets} (oversold or overheld)`,
  );

  // Approved or verified raffle proofs own exactly their quantity of sold tickets of that raffle; every
  // other proof (pending, rejected, general payments) owns none.
  report(
    await query(`
      SELECT p.id, p.status, p.raffle_id, p.quantity_of_tickets,
             count(t.id) FILTER (WHERE t.status = 'sold' AND t.raffle_id = p.raffle_id)::int AS owned,
             count(t.id)::int AS linked
      FROM payment_proofs p LEFT JOIN tickets t ON t.payment_id = p.id
      GROUP BY p.id
      HAVING (p.raffle_id IS NOT NULL AND p.status IN ('approved', 'verified')
              AND (count(t.id) FILTER (WHERE t.status = 'sold' AND t.raffle_id = p.raffle_id) <> p.quantity_of_tickets
                   OR count(t.id) <> p.quantity_of_tickets))
          OR ((p.raffle_id IS NULL OR p.status NOT IN ('approved', 'verified')) AND count(t.id) > 0)
      ORDER BY p.id`),
    (r) =>
      r.raffle_id === null
        ? `general proof ${r.id} (${r.status}) has ${r.linked} tickets; general payments have none`
        : `proof ${r.id} (${r.status}, ${r.quantity_of_tickets} tickets bought) owns ${r.owned} sold tickets of its raffle (${r.linked} linked)`,
  );

  report(
    await query(`
      SELECT u.id, u.rifazo_points,
             coalesce((SELECT sum(h.points_change) FROM points_history h WHERE h.user_id = u.id), 0)::bigint AS ledger
      FROM users u
      WHERE u.rifazo_points <> coalesce((SELECT sum(h.points_change) FROM points_history h WHERE h.user_id = u.id), 0)
      ORDER BY u.id`),
    (r) => `user ${r.id}: rifazo_points = ${r.rifazo_points} but the ledger adds up to ${r.ledger}`,
  );

  if (options.storageRoot) {
    const rows = await query("SELECT id, proof_image_path FROM payment_proofs ORDER BY id");
    const referenced = new Set(rows.map((r) => String(r.proof_image_path)));
    const onDisk = await listProofFiles(options.storageRoot);
    const present = new Set(onDisk);
    report(
      onDisk.filter((key) => !referenced.has(key)).map((key) => ({ key })),
      (r) => `orphan file ${r.key}: no payment_proofs row points to it`,
    );
    report(
      rows.filter((r) => !present.has(String(r.proof_image_path))),
      (r) => `proof ${r.id}: its file ${r.proof_image_path} is missing from storage`,
    );
  }
  return violations;
}

/**
 * Every file under `<storageRoot>/proofs`, as storage keys (`proofs/2026/11/<uuid>.png`), including the
 * `*.tmp` leftovers of an interrupted write: those are orphans too.
 */
export async function listProofFiles(storageRoot: string): Promise<string[]> {
  const keys: string[] = [];
  async function walk(dir: string): Promise<void> {
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      throw error;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile()) keys.push(path.relative(storageRoot, full).split(path.sep).join("/"));
    }
  }
  await walk(path.join(storageRoot, PROOF_FILE_PREFIX));
  return keys.sort();
}
