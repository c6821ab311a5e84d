// The draw button and the countdown (decision 0012): every raffle still to draw is closed, frozen with a record
// and drawn by drand (here the local relay); a v1 draw already in the database keeps being served and
// verifying with the v1 algorithm. The ticket verifier works across both.

import type { DrawTranscript } from "@rifazo/shared";
import { commitmentForSeed, createDrawTranscript, generateSeed, verifyTranscript } from "@rifazo/shared";
import { verifyRecord } from "@rifazo/shared/domain/draw-record";
import { paymentReferenceKey } from "@rifazo/shared/domain/payment-reference-key";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DrandRelay } from "../../../test/drand-relay";
import { expectVerified, recordOf, startDrawTestApp, stopDrawTestApp } from "../../../test/draw-fixtures";
import { createUser, nextIp, signedInUser, type TestApp } from "../../../test/helpers";
import {
  mailOutbox,
  notifications,
  paymentProofs,
  prizeLevels,
  raffles,
  tickets,
  winners,
} from "../../db/schema";
import { advanceNow } from "../raffle-state";
import { refreshLatestBeacon } from "./record-service";
import { shortName } from "./service";

let t: TestApp;
let relay: DrandRelay;
beforeAll(async () => {
  ({ t, relay } = await startDrawTestApp());
});
afterAll(() => stopDrawTestApp(t, relay));

const MINUTE = 60_000;
const HOUR = 3_600_000;

interface RaffleOptions {
  total?: number;
  activationType?: "date" | "percentage";
  activationPercentage?: number | null;
  endDate?: Date | null;
  activatedAt?: Date | null;
  announcementType?: "internal" | "external";
  levels?: Array<{ description: string; count: number }>;
}

/** A raffle on sale (no seed: nothing new is drawn by v1) with its pool and `sales` sold, one approved proof each. */
async function raffleWithSales(options: RaffleOptions, sales: Array<{ userId: string; numbers: number[] }>) {
  const db = t.app.ctx.db;
  const total = options.total ?? 50;
  const sold = sales.reduce((n, s) => n + s.numbers.length, 0);
  const [raffle] = await db
    .insert(raffles)
    .values({
      title: "Moto Bera 2026",
      price: 2,
      totalTickets: total,
      soldTickets: sold,
      status: "active",
      activationType: options.activationType ?? "date",
      activationPercentage: options.activationPercentage ?? null,
      endDate: options.endDate === undefined ? new Date(Date.now() - HOUR) : options.endDate,
      percentageDrawActivatedAt: options.activatedAt ?? null,
      announcementType: options.announcementType ?? "internal",
      externalAnnouncementPlatform: options.announcementType === "external" ? "Instagram Live" : null,
      ticketsGenerated: true,
    })
    .returning();
  if (!raffle) throw new Error("sin rifa");
  const levels = options.levels ?? [
    { description: "Moto", count: 1 },
    { description: "Bono de $50", count: 2 },
  ];
  await db.insert(prizeLevels).values(
    levels.map((l, i) => ({
      raffleId: raffle.id,
      level: i + 1,
      description: l.description,
      winnerCount: l.count,
    })),
  );
  await db.execute(
    sql`INSERT INTO tickets (raffle_id, ticket_number) SELECT ${raffle.id}, g FROM generate_series(0, ${total - 1}) g`,
  );
  for (const sale of sales) {
    // A bank reference's key is its number (decision 0022): 16 random digits.
    const reference = `REF-${Math.random().toString().slice(2)}`;
    const [proof] = await db
      .insert(paymentProofs)
      .values({
        userId: sale.userId,
        raffleId: raffle.id,
        amount: sale.numbers.length * 2,
        paymentMethod: "pago_movil",
        transactionRef: reference,
        referenceKey: paymentReferenceKey("pago_movil", reference),
        proofImagePath: "proofs/x.png",
        proofContentType: "image/png",
        proofSize: 1,
        status: "approved",
        quantityOfTickets: sale.numbers.length,
      })
      .returning();
    await db
      .update(tickets)
      .set({ status: "sold", userId: sale.userId, paymentId: proof?.id, soldAt: new Date() })
      .where(and(eq(tickets.raffleId, raffle.id), sql`${tickets.ticketNumber} IN ${sale.numbers}`));
  }
  return raffle;
}

