// Attack tests of issue 15: an operator who wants a friend to win, with admin rights or a database
// session. Each attempt is refused or detected. (Ticket, proof and prize-level changes on a frozen raffle
// are refused by LIFECYCLE's triggers, tested there; here: what the draw code and the record guard.)
import { bls12_381 } from "@noble/curves/bls12-381.js";
import { bytesToHex } from "@noble/curves/utils.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { type DrawRecord, verifyRecord } from "@rifazo/shared/domain/draw-record";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prizeLevels, raffles, winners } from "../../src/db/schema";
import { createTestChain, type DrandRelay, QUICKNET_DST, startDrandRelay } from "../drand-relay";
import { closedRaffleWithSales, freezeAt } from "../draw-fixtures";
import { insertProof } from "../fixtures";
import { createTestApp, nextIp, signedInUser, type TestApp } from "../helpers";

let t: TestApp;
let relay: DrandRelay;
let admin: { id: string; cookie: string };
let friend: { id: string };
let other: { id: string };

beforeAll(async () => {
  relay = await startDrandRelay();
  t = await createTestApp({
    drandChainInfo: relay.chain.info,
    drandRelays: [relay.url],
    drawRoundDelayMinutes: 2,
  });
  admin = await signedInUser(t.app, { role: "admin" });
  friend = await signedInUser(t.app, { fullName: "Amigo Del Admin" });
  other = await signedInUser(t.app, { fullName: "Otra Compradora" });
});
afterAll(async () => {
  await t?.close();
  await relay?.close();
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
  it("el reemplazo está determinado: descalificar en otro orden o pedir un boleto no cambia quién entra", async () => {
    const raffle = await frozenRaffle([{ description: "Moto", count: 1 }]);
    await post(`/api/raffles/${raffle.id}/draw`);
    // The dishonest admin keeps disqualifying until the friend (tickets 5, 6) wins... each replacement is
    // the protocol's next pick, which the record states and anyone recomputes.
    const seen: string[] = [];
    for (let i = 0; i < 3; i++) {
      const current = (await verifyRecord(await record(raffle.id))).winners[0];
      if (!current) break;
      const response = await post(
        `/api/admin/raffles/${raffle.id}/disqualify`,
        { level: 1, index: current.index, reason: "fraud", replacement: { ticketNumber: 5 } },
        admin.cookie,
      );
      expect(response.statusCode, response.body).toBe(200);
      seen.push(response.json().replacement?.ticketNumber);
    }
    const final = await verifyRecord(await record(raffle.id));
    expect(final.ok, JSON.stringify(final.checks.filter((c) => !c.ok))).toBe(true);
    expect(final.winners.map((w) => String(w.ticketNumber).padStart(4, "0"))).toEqual([
      seen[seen.length - 1],
    ]);
    // The original and every disqualified winner stay in the winners table, marked.
    const rows = await t.app.ctx.db.select().from(winners).where(eq(winners.raffleId, raffle.id));
    expect(rows.filter((r) => r.disqualifiedAt !== null)).toHaveLength(3);
    expect(rows.filter((r) => r.disqualifiedAt === null)).toHaveLength(1);
  });

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
