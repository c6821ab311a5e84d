import { commitmentForSeed, generateSeed, verifyTranscript } from "@rifazo/shared";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createUser, nextIp, signedInUser, type TestApp } from "../../../test/helpers";
import {
  mailOutbox,
  notifications,
  paymentProofs,
  prizeLevels,
  raffles,
  tickets,
  winners,
} from "../../db/schema";
import { shortName } from "./service";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const HOUR = 3_600_000;

interface RaffleOptions {
  total?: number;
  activationType?: "date" | "percentage";
  activationPercentage?: number | null;
  endDate?: Date | null;
  activatedAt?: Date | null;
  announcementType?: "internal" | "external";
  publicValueSource?: string | null;
  levels?: Array<{ description: string; count: number }>;
}

/** A raffle with its pool, and `sales` tickets sold to the given users (one approved proof each). */
async function raffleWithSales(options: RaffleOptions, sales: Array<{ userId: string; numbers: number[] }>) {
  const db = t.app.ctx.db;
  const seed = await generateSeed();
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
      drawSeed: seed,
      drawSeedCommitment: await commitmentForSeed(seed),
      drawPublicValueSource: options.publicValueSource ?? null,
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
    const [proof] = await db
      .insert(paymentProofs)
      .values({
        userId: sale.userId,
        raffleId: raffle.id,
        amount: sale.numbers.length * 2,
        paymentMethod: "pago_movil",
        transactionRef: `REF-${Math.random().toString(36).slice(2)}`,
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

const draw = (id: string, cookie?: string, body: Record<string, unknown> = {}) =>
  t.app.inject({
    method: "POST",
    url: `/api/raffles/${id}/draw`,
    payload: body,
    remoteAddress: nextIp(),
    headers: cookie ? { cookie } : {},
  });

describe("cuenta regresiva por porcentaje (start_raffle_countdown)", () => {
  it("solo arranca cuando se alcanza el porcentaje y es idempotente", async () => {
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

    // Within the 24-hour window the draw is refused.
    const early = await draw(reached.id);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toMatch(/aún no puede realizarse/);
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

describe("sorteo (select_raffle_winners)", () => {
  it("se niega antes de la fecha y sortea después, con un acta verificable", async () => {
    const ana = await createUser(t.app, { fullName: "Ana Pérez" });
    const luis = await createUser(t.app, { fullName: "Luis Rodríguez" });
    const carla = await createUser(t.app, { fullName: "Carla Díaz" });
    const future = await raffleWithSales({ endDate: new Date(Date.now() + HOUR) }, [
      { userId: ana.id, numbers: [1, 2] },
    ]);
    expect((await draw(future.id)).statusCode).toBe(409);

    const raffle = await raffleWithSales({}, [
      { userId: ana.id, numbers: [3, 7, 11] },
      { userId: luis.id, numbers: [20, 21] },
      { userId: carla.id, numbers: [40, 41, 42] },
    ]);
    const response = await draw(raffle.id);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.empty).toBe(false);
    expect(body.winners).toHaveLength(3);
    expect(body.winners.map((w: { level: number }) => w.level)).toEqual([1, 2, 2]);
    const numbers = body.winners.map((w: { ticketNumber: string }) => w.ticketNumber);
    expect(new Set(numbers).size).toBe(3);
    for (const n of numbers)
      expect(["0003", "0007", "0011", "0020", "0021", "0040", "0041", "0042"]).toContain(n);

    const verification = await verifyTranscript(body.transcript);
    expect(verification.ok).toBe(true);
    const tampered = {
      ...body.transcript,
      ticketNumbers: body.transcript.ticketNumbers.map((n: number, i: number) => (i === 0 ? 99 : n)),
    };
    expect((await verifyTranscript(tampered)).ok).toBe(false);

    const [stored] = await t.app.ctx.db.select().from(raffles).where(eq(raffles.id, raffle.id));
    expect(stored?.status).toBe("finished");
    expect(stored?.drawnAt).not.toBeNull();
    expect(stored?.winningTicketNumber).toBe(Number(numbers[0]));
    const rows = await t.app.ctx.db.select().from(winners).where(eq(winners.raffleId, raffle.id));
    expect(rows).toHaveLength(3);

    const notes = await t.app.ctx.db
      .select()
      .from(notifications)
      .where(sql`${notifications.userId} IN ${[ana.id, luis.id, carla.id]}`);
    const winnerIds = new Set(rows.map((w) => w.userId));
    for (const n of notes)
      expect(n.type).toBe(winnerIds.has(n.userId) ? "raffle_won" : "raffle_announcement");
    expect(new Set(notes.map((n) => n.userId)).size).toBe(3);
    const mails = await t.app.ctx.db.select().from(mailOutbox).where(sql`${mailOutbox.subject} IS NOT NULL`);
    expect(mails.some((m) => m.text.includes("ganó"))).toBe(true);

    const transcript = await t.app.inject({
      method: "GET",
      url: `/api/draws/${raffle.id}/transcript?download=1`,
    });
    expect(transcript.statusCode).toBe(200);
    expect(transcript.headers["content-disposition"]).toContain("attachment");
    expect(transcript.json().seed).toBe(stored?.drawSeed);
    const list = await t.app.inject({ method: "GET", url: "/api/draws" });
    expect(list.json().some((d: { raffleId: string }) => d.raffleId === raffle.id)).toBe(true);
  });

  it("es idempotente: 20 llamadas a la vez devuelven los mismos ganadores y sortean una sola vez", async () => {
    const buyers = await Promise.all(Array.from({ length: 5 }, () => createUser(t.app)));
    const raffle = await raffleWithSales(
      { total: 100 },
      buyers.map((b, i) => ({ userId: b.id, numbers: [i * 10, i * 10 + 1, i * 10 + 2] })),
    );
    const responses = await Promise.all(Array.from({ length: 20 }, () => draw(raffle.id)));
    for (const r of responses) expect(r.statusCode).toBe(200);
    const first = JSON.stringify(responses[0]?.json().winners);
    for (const r of responses) expect(JSON.stringify(r.json().winners)).toBe(first);
    const rows = await t.app.ctx.db.select().from(winners).where(eq(winners.raffleId, raffle.id));
    expect(rows).toHaveLength(3);
  });

  it("sin boletos vendidos: Sorteo Vacío y la rifa queda finalizada", async () => {
    const raffle = await raffleWithSales({}, []);
    const response = await draw(raffle.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ empty: true, winners: [] });
    const [stored] = await t.app.ctx.db.select().from(raffles).where(eq(raffles.id, raffle.id));
    expect(stored?.status).toBe("finished");
  });

  it("las rifas con anuncio externo no se sortean en el servidor", async () => {
    const buyer = await createUser(t.app);
    const raffle = await raffleWithSales({ announcementType: "external" }, [
      { userId: buyer.id, numbers: [1, 2] },
    ]);
    expect((await draw(raffle.id)).statusCode).toBe(409);
  });

  it("con valor público anunciado, solo un administrador lo ingresa y queda en el acta", async () => {
    const buyer = await createUser(t.app);
    const raffle = await raffleWithSales(
      { publicValueSource: "Triple A, Lotería del Táchira, 21/11/2026 1:00 p.m." },
      [{ userId: buyer.id, numbers: [1, 2, 3] }],
    );
    const user = await signedInUser(t.app);
    expect((await draw(raffle.id)).statusCode).toBe(403);
    expect((await draw(raffle.id, user.cookie, { publicValue: "123" })).statusCode).toBe(403);
    const admin = await signedInUser(t.app, { role: "admin" });
    expect((await draw(raffle.id, admin.cookie, {})).statusCode).toBe(400);
    const ok = await draw(raffle.id, admin.cookie, { publicValue: "417" });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().transcript.publicValue).toBe("417");
    expect((await verifyTranscript(ok.json().transcript)).ok).toBe(true);
  });

  it("id mal formado o desconocido: 404 'Rifa no encontrada.'; acta antes del sorteo: 404", async () => {
    expect((await draw("no-es-un-id")).json().error.message).toBe("Rifa no encontrada.");
    expect((await draw("00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
    const raffle = await raffleWithSales({ endDate: new Date(Date.now() + HOUR) }, []);
    expect(
      (await t.app.inject({ method: "GET", url: `/api/draws/${raffle.id}/transcript` })).statusCode,
    ).toBe(404);
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
    const drawn = (await draw(raffle.id)).json();
    const winning = drawn.winners[0].ticketNumber as string;
    const losing = ["0005", "0006", "0007"].find((n) => n !== winning) as string;

    const verify = (n: string) =>
      t.app.inject({ method: "GET", url: `/api/tickets/verify/${n}`, remoteAddress: nextIp() });
    const invalid = await verify("12a");
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.message).toBe("El número de boleto debe tener 4 dígitos (ej: 0123).");
    expect((await verify("9999")).json().result).toBe("not_found");
    const unsold = await verify("0029");
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