/**
 * The lifecycle as its sweep ran `minutesAgo` minutes ago: the raffle closed (end date) and, with nothing
 * pending, froze then, so the drand round its record names is already out.
 */
async function frozenMinutesAgo(raffleId: string, minutesAgo = 10) {
  const at = new Date(Date.now() - minutesAgo * MINUTE);
  // The draw job keeps the latest verified beacon; the freeze cites the one it held then (decision 0021).
  await refreshLatestBeacon(t.app.ctx, t.app.ctx.config.drandChainInfo, at);
  const state = await advanceNow(t.app.ctx, raffleId, at);
  expect(state).toBe("frozen");
}

/**
 * A v1 draw already in the database (legacy data, written as the demo writes its v1 raffle): a seed
 * committed before the sales, the transcript of the shared v1 algorithm, the winners, the raffle finished.
 */
async function legacyV1Draw(
  sales: Array<{ userId: string; numbers: number[] }>,
  options: RaffleOptions & { publicValue?: string; names?: Record<string, string> } = {},
) {
  const db = t.app.ctx.db;
  const raffle = await raffleWithSales(options, sales);
  const seed = await generateSeed();
  const levels = await db.select().from(prizeLevels).where(eq(prizeLevels.raffleId, raffle.id));
  const drawnAt = new Date(Date.now() - 30 * MINUTE);
  const transcript = await createDrawTranscript({
    seedHex: seed,
    raffleId: raffle.id,
    ticketNumbers: sales.flatMap((s) => s.numbers),
    publicValue: options.publicValue ?? "",
    prizeLevels: levels.map((l) => ({ level: l.level, count: l.winnerCount, description: l.description })),
    drawnAt,
  });
  const owner = new Map(sales.flatMap((s) => s.numbers.map((n) => [n, s.userId] as const)));
  const sold = await db.select().from(tickets).where(eq(tickets.raffleId, raffle.id));
  await db.insert(winners).values(
    transcript.winners.map((w) => ({
      raffleId: raffle.id,
      ticketId: sold.find((x) => x.ticketNumber === w.ticketNumber)?.id ?? null,
      ticketNumber: w.ticketNumber,
      userId: owner.get(w.ticketNumber) ?? null,
      winnerName: options.names?.[owner.get(w.ticketNumber) ?? ""] ?? "Participante",
      prizeLevel: w.level,
      prizeDescription: w.description,
      source: "internal",
      announcedAt: drawnAt,
    })),
  );
  const first = transcript.winners[0];
  await db
    .update(raffles)
    .set({
      status: "finished",
      drawSeed: seed,
      drawSeedCommitment: await commitmentForSeed(seed),
      drawPublicValueSource: options.publicValue
        ? "Triple A, Lotería del Táchira, 21/11/2026 1:00 p.m."
        : null,
      drawPublicValue: transcript.publicValue,
      drawTicketListHash: transcript.ticketListHash,
      drawAlgorithm: transcript.algorithmVersion,
      drawTranscript: transcript,
      drawnAt,
      winnerId: first ? (owner.get(first.ticketNumber) ?? null) : null,
      winningTicketNumber: first?.ticketNumber ?? null,
    })
    .where(eq(raffles.id, raffle.id));
  return { raffle, transcript, seed };
}

const getRecord = (id: string) => recordOf(t, id);

const draw = (id: string, cookie?: string, body: Record<string, unknown> = {}) =>
  t.app.inject({
    method: "POST",
    url: `/api/raffles/${id}/draw`,
    payload: body,
    remoteAddress: nextIp(),
    headers: cookie ? { cookie } : {},
  });

const NOT_FROZEN =
  "El sorteo se realiza cuando la lista de boletos quede congelada (después del cierre y de revisar los pagos pendientes).";

