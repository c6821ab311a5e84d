// Attack tests of decision 0012: an operator who wants a friend to win, with admin rights or a database
// session. Each attempt is refused or detected. (Ticket, proof and prize-level changes on a frozen raffle
// are refused by LIFECYCLE's triggers, tested there; here: what the draw code and the record guard.)

import { createHash } from "node:crypto";
import { bls12_381 } from "@noble/curves/bls12-381.js";
import { bytesToHex } from "@noble/curves/utils.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { roundTime, verifyBeacon } from "@rifazo/shared/domain/drand";
import { pickReplacementV3, replacementFor } from "@rifazo/shared/domain/draw-engine-v2";
import {
  buildRecord,
  type DrawRecord,
  RECORD_FORMAT,
  RECORD_FORMAT_V3,
  type RecordEntry,
  type RecordEntryData,
  verifyRecord,
} from "@rifazo/shared/domain/draw-record";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { disqualificationEvidence, prizeLevels, raffles, winners } from "../../src/db/schema";
import { disqualifyWinner, resolveDueReplacements } from "../../src/modules/draws/record-service";
import { createTestChain, type DrandRelay, QUICKNET_DST, startDrandRelay } from "../drand-relay";
import { closedRaffleWithSales, freezeAt } from "../draw-fixtures";
import { insertProof } from "../fixtures";
import { nextIp, signedInUser, type TestApp } from "../helpers";
import { useDrawTestApp } from "./lifecycle";

let t: TestApp;
let relay: DrandRelay;
let admin: { id: string; cookie: string };
let friend: { id: string };
let other: { id: string };

useDrawTestApp(async (app, drand) => {
  t = app;
  relay = drand;
  admin = await signedInUser(t.app, { role: "admin" });
  friend = await signedInUser(t.app, { fullName: "Amigo Del Admin" });
  other = await signedInUser(t.app, { fullName: "Otra Compradora" });
});

const MINUTE = 60_000;

