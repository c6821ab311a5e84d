// Decision 0024, the auditor's lottery attacks reproduced against the API (PGlite, or PostgreSQL with
// TEST_DATABASE_URL): a lottery that draws before the list can freeze, a result known before the
// freeze, a one-admin correction, a late correction, a result without its official publication.
import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call } from "../../../test/admin-fixtures";
import {
  closedRaffleWithSales,
  expectVerified,
  freezeAt,
  PUBLICATION,
  PUBLICATION_PDF,
  postExternalResult,
  recordOf,
  useDrawTestApp,
} from "../../../test/draw-fixtures";
import { nextIp } from "../../../test/helpers";
import { raffles, winners } from "../../db/schema";
import { sweepLifecycle } from "../lifecycle/service";
import { advanceNow } from "../raffle-state";
import { confirmExternalCorrection, enterExternalResult, refreshLatestBeacon } from "./record-service";

const env = useDrawTestApp();

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const sales = () => [
  { userId: env.ana.id, numbers: [3, 6, 9, 23] },
  { userId: env.beto.id, numbers: [1, 2, 30, 40] },
];

const inject = (method: "GET" | "POST" | "PUT" | "PATCH", url: string, cookie?: string, payload?: unknown) =>
  call(env.t, method, url, cookie, payload, { remoteAddress: nextIp() });
const getRecord = (id: string) => recordOf(env.t, id);

/** Triple A 7:00 p. m. drew 5 minutes ago; the list froze 10 minutes ago; one prize level. */
async function frozenLotteryRaffle() {
  const raffle = await closedRaffleWithSales(
    env.t.app.ctx,
    {
      total: 100,
      levels: [{ description: "Moto", count: 1 }],
      external: {
        lottery: "Lotería del Táchira, Triple A 7:00 p. m.",
        drawAt: new Date(Date.now() - 5 * MINUTE),
        digits: 2,
      },
    },
    sales(),
  );
  await freezeAt(env.t.app.ctx, raffle.id, new Date(Date.now() - 10 * MINUTE));
  return raffle;
}

const actor = (id: string) => ({ id, ip: null });