describe("cuenta regresiva por porcentaje (start_raffle_countdown)", () => {
  it("solo arranca cuando se alcanza el porcentaje, es idempotente, y al terminar la rifa cierra y se congela", async () => {
    const buyer = await createUser(t.app);
    const below = await raffleWithSales(
      { total: 10, activationType: "percentage", activationPercentage: 50, endDate: null },
      [{ userId: buyer.id, numbers: [1, 2, 3, 4] }],
    );
    const refused = await t.app.inject({
      method: "POST",
      url: `/api/raffles/${below.id}/countdown`,
      remoteAddress: nextIp(),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe("El porcentaje de ventas de esta rifa aún no se ha alcanzado.");

    const reached = await raffleWithSales(
      { total: 10, activationType: "percentage", activationPercentage: 50, endDate: null },
      [{ userId: buyer.id, numbers: [1, 2, 3, 4, 5] }],
    );
    const first = await t.app.inject({
      method: "POST",
      url: `/api/raffles/${reached.id}/countdown`,
      remoteAddress: nextIp(),
    });
    expect(first.statusCode).toBe(200);
    const second = await t.app.inject({
      method: "POST",
      url: `/api/raffles/${reached.id}/countdown`,
      remoteAddress: nextIp(),
    });
    expect(second.json().startedAt).toBe(first.json().startedAt);

    // Within the 24-hour window sales go on and the draw is refused: the list is not frozen yet.
    const early = await draw(reached.id);
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toEqual({ code: "RAFFLE_STATE", message: NOT_FROZEN });
    const [during] = await t.app.ctx.db.select().from(raffles).where(eq(raffles.id, reached.id));
    expect(during?.status).toBe("active");

    // Once the window is over, the next touch closes it (countdown ended) and freezes it; the draw then
    // waits for the drand round the freeze named.
    await t.app.ctx.db
      .update(raffles)
      .set({ percentageDrawActivatedAt: new Date(Date.now() - 25 * HOUR) })
      .where(eq(raffles.id, reached.id));
    const waiting = await draw(reached.id);
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().error.message).toMatch(/^La ronda \d+ de drand se publica el /);
    const [after] = await t.app.ctx.db.select().from(raffles).where(eq(raffles.id, reached.id));
    expect(after?.status).toBe("frozen");
    expect(after?.closeReason).toBe("countdown_ended");
    const record = await getRecord(reached.id);
    expect(record.entries.map((e) => e.type)).toEqual(["rules_published", "closed", "frozen", "round_named"]);
    expect((await verifyRecord(record)).ok).toBe(true);
  });

  it("una rifa por fecha no usa la cuenta regresiva", async () => {
    const raffle = await raffleWithSales({}, []);
    const response = await t.app.inject({
      method: "POST",
      url: `/api/raffles/${raffle.id}/countdown`,
      remoteAddress: nextIp(),
    });
    expect(response.statusCode).toBe(409);
  });
});

describe("sorteo a pedido: cierre → congelación → beacon de drand", () => {
  it("se niega antes del cierre; congelada y con la ronda publicada, lo sortea cualquiera con un acta verificable", async () => {
    const ana = await createUser(t.app, { fullName: "Ana Pérez" });
    const luis = await createUser(t.app, { fullName: "Luis Rodríguez" });
    const carla = await createUser(t.app, { fullName: "Carla Díaz" });
    const future = await raffleWithSales({ endDate: new Date(Date.now() + HOUR) }, [
      { userId: ana.id, numbers: [1, 2] },
    ]);
    const onSale = await draw(future.id);
    expect(onSale.statusCode).toBe(409);
    expect(onSale.json().error).toEqual({ code: "RAFFLE_STATE", message: NOT_FROZEN });

    const raffle = await raffleWithSales({}, [
      { userId: ana.id, numbers: [3, 7, 11] },
      { userId: luis.id, numbers: [20, 21] },
      { userId: carla.id, numbers: [40, 41, 42] },
    ]);
    await frozenMinutesAgo(raffle.id);
    const response = await draw(raffle.id);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.empty).toBe(false);
    expect(body.transcript).toBeNull();
    expect(body.winners).toHaveLength(3);
    expect(body.winners.map((w: { level: number }) => w.level)).toEqual([1, 2, 2]);
    const numbers = body.winners.map((w: { ticketNumber: string }) => w.ticketNumber);
    expect(new Set(numbers).size).toBe(3);
    for (const n of numbers) expect(["03", "07", "11", "20", "21", "40", "41", "42"]).toContain(n);

    const record = await getRecord(raffle.id);
    const verification = await expectVerified(record, [
      "rules_published",
      "closed",
      "frozen",
      "round_named",
      "beacon",
      "winners",
    ]);
    expect(verification.status).toBe("drawn");
    expect(verification.winners.map((w) => String(w.ticketNumber).padStart(2, "0"))).toEqual(numbers);

    // Winners are named publicly by the masked name only (decision 0012), in the draw's answer and on the raffle.
    const masked = ["Ana P.", "Luis R.", "Carla D."];
    for (const w of body.winners as Array<{ winnerName: string }>) expect(masked).toContain(w.winnerName);
    const detail = await t.app.inject({ method: "GET", url: `/api/raffles/${raffle.id}` });
    const shown = detail.json() as { winnerName: string | null; winners: Array<{ winnerName: string }> };
    for (const w of shown.winners) expect(masked).toContain(w.winnerName);
    expect(masked).toContain(shown.winnerName);
    for (const full of ["Ana Pérez", "Luis Rodríguez", "Carla Díaz"]) {
      expect(response.body).not.toContain(full);
      expect(detail.body).not.toContain(full);
    }

    const [stored] = await t.app.ctx.db.select().from(raffles).where(eq(raffles.id, raffle.id));
    expect(stored?.status).toBe("finished");
    expect(stored?.drawnAt).not.toBeNull();
    expect(stored?.drawSeed).toBeNull();
    expect(stored?.drawAlgorithm).toBe("rifazo-draw-v2");
    expect(stored?.winningTicketNumber).toBe(Number(numbers[0]));
    const rows = await t.app.ctx.db.select().from(winners).where(eq(winners.raffleId, raffle.id));
    expect(rows).toHaveLength(3);

    const notes = await t.app.ctx.db
      .select()
      .from(notifications)
      .where(
        sql`${notifications.userId} IN ${[ana.id, luis.id, carla.id]} AND ${notifications.type} IN ('raffle_won', 'raffle_announcement')`,
      );
    const winnerIds = new Set(rows.map((w) => w.userId));
    for (const n of notes)
      expect(n.type).toBe(winnerIds.has(n.userId) ? "raffle_won" : "raffle_announcement");
    expect(new Set(notes.map((n) => n.userId)).size).toBe(3);
    const mails = await t.app.ctx.db.select().from(mailOutbox).where(sql`${mailOutbox.subject} IS NOT NULL`);
    expect(mails.some((m) => m.text.includes("ganó"))).toBe(true);

    // A v2 draw has no v1 transcript: its record is the proof, linked from the public list.
    const transcript = await t.app.inject({ method: "GET", url: `/api/draws/${raffle.id}/transcript` });
    expect(transcript.statusCode).toBe(404);
    const list = await t.app.inject({ method: "GET", url: "/api/draws" });
    expect(
      (list.json() as Array<{ raffleId: string; recordUrl: string | null }>).find(
        (d) => d.raffleId === raffle.id,
      )?.recordUrl,
    ).toBe(`/api/raffles/${raffle.id}/record`);
  });

  it("es idempotente: 20 llamadas a la vez devuelven los mismos ganadores y sortean una sola vez", async () => {
    const buyers = await Promise.all(Array.from({ length: 5 }, () => createUser(t.app)));
    const raffle = await raffleWithSales(
      { total: 100 },
      buyers.map((b, i) => ({ userId: b.id, numbers: [i * 10, i * 10 + 1, i * 10 + 2] })),
    );
    await frozenMinutesAgo(raffle.id);
    const responses = await Promise.all(Array.from({ length: 20 }, () => draw(raffle.id)));
    for (const r of responses) expect(r.statusCode, r.body).toBe(200);
    const first = JSON.stringify(responses[0]?.json().winners);
    for (const r of responses) expect(JSON.stringify(r.json().winners)).toBe(first);
    const rows = await t.app.ctx.db.select().from(winners).where(eq(winners.raffleId, raffle.id));
    expect(rows).toHaveLength(3);
    const record = await getRecord(raffle.id);
    expect(record.entries.filter((e) => e.type === "beacon")).toHaveLength(1);
    expect(record.entries.filter((e) => e.type === "winners")).toHaveLength(1);
  });

  it("sin boletos vendidos: se congela vacía, Sorteo Vacío y la rifa queda finalizada", async () => {
    const raffle = await raffleWithSales({}, []);
    await frozenMinutesAgo(raffle.id);
    const response = await draw(raffle.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ empty: true, winners: [] });
    const [stored] = await t.app.ctx.db.select().from(raffles).where(eq(raffles.id, raffle.id));
    expect(stored?.status).toBe("finished");
    expect((await verifyRecord(await getRecord(raffle.id))).ok).toBe(true);
  });

  it("las rifas con anuncio en una transmisión externa no se sortean en el servidor", async () => {
    const buyer = await createUser(t.app);
    const raffle = await raffleWithSales({ announcementType: "external" }, [
      { userId: buyer.id, numbers: [1, 2] },
    ]);
    const response = await draw(raffle.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(
      "Los ganadores de esta rifa se anuncian en una transmisión externa.",
    );
  });

  it("nadie escribe un valor al sortear: lo que diga la petición no cambia el resultado", async () => {
    const buyer = await createUser(t.app);
    const raffle = await raffleWithSales({}, [{ userId: buyer.id, numbers: [1, 2, 3, 4, 5, 6] }]);
    await frozenMinutesAgo(raffle.id);
    const admin = await signedInUser(t.app, { role: "admin" });
    const typed = await draw(raffle.id, admin.cookie, {
      publicValue: "Triple A 417 escrito a mano",
      winners: [{ ticketNumber: 1 }],
    });
    expect(typed.statusCode, typed.body).toBe(200);
    const plain = await draw(raffle.id);
    expect(plain.json().winners).toEqual(typed.json().winners);
    const record = await getRecord(raffle.id);
    expect(JSON.stringify(record)).not.toContain("escrito a mano");
    const verification = await verifyRecord(record);
    expect(verification.ok).toBe(true);
    expect(verification.winners.map((w) => String(w.ticketNumber).padStart(2, "0"))).toEqual(
      typed.json().winners.map((w: { ticketNumber: string }) => w.ticketNumber),
    );
  });

  it("id mal formado o desconocido: 404 'Rifa no encontrada.'; transcripción antes del sorteo: 404", async () => {
    expect((await draw("no-es-un-id")).json().error.message).toBe("Rifa no encontrada.");
    expect((await draw("00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
    const raffle = await raffleWithSales({ endDate: new Date(Date.now() + HOUR) }, []);
    expect(
      (await t.app.inject({ method: "GET", url: `/api/draws/${raffle.id}/transcript` })).statusCode,
    ).toBe(404);
  });
});

describe("sorteos v1 ya guardados (antes del acta)", () => {
  it("se siguen sirviendo tal cual y verifican con el algoritmo v1, también con valor público", async () => {
    const ana = await createUser(t.app, { fullName: "Ana Pérez" });
    const luis = await createUser(t.app, { fullName: "Luis Rodríguez" });
    const { raffle, transcript, seed } = await legacyV1Draw(
      [
        { userId: ana.id, numbers: [3, 7, 11] },
        { userId: luis.id, numbers: [20, 21] },
      ],
      { publicValue: "417" },
    );
    expect((await verifyTranscript(transcript)).ok).toBe(true);

    // The draw button answers the stored result: nothing is drawn again, nothing is added.
    const response = await draw(raffle.id, undefined, { publicValue: "999" });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as {
      winners: Array<{ level: number; ticketNumber: string }>;
      transcript: DrawTranscript;
    };
    // (v1 winner rows carry no index within their level: the answer lists a level's winners by number.)
    const byLevel = (list: Array<{ level: number; ticketNumber: string }>) =>
      list.map((w) => `${w.level}:${w.ticketNumber}`).sort();
    expect(byLevel(body.winners)).toEqual(
      byLevel(
        transcript.winners.map((w) => ({
          level: w.level,
          ticketNumber: String(w.ticketNumber).padStart(2, "0"),
        })),
      ),
    );
    expect(body.transcript).toEqual(transcript);
    expect(body.transcript.publicValue).toBe("417");
    expect((await verifyTranscript(body.transcript)).ok).toBe(true);
    const tampered = {
      ...body.transcript,
      ticketNumbers: body.transcript.ticketNumbers.map((n: number, i: number) => (i === 0 ? 99 : n)),
    };
    expect((await verifyTranscript(tampered)).ok).toBe(false);
    const rows = await t.app.ctx.db.select().from(winners).where(eq(winners.raffleId, raffle.id));
    expect(rows).toHaveLength(transcript.winners.length);
    expect((await t.app.inject({ method: "GET", url: `/api/raffles/${raffle.id}/record` })).statusCode).toBe(
      404,
    );

    const served = await t.app.inject({
      method: "GET",
      url: `/api/draws/${raffle.id}/transcript?download=1`,
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-disposition"]).toContain("attachment");
    expect(served.json().seed).toBe(seed);
    expect((await verifyTranscript(served.json())).ok).toBe(true);
    const list = await t.app.inject({ method: "GET", url: "/api/draws" });
    const item = (
      list.json() as Array<{
        raffleId: string;
        seed: string | null;
        publicValue: string | null;
        recordUrl: string | null;
      }>
    ).find((d) => d.raffleId === raffle.id);
    expect(item).toMatchObject({ seed, publicValue: "417", recordUrl: null });
  });
});

describe("verificador público de boletos (verify_public_ticket)", () => {
  it("formato, no encontrado, no vendido, ganador y no ganador", async () => {
    const maria = await createUser(t.app, { fullName: "María Fernanda González" });
    const pedro = await createUser(t.app, { fullName: "Pedro Salas" });
    const raffle = await raffleWithSales(
      { total: 30, levels: [{ description: 'Televisor 55"', count: 1 }] },
      [
        { userId: maria.id, numbers: [5] },
        { userId: pedro.id, numbers: [6, 7] },
      ],
    );
    await frozenMinutesAgo(raffle.id);
    const drawn = (await draw(raffle.id)).json();
    const winning = drawn.winners[0].ticketNumber as string;
    const losing = ["05", "06", "07"].find((n) => n !== winning) as string;

    const verify = (n: string) =>
      t.app.inject({ method: "GET", url: `/api/tickets/verify/${n}`, remoteAddress: nextIp() });
    const invalid = await verify("12a");
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.message).toBe("El número de boleto debe tener 4 dígitos (ej: 0123).");
    expect((await verify("9999")).json().result).toBe("not_found");
    const unsold = await verify("29");
    expect(unsold.json().result).toBe("not_sold");
    const win = (await verify(winning)).json();
    expect(win.result).toBe("winner");
    const match = win.matches.find((m: { raffleId: string }) => m.raffleId === raffle.id);
    expect(match.prize).toBe('Televisor 55"');
    expect(["María F.", "Pedro S."]).toContain(match.ownerName);
    const lose = (await verify(losing)).json();
    expect(lose.matches.find((m: { raffleId: string }) => m.raffleId === raffle.id).isWinner).toBe(false);
  });

  it("acorta el nombre del dueño por privacidad", () => {
    expect(shortName("María Fernanda González")).toBe("María F.");
    expect(shortName("Pedro")).toBe("Pedro");
    expect(shortName("  ")).toBeNull();
  });
});
