import path from "node:path";
import { DEFAULT_BUYER_CAP_SHARE, formatTicketNumber, MAX_PENDING_PROOFS_PER_ACCOUNT } from "@rifazo/shared";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../helpers";
import { NEEDS_SERVER } from "./env";
import type * as Harness from "./harness";

// Loaded only when the suite runs: without a server the file is skipped at the cost of its vitest import.
const {
  checkInvariants,
  createTestApp,
  eq,
  generateTicketPool,
  inArray,
  insertBuyers,
  proofForm,
  PROOF_UPLOAD_RULE,
  paymentProofs,
  raffles,
  runBounded,
  seededRandom,
  signedInUser,
  signIn,
  sql,
  tickets,
  tinyPng,
} = NEEDS_SERVER ? ({} as typeof Harness) : await import("./harness");

const OPERATIONS = 1_000;
const IN_FLIGHT = 50;
const BUYERS = 64;
/** Business refusals an upload may meet under load: sold out, and the per-buyer limits (decision 0008). */
const EXPECTED_REFUSALS = new Set(["INSUFFICIENT_TICKETS", "TICKET_CAP_REACHED", "TOO_MANY_PENDING_PROOFS"]);
/** Room for 1,300 tickets against roughly 2,300 asked for: the raffles fill up halfway through. */
const RAFFLE_SIZES = [150, 200, 250, 300, 400];
/**
 * One more raffle that must end up full whatever the interleaving: EDGE_UPLOADS buyers of their own (one
 * proof each, so no per-buyer limit refuses them) ask for at least 2 numbers each, more than its
 * EDGE_RAFFLE_SIZE, and no review touches its proofs, so nothing frees a number once held.
 */
const EDGE_RAFFLE_SIZE = 15;
const EDGE_UPLOADS = 10;
/** Plan positions of its uploads: close together, so they race one another for the last numbers. */
const EDGE_FROM = 200;
const EDGE_STEP = 4;
const METHODS = ["pago_movil", "zelle", "binance"] as const;

type Kind =
  | "upload"
  | "edge"
  | "retry"
  | "approve"
  | "approve+delete"
  | "approve+approve"
  | "delete"
  | "reject";

interface Created {
  userId: string;
  raffleId: string | null;
  quantity: number;
}