describe("la lotería sortea después de la congelación más tardía posible", () => {
  it("vincular una hora de lotería antes del cierre + la revisión + 60 min: 400; la base de datos también la rechaza", async () => {
    const create = await inject("POST", "/api/admin/raffles", env.admin.cookie, {
      title: "Rifa con Triple A",
      description: "x",
      price: 5,
      currency: "USD",
      totalTickets: 100,
      status: "upcoming",
      activationType: "date",
      endDate: "2030-06-01T23:00:00.000Z",
      announcementType: "external",
      externalAnnouncementPlatform: "Instagram Live",
      prizeLevels: [{ description: "Moto", winnerCount: 1 }],
    });
    expect(create.statusCode, create.body).toBe(201);
    const id = create.json().id as string;
    // The auditor's binding: the lottery draws at the close, then 48 h of payment review follow.
    const atClose = await inject("PUT", `/api/admin/raffles/${id}/external-binding`, env.admin.cookie, {
      externalLottery: "Lotería del Táchira, Triple A 7:00 p. m.",
      externalDrawAt: "2030-06-01T23:00:00.000Z",
      externalRule: { kind: "last_digits", digits: 2 },
    });
    expect(atClose.statusCode).toBe(400);
    expect(atClose.json().error.message).toMatch(/debe ser el .* o después/);
    // One minute short of the margin: still refused.
    const short = await inject("PUT", `/api/admin/raffles/${id}/external-binding`, env.admin.cookie, {
      externalLottery: "Lotería del Táchira, Triple A 7:00 p. m.",
      externalDrawAt: "2030-06-03T23:59:00.000Z",
      externalRule: { kind: "last_digits", digits: 2 },
    });
    expect(short.statusCode).toBe(400);
    const ok = await inject("PUT", `/api/admin/raffles/${id}/external-binding`, env.admin.cookie, {
      externalLottery: "Lotería del Táchira, Triple A 7:00 p. m.",
      externalDrawAt: "2030-06-04T00:00:00.000Z",
      externalRule: { kind: "last_digits", digits: 2 },
      lotteryFallback: "cancel",
      correctionWindowHours: 12,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      lotteryFallback: "cancel",
      correctionWindowHours: 12,
      earliestDrawAt: "2030-06-04T00:00:00.000Z",
    });
    // Moving the end date later through the raffle form would put the lottery before the freeze: 400.
    const later = await inject("PATCH", `/api/admin/raffles/${id}`, env.admin.cookie, {
      endDate: "2030-06-02T23:00:00.000Z",
    });
    expect(later.statusCode, later.body).toBe(400);
    // And a write that slips past the service is refused by the database.
    await expect(
      env.t.app.ctx.db
        .update(raffles)
        .set({ endDate: new Date("2030-06-03T00:00:00.000Z") })
        .where(eq(raffles.id, id)),
    ).rejects.toThrow();
    const [row] = await env.t.app.ctx.db.select().from(raffles).where(eq(raffles.id, id));
    expect(row?.endDate?.toISOString()).toBe("2030-06-01T23:00:00.000Z");
  });

  it("visitante 401 y usuario 403 al vincular", async () => {
    const [row] = await env.t.app.ctx.db.select({ id: raffles.id }).from(raffles).limit(1);
    const body = {
      externalLottery: "Triple Zulia",
      externalDrawAt: "2031-01-01T00:00:00.000Z",
      externalRule: { kind: "last_digits", digits: 2 },
    };
    expect(
      (await inject("PUT", `/api/admin/raffles/${row?.id}/external-binding`, undefined, body)).statusCode,
    ).toBe(401);
    expect(
      (await inject("PUT", `/api/admin/raffles/${row?.id}/external-binding`, env.ana.cookie, body))
        .statusCode,
    ).toBe(403);
  });
});

describe("un resultado conocido antes de congelar la lista nunca decide la rifa", () => {
  it("respaldo «drand»: la lotería sortea antes de que la lista se congele; el acta lo dice y una ronda futura de drand decide", async () => {
    const drawAt = new Date(Date.now() - 5 * MINUTE);
    const raffle = await closedRaffleWithSales(
      env.t.app.ctx,
      { total: 100, external: { lottery: "Triple A 7:00 p. m.", drawAt, digits: 2 } },
      sales(),
    );
    // The lifecycle reaches it after the lottery drew (the list was still open); the draw job keeps the
    // latest beacon that proves the round the freeze names is still in the future.
    await refreshLatestBeacon(env.t.app.ctx, env.t.app.ctx.config.drandChainInfo, new Date());
    await advanceNow(env.t.app.ctx, raffle.id, new Date());
    const record = await getRecord(raffle.id);
    expect(record.entries.map((e) => e.type)).toEqual([
      "rules_published",
      "lottery_fallback",
      "frozen",
      "round_named",
    ]);
    expect(record.entries[1]?.data).toMatchObject({ fallback: "drand", drawAt: drawAt.toISOString() });
    const verification = await expectVerified(record);
    expect(verification.round).not.toBeNull();
    // The known number cannot be typed in.
    const typed = await postExternalResult(env.t, raffle.id, env.admin.cookie, {
      result: "1009",
      sourceUrl: "https://loteria.example/triple-a",
    });
    expect(typed.statusCode).toBe(409);
  });

  it("respaldo «cancel»: la rifa se cancela por la vía de siempre (reembolsos) y el acta dice por qué", async () => {
    const raffle = await closedRaffleWithSales(
      env.t.app.ctx,
      {
        total: 100,
        external: {
          lottery: "Triple A 7:00 p. m.",
          drawAt: new Date(Date.now() - MINUTE),
          digits: 2,
          fallback: "cancel",
        },
      },
      sales(),
    );
    // The periodic sweep finds it (the lottery's time passed, no fallback yet).
    expect(await sweepLifecycle(env.t.app.ctx, new Date())).toBeGreaterThan(0);
    const [row] = await env.t.app.ctx.db.select().from(raffles).where(eq(raffles.id, raffle.id));
    expect(row?.status).toBe("cancelled");
    expect(row?.cancelReason).toContain("se cancela y se reembolsa");
    const record = await getRecord(raffle.id);
    const verification = await expectVerified(record, ["rules_published", "lottery_fallback", "cancelled"]);
    expect(verification.status).toBe("cancelled");
    const refunds = await env.t.app.ctx.db.execute(
      sql`SELECT count(*)::int AS n FROM refunds WHERE raffle_id = ${raffle.id}`,
    );
    expect(Number((refunds as unknown as { rows: Array<{ n: number }> }).rows[0]?.n)).toBeGreaterThan(0);
  });
});

