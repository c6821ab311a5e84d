// The invariants part "sellers" checks in SQL once the sync and the buyers are done (decision 0034: one
// number sold once, one purchase record, one ledger): each is a count of rows that break it, 0 when healthy.
import pg from "pg";

/** Reservations that hold their numbers (HOLDING_RESERVATION_STATUSES), and those that bought them. */
const LIVE = "('active', 'partial', 'submitted', 'rejected')";
const CLAIMING = "('active', 'partial', 'submitted', 'rejected', 'approved')";

const QUERIES = {
  ticketTwice: `
    SELECT count(*)::int AS n FROM (SELECT ticket_number FROM tickets WHERE raffle_id = $1
      GROUP BY ticket_number HAVING count(*) > 1) x`,
  // A number listed by two reservations that hold or bought it: sold or held twice.
  claimedTwice: `
    SELECT count(*)::int AS n FROM (SELECT n FROM reservations r, unnest(r.numbers) AS n
      WHERE r.raffle_id = $1 AND r.status IN ${CLAIMING} GROUP BY n HAVING count(*) > 1) x`,
  // Two purchase records under review or approved whose reservations list the same number.
  proofsTwice: `
    SELECT count(*)::int AS n FROM (SELECT n FROM payment_proofs p JOIN reservations r ON r.id = p.reservation_id,
      unnest(r.numbers) AS n
      WHERE p.raffle_id = $1 AND p.status IN ('pending', 'approved', 'verified')
      GROUP BY n HAVING count(DISTINCT p.id) > 1) x`,
  // Held tickets and live reservations agree both ways.
  heldMismatch: `
    SELECT ((SELECT count(*) FROM tickets t LEFT JOIN reservations r ON r.id = t.reservation_id
             WHERE t.raffle_id = $1 AND t.status = 'reserved'
               AND (r.id IS NULL OR r.status NOT IN ${LIVE} OR NOT t.ticket_number = ANY (r.numbers)))
         + (SELECT count(*) FROM reservations r CROSS JOIN LATERAL unnest(r.numbers) AS n
             JOIN tickets t ON t.raffle_id = r.raffle_id AND t.ticket_number = n
             WHERE r.raffle_id = $1 AND r.status IN ${LIVE}
               AND (t.status <> 'reserved' OR t.reservation_id IS DISTINCT FROM r.id)))::int AS n`,
  // A sold ticket's purchase is approved, of this raffle, and its reservation lists the number.
  soldOrphans: `
    SELECT count(*)::int AS n FROM tickets t LEFT JOIN payment_proofs p ON p.id = t.payment_id
      LEFT JOIN reservations r ON r.id = p.reservation_id
    WHERE t.raffle_id = $1 AND t.status = 'sold'
      AND (p.id IS NULL OR p.status NOT IN ('approved', 'verified') OR p.raffle_id <> t.raffle_id
           OR r.id IS NULL OR NOT t.ticket_number = ANY (r.numbers))`,
  // Every approved purchase owns exactly its quantity of sold tickets; no other purchase owns any.
  quantityMismatch: `
    SELECT count(*)::int AS n FROM (SELECT p.id FROM payment_proofs p LEFT JOIN tickets t ON t.payment_id = p.id
      WHERE p.raffle_id = $1 GROUP BY p.id, p.status, p.quantity_of_tickets
      HAVING (p.status IN ('approved', 'verified') AND count(t.id) FILTER (WHERE t.status = 'sold') <> p.quantity_of_tickets)
          OR (p.status NOT IN ('approved', 'verified') AND count(t.id) > 0)) x`,
  soldCounter: `
    SELECT r.sold_tickets AS counter,
      (SELECT count(*) FROM tickets t WHERE t.raffle_id = r.id AND t.status = 'sold')::int AS counted
    FROM raffles r WHERE r.id = $1`,
  // Double entry: every ledger entry sums to zero in each currency.
  unbalancedEntries: `
    SELECT count(*)::int AS n, (SELECT count(DISTINCT entry) FROM seller_ledger)::int AS entries
    FROM (SELECT entry FROM seller_ledger GROUP BY entry, currency HAVING sum(amount) <> 0) x`,
  // What each vendedor holds in cash = their approved cash sales, to the cent; the commission owed is
  // COMMISSION_PERCENT of their approved sales.
  cashMismatch: `
    WITH held AS (SELECT seller_id, sum(amount) AS held FROM seller_ledger
                  WHERE raffle_id = $1 AND account = 'cash_held' GROUP BY seller_id),
         owed AS (SELECT seller_id, -sum(amount) AS owed FROM seller_ledger
                  WHERE raffle_id = $1 AND account = 'commission_payable' GROUP BY seller_id),
         sales AS (SELECT p.seller_id,
                          coalesce(sum(p.amount) FILTER (WHERE p.payment_method = 'efectivo_usd'), 0) AS cash,
                          sum(round((r.pricing ->> 'total')::numeric * $2 / 100, 2)) AS commission
                   FROM payment_proofs p JOIN reservations r ON r.id = p.reservation_id
                   WHERE p.raffle_id = $1 AND p.channel = 'seller' AND p.status IN ('approved', 'verified')
                   GROUP BY p.seller_id)
    SELECT count(*) FILTER (WHERE coalesce(h.held, 0) <> coalesce(c.cash, 0))::int AS n,
           count(*) FILTER (WHERE coalesce(o.owed, 0) <> coalesce(c.commission, 0))::int AS commission,
           coalesce(sum(h.held), 0)::numeric(14, 2)::text AS held, coalesce(sum(c.cash), 0)::numeric(14, 2)::text AS cash,
           coalesce(sum(o.owed), 0)::numeric(14, 2)::text AS owed, count(*)::int AS sellers
    FROM sellers s LEFT JOIN held h ON h.seller_id = s.id LEFT JOIN owed o ON o.seller_id = s.id
      LEFT JOIN sales c ON c.seller_id = s.id`,
  saleTwice: `
    SELECT count(*)::int AS n FROM (SELECT sale_id FROM payment_proofs WHERE sale_id IS NOT NULL
      GROUP BY sale_id HAVING count(*) > 1) x`,
  sellerSales: `
    SELECT sale_id::text AS sale_id, status, payment_method, quantity_of_tickets AS quantity FROM payment_proofs
    WHERE raffle_id = $1 AND channel = 'seller'`,
  totals: `
    SELECT (SELECT count(*) FROM tickets WHERE raffle_id = $1 AND status = 'sold')::int AS sold,
           (SELECT count(*) FROM tickets WHERE raffle_id = $1 AND status = 'reserved')::int AS held,
           (SELECT count(*) FROM reservations WHERE raffle_id = $1 AND user_id IS NOT NULL
              AND status IN ${LIVE})::int AS buyer_holds,
           (SELECT count(*) FROM payment_proofs WHERE raffle_id = $1 AND channel = 'online')::int AS online_proofs`,
};

