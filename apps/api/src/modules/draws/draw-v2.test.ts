// Draw v2 end to end through the API (decision 0012): freeze → the local drand relay's beacon → draw →
// GET record → verifyRecord, on whichever database the run uses (PGlite, or PostgreSQL with
// TEST_DATABASE_URL). Also the pasted beacon, the job, disqualification, the external lottery, and the
// buyer's receipt secret.

import { verifyRecord } from "@rifazo/shared/domain/draw-record";
import { ownerTag } from "@rifazo/shared/domain/owner-tag";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call } from "../../../test/admin-fixtures";
import {
  closedRaffleWithSales,
  expectVerified,
  freezeAt,
  postExternalResult,
  recordOf,
  useDrawTestApp,
} from "../../../test/draw-fixtures";
import { nextIp } from "../../../test/helpers";
import { auditLog, notifications, raffles, winners } from "../../db/schema";
import { recordClose } from "./freeze";
import { drawDueRaffles, resolveDueReplacements } from "./record-service";
import { recordSummaries } from "./repository";

const env = useDrawTestApp();

const MINUTE = 60_000;
const sales = () => [
  { userId: env.ana.id, numbers: [3, 7, 11, 19, 23] },
  { userId: env.beto.id, numbers: [1, 2, 30, 31, 40, 41, 42] },
];

const inject = (method: "GET" | "POST" | "PUT", url: string, cookie?: string, payload?: unknown) =>
  call(env.t, method, url, cookie, payload, { remoteAddress: nextIp() });
const getRecord = (id: string) => recordOf(env.t, id);

/** A frozen raffle whose named round came out minutes ago (frozen 10 minutes back, 2-minute delay). */
async function frozenDue(options: Parameters<typeof closedRaffleWithSales>[1] = {}) {
  const raffle = await closedRaffleWithSales(env.t.app.ctx, options, sales());
  await freezeAt(env.t.app.ctx, raffle.id, new Date(Date.now() - 10 * MINUTE));
  return raffle;
}

describe("congelación", () => {
  it("publica reglas, lista con marcas de dueño y la ronda de drand; sin datos personales", async () => {
    const raffle = await closedRaffleWithSales(env.t.app.ctx, {}, sales());
    expect((await inject("GET", `/api/raffles/${raffle.id}/record`)).statusCode).toBe(404);
    const frozenAt = new Date();
    await freezeAt(env.t.app.ctx, raffle.id, frozenAt);

    const record = await getRecord(raffle.id);
    expect(record.entries.map((e) => e.type)).toEqual(["rules_published", "frozen", "round_named"]);
    const frozen = record.entries[1];
    if (frozen?.type !== "frozen") throw new Error("sin lista");
    expect(frozen.data.tickets.map((x) => x.number)).toEqual([1, 2, 3, 7, 11, 19, 23, 30, 31, 40, 41, 42]);
    // Each tag is the buyer's: derived from the receipt secret of the purchase they hold.
    const mine = await inject("GET", "/api/proofs/mine", env.ana.cookie);
    expect(mine.statusCode, mine.body).toBe(200);
    const proof = (
      mine.json() as { items: Array<{ raffleId: string; receiptSecret: string | null }> }
    ).items.find((p) => p.raffleId === raffle.id);
    expect(proof?.receiptSecret).toMatch(/^[0-9a-f]{64}$/);
    for (const n of [3, 7, 11, 19, 23]) {
      expect(frozen.data.tickets.find((x) => x.number === n)?.tag).toBe(
        await ownerTag(proof?.receiptSecret as string, raffle.id, n),
      );
    }
    const named = record.entries[2];
    if (named?.type !== "round_named") throw new Error("sin ronda");
    expect(named.data.chain.hash).toBe(env.relay.chain.info.hash);
    expect(env.relay.chain.roundTime(named.data.round) * 1000).toBeGreaterThanOrEqual(
      frozenAt.getTime() + 2 * MINUTE,
    );
    expect(env.relay.chain.roundTime(named.data.round - 1) * 1000).toBeLessThan(
      frozenAt.getTime() + 2 * MINUTE,
    );

    expect((await recordSummaries(env.t.app.ctx.db, [raffle.id])).get(raffle.id)).toEqual({
      recordAvailable: true,
      drawRound: named.data.round,
      drawRoundAt: named.data.roundTime,
      chain: { hash: env.relay.chain.info.hash, public_key: env.relay.chain.info.public_key },
    });

    const text = JSON.stringify(record);
    for (const secret of [
      env.ana.id,
      env.beto.id,
      env.ana.email,
      env.beto.email,
      "Ana",
      "Beto",
      proof?.receiptSecret as string,
    ]) {
      expect(text).not.toContain(secret);
    }
    const verification = await expectVerified(record);
    expect(verification.status).toBe("awaiting_beacon");
    expect(verification.warnings.join(" ")).toContain("League of Entropy");

    const [row] = await env.t.app.ctx.db.select().from(raffles).where(eq(raffles.id, raffle.id));
    expect(row?.status).toBe("frozen");
    // To the millisecond, as it happened (decision 0021).
    expect(row?.frozenAt?.getTime()).toBe(frozenAt.getTime());

    // Before the round is out the draw waits, and says until when.
    const early = await inject("POST", `/api/raffles/${raffle.id}/draw`);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toContain(`ronda ${named.data.round} de drand se publica`);

    // The buyer's proof as an administrator sees it carries no secret.
    const asAdmin = await inject("GET", `/api/proofs/${raffle.proofIds[0]}`, env.admin.cookie);
    expect(asAdmin.statusCode, asAdmin.body).toBe(200);
    expect(asAdmin.json().receiptSecret).toBeNull();
    const asOther = await inject("GET", `/api/proofs/${raffle.proofIds[0]}`, env.beto.cookie);
    expect(asOther.statusCode).toBe(404);
  });
});