describe("resultado con su publicación oficial, corrección con cuatro ojos", () => {
  it("sin la publicación oficial: 400 y nada escrito; con ella, su SHA-256 en el acta y el archivo público", async () => {
    const raffle = await frozenLotteryRaffle();
    const bare = await inject("POST", `/api/admin/raffles/${raffle.id}/external-result`, env.admin.cookie, {
      result: "0009",
      sourceUrl: "https://loteria.example/triple-a",
    });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().error.message).toContain("publicación oficial");
    const fake = await inject("POST", `/api/admin/raffles/${raffle.id}/external-result`, env.admin.cookie, {
      result: "0009",
      sourceUrl: "https://loteria.example/triple-a",
      publication: { contentType: "application/pdf", dataBase64: Buffer.from("<script>").toString("base64") },
    });
    expect(fake.statusCode).toBe(400);
    expect((await getRecord(raffle.id)).entries.map((e) => e.type)).toEqual(["rules_published", "frozen"]);

    const ok = await postExternalResult(env.t, raffle.id, env.admin.cookie, {
      result: "0009",
      sourceUrl: "https://loteria.example/triple-a",
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const hash = createHash("sha256").update(PUBLICATION_PDF).digest("hex");
    const entry = (await getRecord(raffle.id)).entries.at(-1);
    expect(entry).toMatchObject({ type: "external_result", data: { publicationHash: hash } });
    const file = await inject("GET", `/api/raffles/${raffle.id}/publications/${hash}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("application/pdf");
    expect(createHash("sha256").update(file.rawPayload).digest("hex")).toBe(hash);
    expect((await inject("GET", `/api/raffles/${raffle.id}/publications/${"0".repeat(64)}`)).statusCode).toBe(
      404,
    );
  });

  it("la corrección 0009→0006 de un solo administrador no cambia nada; el mismo no la confirma; otro sí", async () => {
    const raffle = await frozenLotteryRaffle();
    const first = await postExternalResult(env.t, raffle.id, env.admin.cookie, {
      result: "0009",
      sourceUrl: "https://loteria.example/triple-a",
    });
    expect(first.json().winners).toEqual([{ level: 1, index: 0, ticketNumber: "09" }]);
    const proposed = await postExternalResult(env.t, raffle.id, env.admin.cookie, {
      result: "0006",
      sourceUrl: "https://loteria.example/triple-a",
      reason: "Error de tipeo",
    });
    expect(proposed.statusCode, proposed.body).toBe(200);
    const proposalId = proposed.json().pendingProposalId as string;
    expect(proposalId).toBeTruthy();
    // Nothing changed: the winner is still 0009 and the record has no correction.
    expect((await getRecord(raffle.id)).entries.map((e) => e.type)).toEqual([
      "rules_published",
      "frozen",
      "external_result",
    ]);
    const current = await env.t.app.ctx.db.select().from(winners).where(eq(winners.raffleId, raffle.id));
    expect(current.map((w) => w.ticketNumber)).toEqual([9]);
    // A second proposal while one waits: 409.
    const again = await postExternalResult(env.t, raffle.id, env.admin2.cookie, {
      result: "0003",
      sourceUrl: "https://loteria.example/triple-a",
      reason: "Otra",
    });
    expect(again.statusCode).toBe(409);

    const list = await inject(
      "GET",
      `/api/admin/raffles/${raffle.id}/external-corrections`,
      env.admin.cookie,
    );
    expect(list.json()).toMatchObject([{ id: proposalId, result: "0006", mine: true }]);
    const confirmUrl = `/api/admin/raffles/${raffle.id}/external-corrections/${proposalId}/confirm`;
    expect((await inject("POST", confirmUrl)).statusCode).toBe(401);
    expect((await inject("POST", confirmUrl, env.ana.cookie)).statusCode).toBe(403);
    expect(
      (await inject("GET", `/api/admin/raffles/${raffle.id}/external-corrections`, env.ana.cookie))
        .statusCode,
    ).toBe(403);
    const self = await inject("POST", confirmUrl, env.admin.cookie);
    expect(self.statusCode).toBe(403);
    expect(self.json().error.message).toContain("administrador distinto");
    // The database refuses it too.
    await expect(
      env.t.app.ctx.db.execute(
        sql`UPDATE lottery_correction_proposals SET status = 'confirmed', decided_by = proposed_by WHERE id = ${proposalId}`,
      ),
    ).rejects.toThrow();

    const confirmed = await inject("POST", confirmUrl, env.admin2.cookie);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().winners).toEqual([{ level: 1, index: 0, ticketNumber: "06" }]);
    const record = await getRecord(raffle.id);
    const correction = record.entries.at(-1);
    expect(correction?.type).toBe("external_correction");
    const data = correction?.data as { proposedBy: string; confirmedBy: string };
    expect(data.proposedBy).toMatch(/^[0-9a-f]{16}$/);
    expect(data.confirmedBy).toMatch(/^[0-9a-f]{16}$/);
    expect(data.proposedBy).not.toBe(data.confirmedBy);
    // No person in the record: neither id nor email of either administrator.
    const text = JSON.stringify(record);
    expect(text).not.toContain(env.admin.id);
    expect(text).not.toContain(env.admin2.id);
    const verification = await expectVerified(record);
    expect(verification.winners.map((w) => w.ticketNumber)).toEqual([6]);
  });

  it("después del plazo de corrección de las reglas (24 h desde el resultado): proponer y confirmar se rechazan", async () => {
    const raffle = await frozenLotteryRaffle();
    const result = await enterExternalResult(env.t.app.ctx, actor(env.admin.id), raffle.id, {
      result: "0009",
      sourceUrl: "https://loteria.example/triple-a",
      publication: PUBLICATION,
    });
    expect(result.correction).toBe(false);
    const at = Date.parse((await getRecord(raffle.id)).entries.at(-1)?.at as string);
    const input = {
      result: "0006",
      sourceUrl: "https://loteria.example/triple-a",
      reason: "Tarde",
      publication: PUBLICATION,
    };
    await expect(
      enterExternalResult(env.t.app.ctx, actor(env.admin.id), raffle.id, input, new Date(at + 24 * HOUR + 1)),
    ).rejects.toMatchObject({ status: 409 });
    // Proposed in time, confirmed too late.
    const proposed = await enterExternalResult(
      env.t.app.ctx,
      actor(env.admin.id),
      raffle.id,
      input,
      new Date(at + HOUR),
    );
    await expect(
      confirmExternalCorrection(
        env.t.app.ctx,
        actor(env.admin2.id),
        raffle.id,
        proposed.pendingProposalId as string,
        new Date(at + 24 * HOUR + 1),
      ),
    ).rejects.toMatchObject({ status: 409 });
    expect((await getRecord(raffle.id)).entries.at(-1)?.type).toBe("external_result");
  });
});
