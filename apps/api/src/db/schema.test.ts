import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../test/helpers";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.drop();
});

async function rejects(statement: string): Promise<string> {
  try {
    await t.database.query(statement);
  } catch (error) {
    return String((error as Error).message);
  }
  throw new Error(`la sentencia debía fallar: ${statement}`);
}

describe("restricciones del modelo de datos", () => {
  it("las migraciones crean todas las tablas", async () => {
    const rows = await t.database.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1",
    );
    const names = rows.map((r) => r.table_name);
    for (const table of [
      "users",
      "sessions",
      "accounts",
      "verifications",
      "two_factors",
      "raffles",
      "prize_levels",
      "tickets",
      "payment_proofs",
      "points_history",
      "rewards",
      "reward_redemptions",
      "user_favorites",
      "notifications",
      "winners",
      "login_activity",
      "images",
      "contact_messages",
      "settings",
      "audit_log",
      "mail_outbox",
      "events",
    ]) {
      expect(names).toContain(table);
    }
  });

  it("CHECK de rangos y enumeraciones de rifas y boletos", async () => {
    await t.database.query(
      "INSERT INTO users (id, full_name, email) VALUES ('u1', 'Ana', 'ana@example.com')",
    );
    const ok = await t.database.query<{ id: string }>(
      "INSERT INTO raffles (title, price, total_tickets) VALUES ('Moto', 5, 100) RETURNING id",
    );
    const raffleId = ok[0]?.id;
    expect(
      await rejects("INSERT INTO raffles (title, price, total_tickets) VALUES ('Gratis', 0, 100)"),
    ).toMatch(/raffles_price_check/);
    // The organiser always chooses the total (the create refuses one without it): no default of 10 000.
    expect(await rejects("INSERT INTO raffles (title, price) VALUES ('X', 1)")).toMatch(
      /"total_tickets".*not-null/,
    );
    expect(await rejects("INSERT INTO raffles (title, price, total_tickets) VALUES ('X', 1, 10001)")).toMatch(
      /total_tickets_check/,
    );
    expect(await rejects("INSERT INTO raffles (title, price, total_tickets) VALUES ('X', 1, 0)")).toMatch(
      /total_tickets_check/,
    );
    expect(
      await rejects(
        "INSERT INTO raffles (title, price, total_tickets, activation_percentage) VALUES ('X', 1, 100, 0)",
      ),
    ).toMatch(/activation_percentage_check/);
    expect(
      await rejects(
        "INSERT INTO raffles (title, price, total_tickets, activation_percentage) VALUES ('X', 1, 100, 101)",
      ),
    ).toMatch(/activation_percentage_check/);
    expect(
      await rejects(
        "INSERT INTO raffles (title, price, total_tickets, status) VALUES ('X', 1, 100, 'borrador')",
      ),
    ).toMatch(/status_check/);
    expect(
      await rejects(
        "INSERT INTO raffles (title, price, total_tickets, currency) VALUES ('X', 1, 100, 'EUR')",
      ),
    ).toMatch(/currency_check/);
    expect(await rejects(`UPDATE raffles SET sold_tickets = 101 WHERE id = '${raffleId}'`)).toMatch(
      /sold_tickets_check/,
    );
    expect(
      await rejects(`INSERT INTO tickets (raffle_id, ticket_number) VALUES ('${raffleId}', 10000)`),
    ).toMatch(/tickets_number_check/);
    await t.database.query(`INSERT INTO tickets (raffle_id, ticket_number) VALUES ('${raffleId}', 7)`);
    expect(await rejects(`INSERT INTO tickets (raffle_id, ticket_number) VALUES ('${raffleId}', 7)`)).toMatch(
      /tickets_raffle_number_idx/,
    );
    expect(await rejects(`UPDATE tickets SET status = 'sold' WHERE raffle_id = '${raffleId}'`)).toMatch(
      /tickets_sold_owner_check/,
    );
    expect(
      await rejects(
        "INSERT INTO users (id, full_name, email, role) VALUES ('u2', 'B', 'b@example.com', 'root')",
      ),
    ).toMatch(/users_role_check/);
    expect(
      await rejects("INSERT INTO notifications (user_id, message, type) VALUES ('u1', 'hola', 'spam')"),
    ).toMatch(/notifications_type_check/);
  });

  it("una clave de referencia viva no se repite; un comprobante impide borrar su rifa", async () => {
    // On sale: the database takes proofs only for an active raffle (migration 0007, decision 0012).
    const [raffle] = await t.database.query<{ id: string }>(
      "INSERT INTO raffles (title, price, total_tickets, status) VALUES ('TV', 3, 100, 'active') RETURNING id",
    );
    const insert = (key: string | null, method = "pago_movil", status = "pending") =>
      t.database.query(
        `INSERT INTO payment_proofs (user_id, raffle_id, amount, payment_method, transaction_ref, reference_key, proof_image_path, proof_content_type, proof_size, status, quantity_of_tickets)
         VALUES ('u1', '${raffle?.id}', 6, '${method}', 'REF', ${key === null ? "NULL" : `'${key}'`}, 'proofs/x.png', 'image/png', 10, '${status}', 2)`,
      );
    // The key (paymentReferenceKey, decision 0022) is what the index compares, and it must be there.
    await insert("banco:1");
    await expect(insert("banco:1", "transferencia")).rejects.toThrow(/payment_proofs_live_ref_idx/);
    await expect(insert(null)).rejects.toThrow(/reference_key/);
    await expect(insert("")).rejects.toThrow(/payment_proofs_reference_key_check/);
    await insert("zelle:1", "zelle");
    await insert("banco:2", "pago_movil", "rejected");
    await insert("banco:2", "pago_movil", "pending");
    expect(await rejects(`DELETE FROM raffles WHERE id = '${raffle?.id}'`)).toMatch(/foreign key/);
  });

  it("el registro de auditoría no se puede modificar ni borrar", async () => {
    await t.database.query(
      "INSERT INTO audit_log (actor_id, action, entity) VALUES ('u1', 'raffle.create', 'raffle')",
    );
    expect(await rejects("UPDATE audit_log SET action = 'otra'")).toMatch(/append-only/);
    expect(await rejects("DELETE FROM audit_log")).toMatch(/append-only/);
    const rows = await t.database.query("SELECT * FROM audit_log");
    expect(rows).toHaveLength(1);
  });
});
