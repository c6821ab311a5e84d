// checkInvariants (test/invariants.ts) must notice each rule broken on purpose, and only that rule. Each
// database break happens inside a transaction that is rolled back, so the cases do not leak into each other.
import { renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db, Tx } from "../../src/db/client";
import type { TestApp } from "../helpers";
import {
  and,
  checkInvariants,
  createTestApp,
  eq,
  generateTicketPool,
  multipartBody,
  raffles,
  signedInUser,
  sql,
  tickets,
  tinyPng,
} from "./harness";

class Rollback extends Error {}

describe("faults: checkInvariants finds each broken rule", () => {
  let t: TestApp;
  let storageRoot: string;
  let raffleId: string;
  let buyerId: string;
  let approvedId: string;
  let approvedFile: string;
  let generalId: string;

  beforeAll(async () => {
    t = await createTestApp();
    storageRoot = path.join(t.dataDir, "files");
    const png = await tinyPng();
    const admin = await signedInUser(t.app, { role: "admin" });
    const buyer = await signedInUser(t.app);
    buyerId = buyer.id;
    const [raffle] = await t.app.ctx.db
      .insert(raffles)
      .values({
        title: "Rifa de control",
        price: 1,
        status: "active",
        totalTickets: 10,
        // The baseline below buys 5 of the 10 tickets as one buyer (the default cap would be 2).
        maxTicketsPerBuyer: 10,
        endDate: new Date(Date.now() + 86_400_000),
      })
      .returning();
    if (!raffle) throw new Error("sin rifa");
    raffleId = raffle.id;
    await generateTicketPool(t.app.ctx, raffleId);

    const upload = async (fields: Record<string, string | number>) => {
      const form = multipartBody(
        { paymentMethod: "pago_movil", currency: "USD", transactionRef: `INV-${Math.random()}`, ...fields },
        png,
      );
      const response = await t.app.inject({
        method: "POST",
        url: "/api/proofs",
        payload: form.body,
        headers: { cookie: buyer.cookie, "content-type": form.contentType },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().id as string;
    };
    const approve = async (id: string) => {
      const response = await t.app.inject({
        method: "POST",
        url: `/api/admin/proofs/${id}/approve`,
        headers: { cookie: admin.cookie },
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    // Healthy baseline: an approved raffle proof (3 tickets), a pending one (2 held), an approved general one.
    approvedId = await upload({ raffleId, quantity: 3, amount: "3.00" });
    await approve(approvedId);
    await upload({ raffleId, quantity: 2, amount: "2.00" });
    generalId = await upload({ raffleId: "general", quantity: 1, amount: "7.50" });
    await approve(generalId);
    const rows = await t.app.ctx.database.query<{ p: string }>(
      "SELECT proof_image_path AS p FROM payment_proofs WHERE id = $1",
      [approvedId],
    );
    approvedFile = path.join(storageRoot, String(rows[0]?.p));
  });

  afterAll(async () => {
    await t?.close();
  });

  /** The violations seen inside a transaction that breaks something and is then rolled back. */
  async function whileBroken(breakIt: (tx: Tx) => Promise<unknown>): Promise<string[]> {
    let found: string[] = [];
    await t.app.ctx.db
      .transaction(async (tx) => {
        await breakIt(tx);
        found = await checkInvariants(tx as unknown as Db);
        throw new Rollback();
      })
      .catch((error) => {
        if (!(error instanceof Rollback)) throw error;
      });
    return found;
  }

  it("is empty on a healthy database, through every kind of handle", async () => {
    expect(await checkInvariants(t.app.ctx.db, { storageRoot })).toEqual([]);
    expect(await checkInvariants(t.app.ctx.database, { storageRoot })).toEqual([]);
    // A connection URL exists only on PostgreSQL (PGlite lives inside this process).
    if (t.testDb.url) expect(await checkInvariants(t.testDb.url, { storageRoot })).toEqual([]);
  });

  it("a ticket number twice in one raffle", async () => {
    const found = await whileBroken(async (tx) => {
      await tx.execute(sql`DROP INDEX tickets_raffle_number_idx`);
      await tx.insert(tickets).values({ raffleId, ticketNumber: 7 });
    });
    expect(found).toEqual([expect.stringMatching(/^ticket 7 appears 2 times in raffle/)]);
  });

  it("sold_tickets that does not match the sold tickets", async () => {
    const found = await whileBroken((tx) =>
      tx
        .update(raffles)
        .set({ soldTickets: sql`${raffles.soldTickets} + 1` })
        .where(eq(raffles.id, raffleId)),
    );
    expect(found).toEqual([expect.stringMatching(/sold_tickets = 4 but 3 tickets are sold/)]);
  });

  it("sold + held beyond the total", async () => {
    const found = await whileBroken((tx) =>
      tx.execute(sql`
        INSERT INTO payment_proofs (user_id, raffle_id, amount, payment_method, transaction_ref, reference_key,
                                    proof_image_path, proof_content_type, proof_size, quantity_of_tickets)
        VALUES (${buyerId}, ${raffleId}, 6, 'zelle', 'OVERHELD-1', 'zelle:overheld1', 'proofs/x/y.png', 'image/png', 10, 6)`),
    );
    expect(found).toEqual([expect.stringMatching(/sold 3 \+ held 8 > total 10/)]);
  });

  it("an approved proof without all its tickets, and a general payment with one", async () => {
    const short = await whileBroken(async (tx) => {
      const [one] = await tx.select().from(tickets).where(eq(tickets.paymentId, approvedId)).limit(1);
      await tx
        .update(tickets)
        .set({ status: "available", userId: null, paymentId: null, soldAt: null })
        .where(eq(tickets.id, one?.id ?? ""));
      await tx
        .update(raffles)
        .set({ soldTickets: sql`${raffles.soldTickets} - 1` })
        .where(eq(raffles.id, raffleId));
    });
    expect(short).toEqual([expect.stringMatching(/3 tickets bought\) owns 2 sold tickets/)]);

    const general = await whileBroken(async (tx) => {
      const [free] = await tx
        .select()
        .from(tickets)
        .where(and(eq(tickets.raffleId, raffleId), eq(tickets.status, "available")))
        .limit(1);
      await tx
        .update(tickets)
        .set({ status: "sold", userId: buyerId, paymentId: generalId, soldAt: new Date() })
        .where(eq(tickets.id, free?.id ?? ""));
      await tx
        .update(raffles)
        .set({ soldTickets: sql`${raffles.soldTickets} + 1` })
        .where(eq(raffles.id, raffleId));
    });
    expect(general).toEqual([expect.stringMatching(/^general proof .* has 1 tickets/)]);
  });

  it("a points balance that is not the sum of the ledger", async () => {
    const found = await whileBroken((tx) =>
      tx.execute(sql`UPDATE users SET rifazo_points = rifazo_points + 5 WHERE id = ${buyerId}`),
    );
    expect(found).toEqual([expect.stringMatching(/rifazo_points = 1055 but the ledger adds up to 1050/)]);
  });

  it("an orphan file, and a row whose file is gone", async () => {
    const stray = path.join(path.dirname(approvedFile), "huerfano.png.tmp");
    writeFileSync(stray, "x");
    try {
      expect(await checkInvariants(t.app.ctx.db, { storageRoot })).toEqual([
        expect.stringMatching(/^orphan file proofs\/.*\/huerfano\.png\.tmp: no payment_proofs row/),
      ]);
    } finally {
      rmSync(stray);
    }
    const aside = path.join(t.dataDir, "fuera.png");
    renameSync(approvedFile, aside);
    try {
      expect(await checkInvariants(t.app.ctx.db, { storageRoot })).toEqual([
        expect.stringMatching(new RegExp(`^proof ${approvedId}: its file proofs/.* is missing from storage`)),
      ]);
    } finally {
      renameSync(aside, approvedFile);
    }
  });
});