describe("cierre (para LIFECYCLE)", () => {
  it("recordClose publica las reglas antes del cierre; la congelación usa esas reglas y el acta verifica", async () => {
    const raffle = await closedRaffleWithSales(env.t.app.ctx, {}, sales());
    const closedAt = new Date(Date.now() - 60 * MINUTE);
    await env.t.app.ctx.db.transaction((tx) =>
      recordClose(env.t.app.ctx, tx, raffle.id, closedAt, {
        reason: "end_date",
        reviewDeadline: new Date(closedAt.getTime() + 48 * 60 * MINUTE).toISOString(),
      }),
    );
    await freezeAt(env.t.app.ctx, raffle.id, new Date(Date.now() - 10 * MINUTE));
    const record = await getRecord(raffle.id);
    await expectVerified(record, ["rules_published", "closed", "frozen", "round_named"]);
    const drawn = await inject("POST", `/api/raffles/${raffle.id}/draw`);
    expect(drawn.statusCode, drawn.body).toBe(200);
    expect((await verifyRecord(await getRecord(raffle.id))).ok).toBe(true);
  });
});

describe("sorteo con drand", () => {
  it("cualquiera lo realiza con el beacon del relay; el acta verifica y repetirlo da lo mismo", async () => {
    const raffle = await frozenDue();
    const response = await inject("POST", `/api/raffles/${raffle.id}/draw`, env.ana.cookie);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json();
    expect(result.winners).toHaveLength(3);
    expect(result.transcript).toBeNull();

    const record = await getRecord(raffle.id);
    const verification = await expectVerified(record, [
      "rules_published",
      "frozen",
      "round_named",
      "beacon",
      "winners",
    ]);
    expect(verification.status).toBe("drawn");
    expect(result.winners.map((w: { ticketNumber: string }) => w.ticketNumber)).toEqual(
      verification.winners.map((w) => String(w.ticketNumber).padStart(2, "0")),
    );
    const beacon = record.entries[3];
    expect(beacon?.type === "beacon" && beacon.data.source).toBe("relay");

    const rows = await env.t.app.ctx.db.select().from(winners).where(eq(winners.raffleId, raffle.id));
    expect(rows.map((r) => [r.prizeLevel, r.prizeIndex, r.ticketNumber]).sort()).toEqual(
      verification.winners.map((w) => [w.level, w.index, w.ticketNumber]).sort(),
    );
    const [row] = await env.t.app.ctx.db.select().from(raffles).where(eq(raffles.id, raffle.id));
    expect(row?.status).toBe("finished");
    expect(row?.drawAlgorithm).toBe("rifazo-draw-v2");
    expect(row?.drawSeed).toBeNull();

    // Re-running it (anyone, or an admin pasting the same beacon) changes nothing.
    const again = await inject("POST", `/api/raffles/${raffle.id}/draw`);
    expect(again.json().winners.map((w: { ticketNumber: string }) => w.ticketNumber)).toEqual(
      result.winners.map((w: { ticketNumber: string }) => w.ticketNumber),
    );
    const named = record.entries[2];
    if (named?.type !== "round_named") throw new Error("sin ronda");
    const pasted = await inject("POST", `/api/admin/raffles/${raffle.id}/beacon`, env.admin.cookie, {
      round: named.data.round,
      signature: env.relay.chain.beacon(named.data.round).signature,
    });
    expect(pasted.statusCode, pasted.body).toBe(200);
    expect((await getRecord(raffle.id)).entries).toHaveLength(5);

    const transcript = await inject("GET", `/api/draws/${raffle.id}/transcript`);
    expect(transcript.statusCode).toBe(404);
    expect(transcript.json().error.message).toContain("acta pública");

    const list = await inject("GET", "/api/draws");
    const item = (
      list.json() as Array<{ raffleId: string; algorithm: string; recordUrl: string; ticketCount: number }>
    ).find((d) => d.raffleId === raffle.id);
    expect(item).toMatchObject({
      algorithm: "rifazo-draw-v2",
      recordUrl: `/api/raffles/${raffle.id}/record`,
      ticketCount: 12,
    });
    // Each winner's notice opens their prize's page, where the claim is sent (decision 0035).
    const won = await env.t.app.ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.type, "raffle_won"));
    const links = won.map((n) => n.linkTo);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(links).toContain(`/perfil/premios/${row.id}`);
  });

  it("sin relays, un administrador pega el beacon; se verifica igual", async () => {
    const raffle = await frozenDue();
    env.relay.failWith(503);
    try {
      const down = await inject("POST", `/api/raffles/${raffle.id}/draw`);
      expect(down.statusCode).toBe(503);
      expect(down.json().error.message).toContain("un administrador también puede ingresarla");
    } finally {
      env.relay.failWith(null);
    }
    const record = await getRecord(raffle.id);
    const named = record.entries[2];
    if (named?.type !== "round_named") throw new Error("sin ronda");
    const pasted = await inject("POST", `/api/admin/raffles/${raffle.id}/beacon`, env.admin.cookie, {
      round: named.data.round,
      signature: env.relay.chain.beacon(named.data.round).signature.toUpperCase(),
    });
    expect(pasted.statusCode, pasted.body).toBe(200);
    const after = await getRecord(raffle.id);
    const beacon = after.entries[3];
    expect(beacon?.type === "beacon" && beacon.data.source).toBe("admin");
    expect((await verifyRecord(after)).ok).toBe(true);
    const audit = await env.t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, raffle.id), eq(auditLog.action, "raffle.beacon")));
    expect(audit).toHaveLength(1);
  });

  it("el trabajo programado sortea las rifas cuya ronda ya salió", async () => {
    const raffle = await frozenDue();
    const notYet = await closedRaffleWithSales(env.t.app.ctx, {}, sales());
    await freezeAt(env.t.app.ctx, notYet.id, new Date());
    const drawn = await drawDueRaffles(env.t.app.ctx);
    expect(drawn).toContain(raffle.id);
    expect(drawn).not.toContain(notYet.id);
    expect((await verifyRecord(await getRecord(raffle.id))).status).toBe("drawn");
    expect((await verifyRecord(await getRecord(notYet.id))).status).toBe("awaiting_beacon");
  });
});

