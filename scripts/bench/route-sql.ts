// The exact SQL the public raffle routes send, captured from the raffles service itself (drizzle's query
// logger on the same database), so the bare handler (bare-server.mjs) runs the very same statements
// rather than a hand-copied version that could drift from the repository.
import { raffleListQuerySchema } from "@rifazo/shared";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { Db } from "../../apps/api/src/db/client";
import * as schema from "../../apps/api/src/db/schema";
import * as service from "../../apps/api/src/modules/raffles/service";

export interface CapturedQuery {
  sql: string;
  params: unknown[];
}

export interface RouteSql {
  /** GET /api/raffles (default filter): the card list, then the winners of those raffles. */
  list: CapturedQuery[];
  /** GET /api/raffles/:id: the detail row, then prize levels and winners (in parallel). */
  detail: CapturedQuery[];
  detailId: string;
  listBytes: number;
  detailBytes: number;
}

export async function captureRouteSql(url: string, detailId: string): Promise<RouteSql> {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  let captured: CapturedQuery[] = [];
  const db = drizzle({
    client: pool,
    schema,
    logger: { logQuery: (sql, params) => captured.push({ sql, params }) },
  }) as unknown as Db;
  try {
    const items = await service.listRaffles(db, raffleListQuerySchema.parse({}));
    const list = captured;
    captured = [];
    const detail = await service.raffleDetail(db, detailId);
    return {
      list,
      detail: captured,
      detailId,
      listBytes: Buffer.byteLength(JSON.stringify({ items })),
      detailBytes: Buffer.byteLength(JSON.stringify(detail)),
    };
  } finally {
    await pool.end();
  }
}