// It tests interleavings under row locks; PGlite runs one statement at a time, so nothing would interleave.
describe.skipIf(NEEDS_SERVER)(
  "faults: 1,000 concurrent uploads and reviews (needs TEST_DATABASE_URL; real row locks)",
  () => {
    let t: TestApp;
    let png: Buffer;
    let adminA: string;
    let adminB: string;
    const buyers: Array<{ id: string; cookie: string }> = [];
    const edgeBuyers: Array<{ id: string; cookie: string }> = [];
    const raffleIds: string[] = [];
    let edgeRaffleId: string;

    beforeAll(async () => {
      t = await createTestApp();
      png = await tinyPng();
      const { app } = t;
      adminA = (await signedInUser(app, { role: "admin", fullName: "Admin A" })).cookie;
      adminB = (await signedInUser(app, { role: "admin", fullName: "Admin B" })).cookie;

      // Many buyers so the per-user upload limit (PROOF_UPLOAD_RULE) is never reached: the production rule
      // stays as it is. One password hash for all of them keeps the setup fast.
      const password = "ClaveSegura123";
      const hash = await (await app.ctx.auth.$context).password.hash(password);
      const rows = await insertBuyers(
        app.ctx.db,
        BUYERS + EDGE_UPLOADS,
        { id: "fault", email: "comprador" },
        hash,
      );
      await runBounded(rows.length, 4, async (i) => {
        const row = rows[i];
        if (!row) return;
        const buyer = { id: row.id, cookie: await signIn(app, row.email, password) };
        if (i < BUYERS) buyers[i] = buyer;
        else edgeBuyers[i - BUYERS] = buyer;
      });

      for (const [i, size] of RAFFLE_SIZES.entries()) {
        const [raffle] = await app.ctx.db
          .insert(raffles)
          .values({
            title: `Rifa concurrida ${i + 1}`,
            price: 1,
            status: "active",
            totalTickets: size,
            endDate: new Date(Date.now() + 7 * 24 * 3600 * 1000),
          })
          .returning();
        if (!raffle) throw new Error("sin rifa");
        await generateTicketPool(app.ctx, raffle.id);
        raffleIds.push(raffle.id);
      }
      const [edge] = await app.ctx.db
        .insert(raffles)
        .values({
          title: "Rifa al límite",
          price: 1,
          status: "active",
          totalTickets: EDGE_RAFFLE_SIZE,
          // Every quantity the plan draws (2 to 8) fits one buyer's cap: only a full raffle refuses.
          maxTicketsPerBuyer: 8,
          endDate: new Date(Date.now() + 7 * 24 * 3600 * 1000),
        })
        .returning();
      if (!edge) throw new Error("sin rifa");
      await generateTicketPool(app.ctx, edge.id);
      edgeRaffleId = edge.id;
    }, 120_000);

    afterAll(async () => {
      await t?.close();
    });

    it("keeps every invariant and every acknowledged write through 1,000 mixed operations, 50 in flight", async () => {
      const { app } = t;
      const random = seededRandom(7_2026);
      const created = new Map<string, Created>();
      const pending = new Set<string>();
      /** Proofs of the edge raffle: never reviewed, so the numbers they hold stay held. */
      const edgeProofs = new Set<string>();
      const edgeAnswers: Array<{ quantity: number; status: number; code: string | undefined }> = [];
      const deleted = new Set<string>();
      const approvedTickets = new Map<string, string[][]>();
      const outcomes = new Map<string, number>();
      const problems: string[] = [];
      let uploadRequests = 0;

      const count = (kind: string, response: LightMyRequestResponse) => {
        const code = response.statusCode >= 300 ? ` ${response.json().error?.code}` : "";
        const key = `${kind} ${response.statusCode}${code}`;
        outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
      };

      // Every operation's parameters are drawn from the seeded source before it runs, in order.
      const isEdge = (i: number) =>
        i >= EDGE_FROM && i < EDGE_FROM + EDGE_UPLOADS * EDGE_STEP && (i - EDGE_FROM) % EDGE_STEP === 0;
      const plan = Array.from({ length: OPERATIONS }, (_, i) => {
        const roll = random.next();
        const kind: Kind = isEdge(i)
          ? "edge"
          : i < 120 || roll < 0.5
            ? "upload"
            : roll < 0.58
              ? "retry"
              : roll < 0.8
                ? "approve"
                : roll < 0.86
                  ? "approve+delete"
                  : roll < 0.9
                    ? "approve+approve"
                    : roll < 0.96
                      ? "delete"
                      : "reject";
        const general = random.next() < 0.15;
        return {
          kind,
          raffleId: isEdge(i) ? edgeRaffleId : general ? "general" : random.pick(raffleIds),
          quantity: random.int(2, 8),
          amount: general ? random.int(1, 50) : 0,
          method: random.pick(METHODS),
          adminFirst: random.next() < 0.5,
          targetRoll: random.next(),
          preferPending: random.next() < 0.75,
        };
      });

      function uploadForm(op: (typeof plan)[number]) {
        const quantity = op.raffleId === "general" ? 1 : op.quantity;
        const amount = op.raffleId === "general" ? op.amount : op.quantity;
        return proofForm(png, {
          raffleId: op.raffleId,
          paymentMethod: op.method,
          quantity,
          amount,
          refPrefix: "CC",
          keyPrefix: "cc",
        });
      }

      async function upload(buyer: { id: string; cookie: string }, form: ReturnType<typeof uploadForm>) {
        if (!edgeBuyers.includes(buyer)) uploadRequests += 1;
        const response = await app.inject({
          method: "POST",
          url: "/api/proofs",
          payload: form.body,
          headers: { cookie: buyer.cookie, "content-type": form.contentType },
        });
        if (response.statusCode === 200 || response.statusCode === 201) {
          const proof = response.json() as { id: string; raffleId: string | null; quantityOfTickets: number };
          if (!created.has(proof.id)) {
            created.set(proof.id, {
              userId: buyer.id,
              raffleId: proof.raffleId,
              quantity: proof.quantityOfTickets,
            });
            if (proof.raffleId === edgeRaffleId) edgeProofs.add(proof.id);
            else pending.add(proof.id);
          }
        } else if (!(response.statusCode === 409 && EXPECTED_REFUSALS.has(response.json().error.code))) {
          problems.push(`upload: ${response.statusCode} ${response.body}`);
        }
        return response;
      }

      const admin = (first: boolean) => (first ? adminA : adminB);
      const review = (action: "approve" | "reject" | "delete", id: string, cookie: string) =>
        app.inject({
          method: action === "delete" ? "DELETE" : "POST",
          url: action === "delete" ? `/api/admin/proofs/${id}` : `/api/admin/proofs/${id}/${action}`,
          headers: { cookie },
          ...(action === "reject"
            ? { payload: { adminNotes: "La referencia no aparece en el banco." } }
            : {}),
        });

      function afterReview(
        action: "approve" | "reject" | "delete",
        id: string,
        response: LightMyRequestResponse,
      ) {
        count(action, response);
        const status = response.statusCode;
        const code = status >= 300 ? response.json().error?.code : undefined;
        if (status === 200) {
          pending.delete(id);
          if (action === "delete") deleted.add(id);
          if (action === "approve") {
            const list = approvedTickets.get(id) ?? [];
            list.push(response.json().tickets);
            approvedTickets.set(id, list);
          }
          return;
        }
        // 404: deleted meanwhile; 409: already rejected / reviewed. Never "not enough tickets": every
        // pending proof's tickets were held for it when it was accepted.
        const expected =
          status === 404 ||
          (action === "approve" && code === "PROOF_REJECTED") ||
          (action === "reject" && code === "PROOF_ALREADY_REVIEWED");
        if (!expected) problems.push(`${action} ${id}: ${status} ${response.body}`);
      }

      function target(op: (typeof plan)[number]): string | undefined {
        const from =
          op.preferPending && pending.size > 0
            ? [...pending]
            : [...created.keys()].filter((id) => !edgeProofs.has(id));
        return from[Math.floor(op.targetRoll * from.length)];
      }

      const retryGroups: Array<{ statuses: number[]; ids: string[] }> = [];
      const doubleApprovals: Array<{ a: LightMyRequestResponse; b: LightMyRequestResponse }> = [];
      const approveDeleteRaces: Array<{ approve: number; del: number; id: string }> = [];
      let buyerTurn = 0;
      let edgeTurn = 0;
      const nextBuyer = () => {
        const buyer = buyers[buyerTurn % buyers.length];
        buyerTurn += 1;
        if (!buyer) throw new Error("sin comprador");
        return buyer;
      };

      const started = Date.now();
      await runBounded(plan.length, IN_FLIGHT, async (i) => {
        const op = plan[i];
        if (!op) return;
        if (op.kind === "upload") {
          count("upload", await upload(nextBuyer(), uploadForm(op)));
          return;
        }
        if (op.kind === "edge") {
          const buyer = edgeBuyers[edgeTurn];
          edgeTurn += 1;
          if (!buyer) throw new Error("sin comprador");
          const response = await upload(buyer, uploadForm(op));
          count("edge", response);
          edgeAnswers.push({
            quantity: op.quantity,
            status: response.statusCode,
            code: response.statusCode >= 300 ? response.json().error?.code : undefined,
          });
          return;
        }
        if (op.kind === "retry") {
          // A flaky connection: the same request (same key, same reference) sent three times at once.
          const buyer = nextBuyer();
          const form = uploadForm(op);
          const responses = await Promise.all([
            upload(buyer, form),
            upload(buyer, form),
            upload(buyer, form),
          ]);
          for (const response of responses) count("retry", response);
          retryGroups.push({
            statuses: responses.map((r) => r.statusCode),
            ids: responses.filter((r) => r.statusCode < 300).map((r) => r.json().id as string),
          });
          return;
        }
        const id = target(op);
        if (!id) {
          outcomes.set(`${op.kind} skipped`, (outcomes.get(`${op.kind} skipped`) ?? 0) + 1);
          return;
        }
        if (op.kind === "approve" || op.kind === "delete" || op.kind === "reject") {
          afterReview(op.kind, id, await review(op.kind, id, admin(op.adminFirst)));
          return;
        }
        if (op.kind === "approve+approve") {
          const [a, b] = await Promise.all([review("approve", id, adminA), review("approve", id, adminB)]);
          afterReview("approve", id, a);
          afterReview("approve", id, b);
          doubleApprovals.push({ a, b });
          return;
        }
        // Two administrators on the same proof at the same moment: one approves, the other deletes.
        const [approve, del] = await Promise.all([
          review("approve", id, admin(op.adminFirst)),
          review("delete", id, admin(!op.adminFirst)),
        ]);
        afterReview("approve", id, approve);
        afterReview("delete", id, del);
        approveDeleteRaces.push({ approve: approve.statusCode, del: del.statusCode, id });
      });
      const elapsed = Date.now() - started;

      expect(problems).toEqual([]);
      expect([...outcomes.keys()].filter((key) => / (5\d\d|429)/.test(key))).toEqual([]);

      // Retries: one proof per key, created once; the others answer 200 with that same proof.
      for (const group of retryGroups) {
        expect(new Set(group.ids).size).toBeLessThanOrEqual(1);
        expect(group.statuses.filter((s) => s === 201).length).toBeLessThanOrEqual(1);
      }
      // Double approvals: the same numbers for both administrators, assigned once.
      for (const { a, b } of doubleApprovals) {
        if (a.statusCode !== 200 || b.statusCode !== 200) continue;
        expect(a.json().tickets).toEqual(b.json().tickets);
        expect([a.json().alreadyApproved, b.json().alreadyApproved]).toContain(true);
      }

      // Acknowledged means durable: every created proof is there unless an acknowledged delete removed it,
      // and nothing else is.
      const rows = await app.ctx.db
        .select({ id: paymentProofs.id, status: paymentProofs.status })
        .from(paymentProofs);
      const inDb = new Map(rows.map((row) => [row.id, row.status]));
      const missing = [...created.keys()].filter((id) => !deleted.has(id) && !inDb.has(id));
      const resurrected = [...deleted].filter((id) => inDb.has(id));
      const phantom = [...inDb.keys()].filter((id) => !created.has(id));
      expect({ missing, resurrected, phantom }).toEqual({ missing: [], resurrected: [], phantom: [] });
      for (const race of approveDeleteRaces) {
        if (race.del === 200) expect(inDb.has(race.id)).toBe(false);
      }

      // Every approval that answered 200 on a proof still approved gave exactly the numbers it now owns.
      const surviving = [...approvedTickets.keys()].filter((id) => inDb.get(id) === "approved");
      const owned = new Map<string, string[]>();
      if (surviving.length > 0) {
        const ticketRows = await app.ctx.db
          .select({ paymentId: tickets.paymentId, n: tickets.ticketNumber, total: raffles.totalTickets })
          .from(tickets)
          .innerJoin(raffles, eq(raffles.id, tickets.raffleId))
          .where(inArray(tickets.paymentId, surviving));
        for (const row of ticketRows) {
          if (!row.paymentId) continue;
          const label = formatTicketNumber(row.n, row.total);
          owned.set(row.paymentId, [...(owned.get(row.paymentId) ?? []), label]);
        }
      }
      for (const id of surviving) {
        const mine = (owned.get(id) ?? []).sort();
        for (const answer of approvedTickets.get(id) ?? []) expect([...answer].sort()).toEqual(mine);
      }

      expect(await checkInvariants(app.ctx.db, { storageRoot: path.join(t.dataDir, "files") })).toEqual([]);
      // The per-buyer limits held under the same load: nobody passed a raffle's cap or 3 proofs in review.
      const overLimits = (await app.ctx.db.execute(sql`
        SELECT
          (SELECT count(*)::int FROM (SELECT user_id FROM payment_proofs WHERE status = 'pending'
             GROUP BY user_id HAVING count(*) > ${MAX_PENDING_PROOFS_PER_ACCOUNT}) p) AS pending,
          (SELECT count(*)::int FROM (SELECT p.user_id FROM payment_proofs p JOIN raffles r ON r.id = p.raffle_id
             WHERE p.status IN ('pending', 'approved', 'verified')
             GROUP BY p.user_id, r.id, r.total_tickets, r.max_tickets_per_buyer
             HAVING sum(p.quantity_of_tickets) >
               coalesce(r.max_tickets_per_buyer, GREATEST(2, round(r.total_tickets * ${DEFAULT_BUYER_CAP_SHARE}::numeric)))) c) AS capped`)) as unknown as {
        rows: Array<{ pending: number; capped: number }>;
      };
      expect(overLimits.rows[0]).toEqual({ pending: 0, capped: 0 });

      // The edge raffle was asked for more numbers than it has and nothing freed any: whatever the
      // interleaving, the full raffle refused some buyers, and only when it really lacked their numbers.
      const held = async (ids: string[]) =>
        (
          (await app.ctx.db.execute(sql`
            SELECT r.id, r.total_tickets AS total,
                   r.sold_tickets + coalesce((SELECT sum(p.quantity_of_tickets) FROM payment_proofs p
                                              WHERE p.raffle_id = r.id AND p.status = 'pending'), 0)::int AS held
            FROM raffles r WHERE r.id IN (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )})`)) as unknown as { rows: Array<{ id: string; total: number; held: number }> }
        ).rows;
      expect(edgeAnswers).toHaveLength(EDGE_UPLOADS);
      expect(
        edgeAnswers.filter(
          (a) => a.status !== 201 && !(a.status === 409 && a.code === "INSUFFICIENT_TICKETS"),
        ),
      ).toEqual([]);
      const refused = edgeAnswers.filter((a) => a.status === 409);
      const accepted = edgeAnswers.filter((a) => a.status === 201);
      expect(refused.length).toBeGreaterThan(0);
      const [edgeRow] = await held([edgeRaffleId]);
      expect(edgeRow?.held).toBe(accepted.reduce((sum, a) => sum + a.quantity, 0));
      expect(edgeRow?.held).toBeLessThanOrEqual(EDGE_RAFFLE_SIZE);
      // Numbers held only grow here, so each refusal's "fewer left than asked for" still shows at the end.
      for (const a of refused) expect(edgeRow?.held).toBeGreaterThan(EDGE_RAFFLE_SIZE - a.quantity);
      // How close the randomly loaded raffles came to selling out depends on timing: reported, not asserted.
      const atEdge = (await held(raffleIds)).filter((row) => row.held >= row.total - 8).length;
      // Round-robin buyers: nobody came near the production limit.
      expect(Math.ceil(uploadRequests / BUYERS)).toBeLessThanOrEqual(PROOF_UPLOAD_RULE.max);

      const summary = [...outcomes.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, n]) => `${key}: ${n}`)
        .join(", ");
      console.info(
        `[concurrency] ${OPERATIONS} operations (${uploadRequests} upload requests) in ${elapsed} ms, ` +
          `${IN_FLIGHT} in flight; proofs kept ${rows.length}, deleted ${deleted.size}; raffles at the edge ` +
          `${atEdge}/${RAFFLE_SIZES.length}; ${summary}`,
      );
    }, 240_000);
  },
);