/**
 * Runs every check on `databaseUrl` for the raffle; `recorded` is what the vendedores were told was
 * recorded (sale ids), compared with what the database holds.
 */
export async function checkSellerInvariants(databaseUrl, { raffleId, recorded, commissionPercent }) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const one = async (name, params = [raffleId]) => (await client.query(QUERIES[name], params)).rows[0];
  try {
    const rows = {};
    for (const name of ["ticketTwice", "claimedTwice", "proofsTwice", "heldMismatch", "soldOrphans"])
      rows[name] = (await one(name)).n;
    rows.quantityMismatch = (await one("quantityMismatch")).n;
    rows.soldCounter = await one("soldCounter");
    rows.unbalanced = await one("unbalancedEntries", []);
    rows.cash = await one("cashMismatch", [raffleId, commissionPercent]);
    rows.saleTwice = (await one("saleTwice", [])).n;
    rows.totals = await one("totals");
    const stored = (await client.query(QUERIES.sellerSales, [raffleId])).rows;
    const told = new Set(recorded.map((r) => r.saleId));
    const storedIds = new Set(stored.map((r) => r.sale_id));
    rows.notStored = [...told].filter((id) => !storedIds.has(id)).length;
    rows.notTold = [...storedIds].filter((id) => !told.has(id)).length;
    rows.stored = stored;
    return rows;
  } finally {
    await client.end();
  }
}