describe("rifa sin ventas", () => {
  it("se congela con la lista vacía, se sortea sin ganadores y su acta impide borrarla", async () => {
    const raffle = await closedRaffleWithSales(env.t.app.ctx, {}, []);
    await freezeAt(env.t.app.ctx, raffle.id, new Date(Date.now() - 10 * MINUTE));
    const drawn = await inject("POST", `/api/raffles/${raffle.id}/draw`);
    expect(drawn.statusCode, drawn.body).toBe(200);
    expect(drawn.json()).toMatchObject({ empty: true, winners: [] });
    await expectVerified(await getRecord(raffle.id));
    const deleted = await env.t.app.inject({
      method: "DELETE",
      url: `/api/admin/raffles/${raffle.id}`,
      headers: { cookie: env.admin.cookie },
    });
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().error.code).toBe("RAFFLE_FROZEN");
    // The lifecycle's guard answers first (a finished raffle is a public record); the record would refuse too.
    expect(deleted.json().error.message).toBe(
      "Una rifa congelada o sorteada es un registro público y no se puede eliminar.",
    );
    const [still] = await env.t.app.ctx.db.select().from(raffles).where(eq(raffles.id, raffle.id));
    expect(still?.status).toBe("finished");
  });
});

describe("descalificación", () => {
  it("el reemplazo sale de la ronda que nombra la descalificación; el acta conserva al original y el motivo", async () => {
    const raffle = await frozenDue({ levels: [{ description: "Moto", count: 1 }] });
    await inject("POST", `/api/raffles/${raffle.id}/draw`);
    const before = await getRecord(raffle.id);
    const verification = await verifyRecord(before);
    const original = verification.winners[0];
    if (!original) throw new Error("sin ganador");
    const frozen = before.entries[1];
    if (frozen?.type !== "frozen") throw new Error("acta incompleta");

    const response = await inject("POST", `/api/admin/raffles/${raffle.id}/disqualify`, env.admin.cookie, {
      level: 1,
      index: 0,
      reason: "fraud",
      evidence: { contentType: "image/png", dataBase64: Buffer.from("captura").toString("base64") },
      // Whatever else the body says, nobody picks the replacement.
      replacement: { ticketNumber: 2 },
      ticketNumber: 2,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().replacement).toBeNull();
    const round = response.json().pendingRound.round as number;

    const after = await getRecord(raffle.id);
    const entry = after.entries[5];
    expect(entry?.type).toBe("disqualification");
    if (entry?.type !== "disqualification") throw new Error("sin descalificación");
    expect(entry.data.reason).toBe("fraud");
    expect(entry.data.reasonText).toMatch(/^Fraude comprobado/);
    expect(entry.data.ticketNumber).toBe(original.ticketNumber);
    const check = await expectVerified(after);
    expect(check.winners).toEqual([]);

    let rows = await env.t.app.ctx.db.select().from(winners).where(eq(winners.raffleId, raffle.id));
    const old = rows.find((r) => r.ticketNumber === original.ticketNumber);
    expect(old?.disqualifiedAt).not.toBeNull();
    expect(old?.disqualificationReason).toMatch(/^Fraude comprobado/);

    // The round comes out: the job draws the replacement, a new winner row with index 1.
    const out = env.relay.chain.roundTime(round) * 1000 + 500;
    env.relay.setNow(() => out);
    try {
      await drawDueRaffles(env.t.app.ctx, new Date(out));
      await resolveDueReplacements(env.t.app.ctx, new Date(out));
    } finally {
      env.relay.setNow(null);
    }
    const final = await expectVerified(await getRecord(raffle.id));
    const replaced = final.winners[0];
    expect(replaced?.index).toBe(1);
    rows = await env.t.app.ctx.db.select().from(winners).where(eq(winners.raffleId, raffle.id));
    expect(rows.find((r) => r.disqualifiedAt === null)?.ticketNumber).toBe(replaced?.ticketNumber);
    const pub = await inject("GET", `/api/raffles/${raffle.id}`);
    expect(pub.json().winners.map((w: { ticketNumber: string }) => w.ticketNumber)).toEqual([
      String(replaced?.ticketNumber).padStart(2, "0"),
    ]);

    // Someone who is not a current winner cannot be disqualified.
    const again = await inject("POST", `/api/admin/raffles/${raffle.id}/disqualify`, env.admin.cookie, {
      level: 1,
      index: 0,
      reason: "fraud",
    });
    expect(again.statusCode).toBe(400);
    // Only administrators.
    const user = await inject("POST", `/api/admin/raffles/${raffle.id}/disqualify`, env.ana.cookie, {
      level: 1,
      index: 1,
      reason: "fraud",
    });
    expect(user.statusCode).toBe(403);
  });
});

describe("lotería externa", () => {
  it("resultado oficial después del sorteo, mapeado por la regla fijada; una segunda vez es corrección", async () => {
    const drawAt = new Date(Date.now() - 5 * MINUTE);
    const raffle = await closedRaffleWithSales(
      env.t.app.ctx,
      { total: 50, external: { lottery: "Triple Zulia 4:45 p. m.", drawAt, digits: 2 } },
      sales(),
    );
    await freezeAt(env.t.app.ctx, raffle.id, new Date(Date.now() - 10 * MINUTE));
    const frozenRecord = await getRecord(raffle.id);
    expect(frozenRecord.entries.map((e) => e.type)).toEqual(["rules_published", "frozen"]);
    expect((await inject("POST", `/api/raffles/${raffle.id}/draw`)).statusCode).toBe(409);

    const first = await postExternalResult(env.t, raffle.id, env.admin.cookie, {
      result: "123, 540, 9",
      sourceUrl: "https://loteria.example/resultados",
    });
    // digits 2 → "23" → 23 (sold), "40" → 40, "9": fewer than 2 digits → refused.
    expect(first.statusCode).toBe(400);
    const ok = await postExternalResult(env.t, raffle.id, env.admin.cookie, {
      result: "123, 540, 707",
      sourceUrl: "https://loteria.example/resultados",
    });
    expect(ok.statusCode, ok.body).toBe(200);
    // 23 sold; 40 sold; 07 sold.
    expect(ok.json()).toEqual({
      correction: false,
      pendingProposalId: null,
      winners: [
        { level: 1, index: 0, ticketNumber: "23" },
        { level: 2, index: 0, ticketNumber: "40" },
        { level: 2, index: 1, ticketNumber: "07" },
      ],
    });
    const noReason = await postExternalResult(env.t, raffle.id, env.admin.cookie, {
      result: "111, 540, 707",
      sourceUrl: "https://loteria.example/resultados",
    });
    expect(noReason.statusCode).toBe(400);
    const proposed = await postExternalResult(env.t, raffle.id, env.admin.cookie, {
      result: "111, 540, 707",
      sourceUrl: "https://loteria.example/resultados-corregidos",
      reason: "La lotería publicó una fe de erratas",
    });
    expect(proposed.statusCode, proposed.body).toBe(200);
    expect(proposed.json().correction).toBe(true);
    // Decision 0024: a second administrator confirms it.
    const corrected = await inject(
      "POST",
      `/api/admin/raffles/${raffle.id}/external-corrections/${proposed.json().pendingProposalId}/confirm`,
      env.admin2.cookie,
    );
    expect(corrected.statusCode, corrected.body).toBe(200);
    const record = await getRecord(raffle.id);
    const verification = await expectVerified(record, [
      "rules_published",
      "frozen",
      "external_result",
      "external_correction",
    ]);
    // "11" → 11 (sold).
    expect(verification.winners.map((w) => w.ticketNumber)).toEqual([11, 40, 7]);
    const pub = await inject("GET", `/api/raffles/${raffle.id}`);
    expect(pub.json().winners.map((w: { ticketNumber: string }) => w.ticketNumber)).toEqual([
      "11",
      "40",
      "07",
    ]);

    const dq = await inject("POST", `/api/admin/raffles/${raffle.id}/disqualify`, env.admin.cookie, {
      level: 2,
      index: 0,
      reason: "fraud",
      evidence: {
        contentType: "application/pdf",
        dataBase64: Buffer.from("comprobante falso").toString("base64"),
      },
    });
    expect(dq.statusCode, dq.body).toBe(200);
    // 40 out: the replacement is no longer "the next sold number up" (predictable): a future round draws it.
    expect(dq.json().replacement).toBeNull();
    const round = dq.json().pendingRound.round as number;
    // A correction cannot slip in while the replacement waits for its round.
    const meanwhile = await postExternalResult(env.t, raffle.id, env.admin.cookie, {
      result: "12, 40, 7",
      sourceUrl: "https://example.com/resultado",
      reason: "Otra corrección",
    });
    expect(meanwhile.statusCode).toBe(409);
    const out = env.relay.chain.roundTime(round) * 1000 + 500;
    env.relay.setNow(() => out);
    try {
      await resolveDueReplacements(env.t.app.ctx, new Date(out));
    } finally {
      env.relay.setNow(null);
    }
    const final = await expectVerified(await getRecord(raffle.id));
    const replacement = final.winners.find((w) => w.level === 2 && w.index === 2);
    expect(replacement).toBeDefined();
    expect([11, 40, 7]).not.toContain(replacement?.ticketNumber);
  });

  it("la vinculación se fija antes de la primera venta y la lotería no se puede cambiar después", async () => {
    const create = await inject("POST", "/api/admin/raffles", env.admin.cookie, {
      title: "Rifa con Triple",
      description: "x",
      price: 5,
      currency: "USD",
      totalTickets: 100,
      status: "upcoming",
      activationType: "date",
      endDate: "2030-06-01T20:00:00.000Z",
      announcementType: "external",
      externalAnnouncementPlatform: "Instagram Live",
      lotteryDecided: true,
      prizeLevels: [{ description: "Moto", winnerCount: 1 }],
    });
    expect(create.statusCode, create.body).toBe(201);
    const id = create.json().id as string;
    // Not on sale without its lottery: the lottery is fixed before the sale.
    const openUnbound = await inject("POST", `/api/admin/raffles/${id}/open`, env.admin.cookie);
    expect(openUnbound.statusCode).toBe(400);
    expect(openUnbound.json().error.message).toContain(
      "Falta la lotería, la fecha y hora de su sorteo y la regla",
    );
    const bad = await inject("PUT", `/api/admin/raffles/${id}/external-binding`, env.admin.cookie, {
      externalLottery: "Triple Zulia",
      externalDrawAt: "2030-06-01T20:45:00.000Z",
      externalRule: { kind: "last_digits", digits: 1 },
    });
    expect(bad.statusCode).toBe(400);
    // Decision 0024: 45 minutes after the close the review (48 h) is still running: refused.
    const early = await inject("PUT", `/api/admin/raffles/${id}/external-binding`, env.admin.cookie, {
      externalLottery: "Triple Zulia",
      externalDrawAt: "2030-06-01T20:45:00.000Z",
      externalRule: { kind: "last_digits", digits: 3 },
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().error.message).toContain("después de que la lista de boletos quede fija");
    const set = await inject("PUT", `/api/admin/raffles/${id}/external-binding`, env.admin.cookie, {
      externalLottery: "Triple Zulia",
      externalDrawAt: "2030-06-03T21:00:00.000Z",
      externalRule: { kind: "last_digits", digits: 3 },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ externalLottery: "Triple Zulia", editable: true });
    const detail = await inject("GET", `/api/admin/raffles/${id}`, env.admin.cookie);
    expect(detail.json().externalBinding).toMatchObject({ externalRule: { kind: "last_digits", digits: 3 } });
    const opened = await inject("POST", `/api/admin/raffles/${id}/open`, env.admin.cookie);
    expect(opened.statusCode, opened.body).toBe(200);
    // On sale, the lottery can be adjusted until the first sale but never removed.
    const cleared = await inject("PUT", `/api/admin/raffles/${id}/external-binding`, env.admin.cookie, {
      externalLottery: null,
      externalDrawAt: null,
      externalRule: null,
    });
    expect(cleared.statusCode).toBe(409);

    await env.t.app.ctx.db.update(raffles).set({ soldTickets: 2 }).where(eq(raffles.id, id));
    const locked = await inject("PUT", `/api/admin/raffles/${id}/external-binding`, env.admin.cookie, {
      externalLottery: "Lotto Activo",
      externalDrawAt: "2030-06-03T21:00:00.000Z",
      externalRule: { kind: "last_digits", digits: 3 },
    });
    expect(locked.statusCode).toBe(409);
  });
});