function post(url: string, payload?: unknown, cookie?: string) {
  return t.app.inject({
    method: "POST",
    url,
    remoteAddress: nextIp(),
    headers: cookie ? { cookie } : {},
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}

/** The database's own message for a refused statement (drizzle wraps it as the cause). */
async function refusal(statement: Promise<unknown>): Promise<string> {
  try {
    await statement;
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    return `${String((error as Error).message)} ${cause instanceof Error ? cause.message : ""}`;
  }
  throw new Error("la sentencia debía fallar");
}

async function record(id: string): Promise<DrawRecord> {
  const response = await t.app.inject({ method: "GET", url: `/api/raffles/${id}/record` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as DrawRecord;
}

async function frozenRaffle(levels = [{ description: "Moto", count: 1 }]) {
  const raffle = await closedRaffleWithSales(t.app.ctx, { levels }, [
    { userId: friend.id, numbers: [5, 6] },
    { userId: other.id, numbers: [1, 2, 3, 4, 7, 8, 9, 10, 11, 12] },
  ]);
  await freezeAt(t.app.ctx, raffle.id, new Date(Date.now() - 10 * MINUTE));
  const rec = await record(raffle.id);
  const named = rec.entries.find((e) => e.type === "round_named");
  if (named?.type !== "round_named") throw new Error("sin ronda");
  return { id: raffle.id, round: named.data.round };
}

/** A signature of `round` by a key that is not the chain's (what a forger can produce). */
function forged(round: number): string {
  const key = createTestChain().secretKey;
  const msg = new Uint8Array(8);
  new DataView(msg.buffer).setBigUint64(0, BigInt(round));
  const sigs = bls12_381.shortSignatures;
  return bytesToHex(sigs.sign(sigs.hash(sha256(msg), QUICKNET_DST), key).toBytes());
}

describe("beacons que no son los de la ronda fijada", () => {
  it("rechaza una firma falsa, una malformada y la de otra ronda; nada queda en el acta", async () => {
    const raffle = await frozenRaffle();
    const url = `/api/admin/raffles/${raffle.id}/beacon`;

    const fake = await post(url, { round: raffle.round, signature: forged(raffle.round) }, admin.cookie);
    expect(fake.statusCode).toBe(400);
    expect(fake.json().error.message).toContain("beacon falso o de otra ronda");

    const malformed = await post(url, { round: raffle.round, signature: "ab".repeat(48) }, admin.cookie);
    expect(malformed.statusCode).toBe(400);

    const otherRound = relay.chain.beacon(raffle.round - 1);
    const wrong = await post(url, { round: otherRound.round, signature: otherRound.signature }, admin.cookie);
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().error.message).toBe(
      `Esta rifa se sortea con la ronda ${raffle.round} de drand, fijada al congelar la lista; la ronda ${otherRound.round} no sirve.`,
    );

    // Another round's signature claimed for the named round: the signature does not verify.
    const swapped = await post(url, { round: raffle.round, signature: otherRound.signature }, admin.cookie);
    expect(swapped.statusCode).toBe(400);

    expect((await record(raffle.id)).entries.map((e) => e.type)).toEqual([
      "rules_published",
      "frozen",
      "round_named",
    ]);
    const [row] = await t.app.ctx.db.select().from(raffles).where(eq(raffles.id, raffle.id));
    expect(row?.status).toBe("frozen");
  });

  it("un relay que miente solo retrasa el sorteo: su respuesta se verifica y se pasa al siguiente", async () => {
    const raffle = await frozenRaffle();
    const liar = await startDrandRelay({
      chain: createTestChain({ genesisTime: relay.chain.info.genesis_time }),
    });
    const config = t.app.ctx.config;
    const relays = config.drandRelays;
    try {
      // The liar serves another key's signatures under /public/{round} (its chain hash differs).
      config.drandRelays = [liar.url];
      const refused = await post(`/api/raffles/${raffle.id}/draw`);
      expect(refused.statusCode).toBe(503);
      expect((await record(raffle.id)).entries).toHaveLength(3);

      config.drandRelays = [liar.url, relay.url];
      const drawn = await post(`/api/raffles/${raffle.id}/draw`);
      expect(drawn.statusCode, drawn.body).toBe(200);
    } finally {
      config.drandRelays = relays;
      await liar.close();
    }
    const rec = await record(raffle.id);
    const beacon = rec.entries.find((e) => e.type === "beacon");
    expect(beacon?.type === "beacon" && beacon.data.signature).toBe(
      relay.chain.beacon(raffle.round).signature,
    );
    expect((await verifyRecord(rec)).ok).toBe(true);
  });
});

describe("repetir el sorteo", () => {
  it("da siempre el mismo resultado, lo pida quien lo pida", async () => {
    const raffle = await frozenRaffle([
      { description: "Moto", count: 1 },
      { description: "Bono", count: 2 },
    ]);
    const first = await post(`/api/raffles/${raffle.id}/draw`);
    expect(first.statusCode, first.body).toBe(200);
    const again = await post(`/api/raffles/${raffle.id}/draw`, undefined, admin.cookie);
    const pasted = await post(
      `/api/admin/raffles/${raffle.id}/beacon`,
      { round: raffle.round, signature: relay.chain.beacon(raffle.round).signature },
      admin.cookie,
    );
    const numbers = (r: { json(): { winners: Array<{ ticketNumber: string }> } }) =>
      r.json().winners.map((w) => w.ticketNumber);
    expect(numbers(again)).toEqual(numbers(first));
    expect(numbers(pasted)).toEqual(numbers(first));
    expect((await record(raffle.id)).entries.filter((e) => e.type === "beacon")).toHaveLength(1);
  });
});

describe("cambiar lo que ya quedó fijado", () => {
  it("cambiar la cantidad de premios después de congelar no cambia el sorteo: manda el acta", async () => {
    const raffle = await frozenRaffle([{ description: "Moto", count: 1 }]);
    // (LIFECYCLE's trigger also refuses this on a frozen raffle; without it the record still decides.)
    await t.app.ctx.db
      .execute(sql`UPDATE prize_levels SET winner_count = 5 WHERE raffle_id = ${raffle.id}`)
      .catch(() => {});
    const drawn = await post(`/api/raffles/${raffle.id}/draw`);
    expect(drawn.statusCode, drawn.body).toBe(200);
    expect(drawn.json().winners).toHaveLength(1);
    const levels = await t.app.ctx.db.select().from(prizeLevels).where(eq(prizeLevels.raffleId, raffle.id));
    expect(levels.length).toBe(1);
    expect((await verifyRecord(await record(raffle.id))).ok).toBe(true);
  });

  it("la base rechaza editar o borrar una entrada del acta", async () => {
    const raffle = await frozenRaffle();
    expect(
      await refusal(
        t.app.ctx.db.execute(
          sql`UPDATE draw_record_entries SET data = jsonb_set(data, '{round}', '1') WHERE raffle_id = ${raffle.id} AND type = 'round_named'`,
        ),
      ),
    ).toMatch(/append-only/);
    expect(
      await refusal(
        t.app.ctx.db.execute(sql`DELETE FROM draw_record_entries WHERE raffle_id = ${raffle.id}`),
      ),
    ).toMatch(/append-only/);
  });

  it("con el disparador desactivado (superusuario), cambiar la ronda fijada hace fallar la verificación", async () => {
    const raffle = await frozenRaffle();
    const db = t.app.ctx.db;
    await db.execute(sql`ALTER TABLE draw_record_entries DISABLE TRIGGER draw_record_entries_append_only`);
    try {
      await db.execute(
        sql`UPDATE draw_record_entries SET data = jsonb_set(data, '{round}', to_jsonb(${raffle.round + 1}::int)) WHERE raffle_id = ${raffle.id} AND type = 'round_named'`,
      );
    } finally {
      await db.execute(sql`ALTER TABLE draw_record_entries ENABLE TRIGGER draw_record_entries_append_only`);
    }
    const verification = await verifyRecord(await record(raffle.id));
    expect(verification.ok).toBe(false);
    expect(verification.checks.find((c) => !c.ok)?.name).toMatch(/Entrada 2 .*cadena de huellas/);
  });

  it("con el disparador desactivado, cambiar un ganador del acta hace fallar la verificación", async () => {
    const raffle = await frozenRaffle();
    const drawn = await post(`/api/raffles/${raffle.id}/draw`);
    expect(drawn.statusCode, drawn.body).toBe(200);
    // The friend holds 5 and 6: the edit makes one of them the winner. (Writing the number that already
    // won would change nothing, so the one that did not win is chosen.)
    const won = Number(
      (drawn.json() as { winners: Array<{ ticketNumber: string }> }).winners[0]?.ticketNumber,
    );
    const friendTicket = won === 5 ? 6 : 5;
    const db = t.app.ctx.db;
    await db.execute(sql`ALTER TABLE draw_record_entries DISABLE TRIGGER draw_record_entries_append_only`);
    try {
      await db.execute(
        sql`UPDATE draw_record_entries SET data = jsonb_set(data, '{winners,0,ticketNumber}', to_jsonb(${friendTicket}::int)) WHERE raffle_id = ${raffle.id} AND type = 'winners'`,
      );
    } finally {
      await db.execute(sql`ALTER TABLE draw_record_entries ENABLE TRIGGER draw_record_entries_append_only`);
    }
    const edited = await record(raffle.id);
    const entry = edited.entries.find((e) => e.type === "winners");
    expect(entry?.type === "winners" && entry.data.winners[0]?.ticketNumber).toBe(friendTicket);
    const verification = await verifyRecord(edited);
    expect(verification.ok).toBe(false);
    const failed = verification.checks.filter((c) => !c.ok).map((c) => c.name);
    expect(failed.join(" | ")).toMatch(/Entrada 4 .*cadena de huellas/);
  });

  it("la lotería, su fecha y la regla no se cambian desde la primera venta (API y base de datos)", async () => {
    const raffle = await closedRaffleWithSales(
      t.app.ctx,
      { external: { lottery: "Triple Zulia", drawAt: new Date(Date.now() + 60 * MINUTE), digits: 2 } },
      [{ userId: friend.id, numbers: [5, 6] }],
    );
    await t.app.ctx.db.update(raffles).set({ status: "active" }).where(eq(raffles.id, raffle.id));
    const response = await t.app.inject({
      method: "PUT",
      url: `/api/admin/raffles/${raffle.id}/external-binding`,
      headers: { cookie: admin.cookie },
      payload: {
        externalLottery: "Triple Zulia",
        externalDrawAt: new Date(Date.now() + 60 * MINUTE).toISOString(),
        externalRule: { kind: "last_digits", digits: 3 },
      },
    });
    expect(response.statusCode).toBe(409);
    expect(
      await refusal(
        t.app.ctx.db.execute(
          sql`UPDATE raffles SET external_rule = '{"kind":"last_digits","digits":3}'::jsonb WHERE id = ${raffle.id}`,
        ),
      ),
    ).toMatch(/locked after the first sale/);
    expect(
      await refusal(
        t.app.ctx.db.execute(sql`UPDATE raffles SET external_draw_at = now() WHERE id = ${raffle.id}`),
      ),
    ).toMatch(/locked after the first sale/);
  });
});

describe("descalificar para elegir el reemplazo", () => {
  it("una rifa antigua con semilla, cerrada con pagos por revisar, no se sortea por v1", async () => {
    const raffle = await closedRaffleWithSales(t.app.ctx, {}, [{ userId: friend.id, numbers: [5, 6] }]);
    await t.app.ctx.db
      .update(raffles)
      .set({ drawSeed: "ab".repeat(32), drawSeedCommitment: "cd".repeat(32) })
      .where(eq(raffles.id, raffle.id));
    const response = await post(`/api/raffles/${raffle.id}/draw`);
    expect(response.statusCode).toBe(409);
    const [row] = await t.app.ctx.db.select().from(raffles).where(eq(raffles.id, raffle.id));
    expect(row?.drawnAt).toBeNull();
  });

  it("un disparo del sorteo con pagos del cierre por revisar no sortea nada; al congelar, espera su ronda", async () => {
    const raffle = await closedRaffleWithSales(t.app.ctx, {}, [{ userId: friend.id, numbers: [5, 6] }]);
    // Still on sale past its end date, with a proof uploaded before the close and still under review.
    await t.app.ctx.db.update(raffles).set({ status: "active" }).where(eq(raffles.id, raffle.id));
    const pending = await insertProof(t.app.ctx.db, { userId: other.id, raffleId: raffle.id });
    // Pressing the draw closes it (end date); with a proof pending the list cannot be frozen yet.
    const response = await post(`/api/raffles/${raffle.id}/draw`);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toEqual({
      code: "RAFFLE_STATE",
      message:
        "El sorteo se realiza cuando la lista de boletos quede congelada (después del cierre y de revisar los pagos pendientes).",
    });
    const pasted = await post(
      `/api/admin/raffles/${raffle.id}/beacon`,
      { round: 5, signature: relay.chain.beacon(5).signature },
      admin.cookie,
    );
    expect(pasted.statusCode).toBe(409);
    const [row] = await t.app.ctx.db.select().from(raffles).where(eq(raffles.id, raffle.id));
    expect(row?.status).toBe("closed");
    expect(row?.drawnAt).toBeNull();
    expect((await record(raffle.id)).entries.map((e) => e.type)).toEqual(["rules_published", "closed"]);

    // Once it is reviewed the list freezes with it, and a draw pressed right away only waits for the round.
    const reviewed = await t.app.inject({
      method: "POST",
      url: `/api/admin/proofs/${pending.id}/reject`,
      headers: { cookie: admin.cookie },
      payload: { adminNotes: "La referencia no coincide con ningún pago recibido." },
    });
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    const waiting = await post(`/api/raffles/${raffle.id}/draw`);
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().error.message).toMatch(/^La ronda \d+ de drand se publica el /);
    const rec = await record(raffle.id);
    expect(rec.entries.map((e) => e.type)).toEqual(["rules_published", "closed", "frozen", "round_named"]);
    const [after] = await t.app.ctx.db.select().from(raffles).where(eq(raffles.id, raffle.id));
    expect(after?.status).toBe("frozen");
    expect(after?.drawnAt).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------
// Blind decisions (decision 0021): the auditor's attacks on the record, each refused or harmless now.
// ---------------------------------------------------------------------------------------------

const evidence = (text: string) => ({
  contentType: "application/pdf",
  dataBase64: Buffer.from(text).toString("base64"),
});

function entryOf<T extends RecordEntry["type"]>(rec: DrawRecord, type: T, nth = 0): RecordEntry<T> {
  const found = rec.entries.filter((e) => e.type === type)[nth];
  if (!found) throw new Error(`sin entrada ${type}`);
  return found as RecordEntry<T>;
}

/** The draw job's pass at `at`, with the relay's clock moved there too (rounds up to then are out). */
async function jobAt(at: number): Promise<void> {
  relay.setNow(() => at);
  try {
    await resolveDueReplacements(t.app.ctx, new Date(at));
  } finally {
    relay.setNow(null);
  }
}

/** The record rebuilt with `edit` applied to each entry (hashes recomputed, as a forger would). */
async function rebuilt(
  rec: DrawRecord,
  edit: (e: { type: RecordEntry["type"]; at: string; data: RecordEntryData }) => void,
  format: typeof RECORD_FORMAT | typeof RECORD_FORMAT_V3 = RECORD_FORMAT_V3,
): Promise<DrawRecord> {
  const events = rec.entries.map((e) => {
    const copy = { type: e.type, at: e.at, data: structuredClone(e.data) as RecordEntryData };
    edit(copy);
    return copy;
  });
  return buildRecord(rec.raffleId, events, format);
}

describe("caminar el premio descalificando (decisión 0021)", () => {
  it("el organizador ya no puede predecir el reemplazo: sale de una ronda que no se había publicado al decidir", async () => {
    const raffle = await frozenRaffle([
      { description: "Moto", count: 1 },
      { description: "Bono", count: 1 },
    ]);
    const drawn = await post(`/api/raffles/${raffle.id}/draw`);
    expect(drawn.statusCode, drawn.body).toBe(200);
    let rec = await record(raffle.id);
    expect(rec.format).toBe(RECORD_FORMAT_V3);
    const frozen = entryOf(rec, "frozen").data;
    const beacon = entryOf(rec, "beacon").data;
    const levels = entryOf(rec, "rules_published").data.prizeLevels;

    // The old attack: in v2 the replacement came from the draw's own beacon, so before disqualifying the
    // organiser computed who would come in (and chose whom to disqualify, and in which order).
    const v2Prediction = await replacementFor(
      {
        raffleId: raffle.id,
        listHash: frozen.listHash,
        randomness: beacon.randomness,
        ticketNumbers: frozen.tickets.map((x) => x.number),
        prizeLevels: levels,
      },
      { level: 1, index: 0 },
    );
    expect(v2Prediction).not.toBeNull();

    // Now the disqualification names a round that does not exist yet.
    const decidedAt = Date.now();
    const response = await post(
      `/api/admin/raffles/${raffle.id}/disqualify`,
      { level: 1, index: 0, reason: "fraud", evidence: evidence("Informe de fraude n.º 1") },
      admin.cookie,
    );
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { replacement: unknown; pendingRound: { round: number } };
    expect(body.replacement).toBeNull();
    const round = body.pendingRound.round;
    expect(round).toBeGreaterThan(relay.chain.latestRound(Date.now()));
    expect(relay.chain.roundTime(round) * 1000).toBeGreaterThanOrEqual(decidedAt + 2 * MINUTE);
    const early = await fetch(`${relay.url}/public/${round}`);
    expect(early.status).toBe(425); // nobody, the server included, can get its value yet
    await early.body?.cancel();

    rec = await record(raffle.id);
    const disq = entryOf(rec, "disqualification");
    expect(disq.data).toMatchObject({ reason: "fraud", round, delayMinutes: 2 });
    expect(disq.data.replacement).toBeUndefined();
    expect(disq.data.evidenceHash).toBe(createHash("sha256").update("Informe de fraude n.º 1").digest("hex"));
    let verification = await verifyRecord(rec);
    expect(verification.ok, JSON.stringify(verification.checks.filter((c) => !c.ok))).toBe(true);
    expect(verification.decisions[0]).toMatchObject({ status: "pending", round, reason: "fraud" });
    expect(verification.pending.join(" ")).toContain(`Reemplazo pendiente del sorteo de la ronda ${round}`);
    expect(verification.winners.map((w) => w.level)).toEqual([2]);

    // The pending prize cannot be disqualified again, nor can anyone draw it before its round.
    const again = await post(
      `/api/admin/raffles/${raffle.id}/disqualify`,
      { level: 1, index: 0, reason: "fraud", evidence: evidence("otra") },
      admin.cookie,
    );
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toContain(`ronda ${round}`);
    await jobAt(Date.now());
    expect((await record(raffle.id)).entries.filter((e) => e.type === "replacement")).toHaveLength(0);

    // Once the round is out the draw job draws the replacement from its randomness and the entry's hash.
    const out = relay.chain.roundTime(round) * 1000 + 1_000;
    await jobAt(out);
    rec = await record(raffle.id);
    const replacement = entryOf(rec, "replacement");
    const level2 = verification.winners[0]?.ticketNumber as number;
    const expected = await pickReplacementV3({
      raffleId: raffle.id,
      listHash: frozen.listHash,
      randomness: relay.chain.beacon(round).randomness,
      disqualificationHash: disq.hash,
      level: 1,
      index: 1,
      pool: frozen.tickets.map((x) => x.number).filter((n) => n !== level2 && n !== disq.data.ticketNumber),
    });
    expect(replacement.data).toMatchObject({ disqualification: disq.seq, round, source: "relay" });
    expect(replacement.data.replacement?.ticketNumber).toBe(expected);
    verification = await verifyRecord(rec);
    expect(verification.ok, JSON.stringify(verification.checks.filter((c) => !c.ok))).toBe(true);
    expect(verification.winners.map((w) => [w.level, w.index, w.ticketNumber])).toEqual([
      [1, 1, expected],
      [2, 0, level2],
    ]);
    const rows = await t.app.ctx.db.select().from(winners).where(eq(winners.raffleId, raffle.id));
    expect(rows.find((r) => r.disqualifiedAt === null && r.prizeLevel === 1)?.ticketNumber).toBe(expected);

    // The next step of the walk is just as blind: it names a round after the last one.
    const next = await post(
      `/api/admin/raffles/${raffle.id}/disqualify`,
      { level: 1, index: 1, reason: "fraud", evidence: evidence("Informe de fraude n.º 2") },
      admin.cookie,
    );
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json().pendingRound.round).toBeGreaterThanOrEqual(round + 40);

    // The evidence is kept privately; the record holds only its hash.
    const stored = await t.app.ctx.db
      .select()
      .from(disqualificationEvidence)
      .where(eq(disqualificationEvidence.raffleId, raffle.id));
    expect(stored.map((r) => r.sha256).sort()).toEqual(
      [
        createHash("sha256").update("Informe de fraude n.º 1").digest("hex"),
        createHash("sha256").update("Informe de fraude n.º 2").digest("hex"),
      ].sort(),
    );
  });

  it("rechaza texto libre, «unclaimed» antes del plazo, «fraud» sin prueba y rondas ya publicadas o demasiado próximas", async () => {
    const raffle = await frozenRaffle([{ description: "Moto", count: 1 }]);
    expect((await post(`/api/raffles/${raffle.id}/draw`)).statusCode).toBe(200);
    const url = `/api/admin/raffles/${raffle.id}/disqualify`;
    const entriesBefore = (await record(raffle.id)).entries.length;

    const free = await post(url, { level: 1, index: 0, reason: "No contestó el teléfono" }, admin.cookie);
    expect(free.statusCode).toBe(400);
    expect(free.json().error.message).toBe(
      "El motivo debe ser uno de la lista publicada en las reglas de la rifa: unclaimed, fraud. No se admite texto libre.",
    );

    const early = await post(url, { level: 1, index: 0, reason: "unclaimed" }, admin.cookie);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toMatch(
      /^El ganador tiene 7 días para reclamar su premio según las reglas: el plazo vence el /,
    );

    const noEvidence = await post(url, { level: 1, index: 0, reason: "fraud" }, admin.cookie);
    expect(noEvidence.statusCode).toBe(400);
    expect(noEvidence.json().error.message).toBe(
      "Para descalificar por fraude adjunta el documento de prueba: se guarda en privado y su huella SHA-256 queda en el acta.",
    );

    const published = relay.chain.latestRound(Date.now()) - 1;
    const known = await post(
      url,
      { level: 1, index: 0, reason: "fraud", evidence: evidence("x"), round: published },
      admin.cookie,
    );
    expect(known.statusCode).toBe(400);
    expect(known.json().error.message).toMatch(new RegExp(`^La ronda ${published} de drand ya se publicó`));

    const soon = relay.chain.latestRound(Date.now()) + 5; // 15 s ahead: less than the 2 min delay
    const tooSoon = await post(
      url,
      { level: 1, index: 0, reason: "fraud", evidence: evidence("x"), round: soon },
      admin.cookie,
    );
    expect(tooSoon.statusCode).toBe(400);
    expect(tooSoon.json().error.message).toMatch(
      new RegExp(`^La ronda ${soon} de drand es demasiado pronto`),
    );

    // Nothing was written by any refusal.
    expect((await record(raffle.id)).entries).toHaveLength(entriesBefore);
    const rows = await t.app.ctx.db.select().from(winners).where(eq(winners.raffleId, raffle.id));
    expect(rows.filter((r) => r.disqualifiedAt !== null)).toHaveLength(0);
    expect(
      await t.app.ctx.db
        .select()
        .from(disqualificationEvidence)
        .where(eq(disqualificationEvidence.raffleId, raffle.id)),
    ).toHaveLength(0);

    // After the claim period stated in the rules, «unclaimed» is accepted (and verifies).
    const drawnAt = Date.parse(entryOf(await record(raffle.id), "winners").at);
    const after = drawnAt + 7 * 86_400_000 + MINUTE;
    relay.setNow(() => after);
    try {
      const result = await disqualifyWinner(
        t.app.ctx,
        { id: admin.id, ip: null },
        raffle.id,
        { level: 1, index: 0, reason: "unclaimed" },
        new Date(after),
      );
      expect(result.pendingRound?.round).toBeGreaterThan(relay.chain.latestRound(after));
    } finally {
      relay.setNow(null);
    }
    const verification = await verifyRecord(await record(raffle.id));
    expect(verification.ok, JSON.stringify(verification.checks.filter((c) => !c.ok))).toBe(true);
    expect(verification.decisions[0]).toMatchObject({ reason: "unclaimed", status: "pending" });
  });

  it("un acta que dice «unclaimed» antes del plazo o «fraud» sin huella no verifica, aunque se recalculen las huellas", async () => {
    const raffle = await frozenRaffle([{ description: "Moto", count: 1 }]);
    expect((await post(`/api/raffles/${raffle.id}/draw`)).statusCode).toBe(200);
    await post(
      `/api/admin/raffles/${raffle.id}/disqualify`,
      { level: 1, index: 0, reason: "fraud", evidence: evidence("prueba") },
      admin.cookie,
    );
    const rec = await record(raffle.id);
    expect((await verifyRecord(rec)).ok).toBe(true);
    const failing = async (edit: (data: Record<string, unknown>) => void) => {
      const forged = await rebuilt(rec, (e) => {
        if (e.type === "disqualification") edit(e.data as unknown as Record<string, unknown>);
      });
      const v = await verifyRecord(forged);
      expect(v.ok).toBe(false);
      return v.checks
        .filter((c) => !c.ok)
        .map((c) => c.expected)
        .join(" | ");
    };
    expect(
      await failing((d) => {
        d.reason = "unclaimed";
      }),
    ).toMatch(/plazo de reclamo de 7 día/);
    expect(
      await failing((d) => {
        d.evidenceHash = null;
      }),
    ).toMatch(/exige la huella SHA-256/);
    expect(
      await failing((d) => {
        d.reason = "Se portó mal";
      }),
    ).toMatch(/no está en la lista cerrada/);
    const named = entryOf(rec, "disqualification").data.round as number;
    expect(
      await failing((d) => {
        d.round = named - 30;
      }),
    ).toMatch(/demasiado pronto/);
  });
});

describe("la ronda fijada se prueba en el futuro (decisión 0021)", () => {
  it("la congelación lleva el último beacon verificado; un acta sin él, con uno posterior o antedatada no verifica", async () => {
    const raffle = await frozenRaffle();
    const rec = await record(raffle.id);
    const frozenAt = entryOf(rec, "frozen").at;
    const named = entryOf(rec, "round_named").data;
    const latest = named.latestBeacon;
    if (!latest) throw new Error("sin último beacon");
    await verifyBeacon(named.chain, latest);
    expect(roundTime(named.chain, latest.round) * 1000).toBeLessThanOrEqual(Date.parse(frozenAt));
    expect(
      (roundTime(named.chain, named.round) - roundTime(named.chain, latest.round)) * 1000,
    ).toBeGreaterThanOrEqual(2 * MINUTE);
    expect((await verifyRecord(rec)).ok).toBe(true);

    const futureCheck = (v: Awaited<ReturnType<typeof verifyRecord>>) =>
      v.checks.find((c) => c.name.startsWith("Ronda fijada en el futuro"));

    // Without the beacon, nothing shows the round was in the future: the old format took it on trust.
    const bare = await rebuilt(rec, (e) => {
      if (e.type === "round_named") (e.data as { latestBeacon?: unknown }).latestBeacon = null;
    });
    expect((await verifyRecord({ ...bare, format: RECORD_FORMAT })).ok).toBe(true);
    const refusedBare = await verifyRecord(bare);
    expect(refusedBare.ok).toBe(false);
    expect(futureCheck(refusedBare)?.expected).toMatch(/falta el último beacon verificado/);

    // A server that already held a round just before the named one: the named round was known too soon.
    const close = await rebuilt(rec, (e) => {
      if (e.type === "round_named")
        (e.data as { latestBeacon?: unknown }).latestBeacon = {
          round: named.round - 1,
          signature: relay.chain.beacon(named.round - 1).signature,
        };
      if (e.type === "frozen" || e.type === "round_named") e.at = named.roundTime;
    });
    const refusedClose = await verifyRecord(close);
    expect(refusedClose.ok).toBe(false);
    expect(
      refusedClose.checks
        .filter((c) => !c.ok)
        .map((c) => c.name)
        .join(" | "),
    ).toMatch(/Ronda de drand fijada al congelar|Ronda fijada en el futuro/);

    // Backdating the freeze before the beacon it cites: a date the beacon itself proves false.
    const backdated = await rebuilt(rec, (e) => {
      e.at = new Date(roundTime(named.chain, latest.round) * 1000 - 5_000).toISOString();
      if (e.type === "round_named") {
        const data = e.data as { round: number; roundTime: string };
        data.round = named.round - 2;
        data.roundTime = new Date(roundTime(named.chain, named.round - 2) * 1000).toISOString();
      }
    });
    const refusedBackdated = await verifyRecord(backdated);
    expect(refusedBackdated.ok).toBe(false);
    expect(futureCheck(refusedBackdated)?.expected).toMatch(/la fecha es falsa/);
  });

  it("las fechas del acta van al milisegundo, como ocurrieron (no redondeadas hacia atrás)", async () => {
    const raffle = await closedRaffleWithSales(t.app.ctx, {}, [{ userId: friend.id, numbers: [5, 6] }]);
    const at = new Date(Math.floor(Date.now() / 1000) * 1000 - 10 * MINUTE + 489);
    await freezeAt(t.app.ctx, raffle.id, at);
    const rec = await record(raffle.id);
    expect(entryOf(rec, "frozen").at).toBe(at.toISOString());
    expect(entryOf(rec, "frozen").at.endsWith(".489Z")).toBe(true);
    expect(entryOf(rec, "round_named").at).toBe(at.toISOString());
    const [row] = await t.app.ctx.db.select().from(raffles).where(eq(raffles.id, raffle.id));
    expect(row?.frozenAt?.toISOString()).toBe(at.toISOString());
  });
});
