import { ADMIN_MESSAGES, ERROR_MESSAGES, externalWinnersError } from "@rifazo/shared";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, createRaffle, expectAdminOnly, useAdminTest } from "../../../../test/admin-fixtures";
import { insertProof, raffleRow, setRaffleState } from "../../../../test/fixtures";
import { createUser } from "../../../../test/helpers";
import { auditLog, notifications, tickets, winners } from "../../../db/schema";

const ctx = useAdminTest();

const db = () => ctx.t.app.ctx.db;
const register = (raffleId: string, body: unknown) =>
  call(ctx.t, "POST", `/api/admin/raffles/${raffleId}/external-winners`, ctx.admin.cookie, body);

async function raffleWithBuyer(name: string, freeze = true, announcementType = "external") {
  const buyer = await createUser(ctx.t.app, { fullName: name });
  const raffle = await createRaffle(ctx, {
    title: `Rifa de ${name}`,
    totalTickets: 20,
    announcementType,
    ...(announcementType === "external" ? { externalAnnouncementPlatform: "Instagram Live" } : {}),
    prizeLevels: [
      { description: "Moto", winnerCount: 1 },
      { description: "Bono 50 USD", winnerCount: 2 },
    ],
  });
  const proof = await insertProof(db(), { userId: buyer.id, raffleId: raffle.id, quantityOfTickets: 3 });
  const approved = await call(ctx.t, "POST", `/api/admin/proofs/${proof.id}/approve`, ctx.admin.cookie);
  // Sales over and nothing under review: the list is frozen, awaiting the outside result.
  if (freeze) await setRaffleState(db(), raffle.id, "frozen");
  return { buyer, raffle, numbers: approved.json().tickets as string[] };
}

describe("guardia de ganadores externos", () => {
  it("401 y 403", async () => {
    const { raffle } = await raffleWithBuyer("Guardia");
    await expectAdminOnly(ctx, "GET", `/api/admin/raffles/${raffle.id}/sold-tickets`);
    await expectAdminOnly(ctx, "POST", `/api/admin/raffles/${raffle.id}/external-winners`, {
      winners: [{ level: 1, ticketNumber: "01", winnerName: "X" }],
    });
    expect(await db().select().from(winners).where(eq(winners.raffleId, raffle.id))).toHaveLength(0);
  });
});

describe("boletos vendidos", () => {
  it("busca un número de 4 dígitos y devuelve el comprador", async () => {
    const { raffle, numbers } = await raffleWithBuyer("María Gómez");
    const sold = (query = "") =>
      call(ctx.t, "GET", `/api/admin/raffles/${raffle.id}/sold-tickets${query}`, ctx.admin.cookie);
    const all = await sold();
    expect(all.json().items.map((t: { ticketNumber: string }) => t.ticketNumber)).toEqual(numbers);
    const one = await sold(`?number=${numbers[0]}`);
    expect(one.json().items).toEqual([
      { ticketNumber: numbers[0], buyerName: "María Gómez", userId: expect.any(String) },
    ]);
    const unsold = ["00", "01", "02", "03", "04"].find((n) => !numbers.includes(n)) as string;
    const none = await sold(`?number=${unsold}`);
    expect(none.json().items).toEqual([]);
    // 20 tickets: numbers have exactly 2 digits (ticketDigits); 3 are refused with the raffle's width.
    const bad = await sold("?number=012");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe("Los números de boleto deben tener exactamente 2 dígitos.");
    const short = await sold("?number=1");
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toBe(ADMIN_MESSAGES.ticketDigitsAny);
  });
});

describe("validaciones", () => {
  it("la función compartida aplica las reglas en el orden de la pantalla", () => {
    expect(externalWinnersError(null, [], 100)).toBe("Selecciona una rifa primero.");
    expect(externalWinnersError("r", [], 100)).toBe(ADMIN_MESSAGES.atLeastOneWinner);
    expect(externalWinnersError("r", [{ ticketNumber: "01", winnerName: " " }], 100)).toBe(
      "Todos los ganadores deben tener número de boleto y nombre.",
    );
    // The raffle's digits: 4 for 10,000 tickets (the spec's message), 2 for 100, 3 for 1,000.
    expect(externalWinnersError("r", [{ ticketNumber: "12", winnerName: "A" }], 10_000)).toBe(
      "Los números de boleto deben tener exactamente 4 dígitos.",
    );
    expect(externalWinnersError("r", [{ ticketNumber: "012", winnerName: "A" }], 100)).toBe(
      "Los números de boleto deben tener exactamente 2 dígitos.",
    );
    expect(externalWinnersError("r", [{ ticketNumber: "12", winnerName: "A" }], 1000)).toBe(
      "Los números de boleto deben tener exactamente 3 dígitos.",
    );
    expect(externalWinnersError("r", [{ ticketNumber: "012", winnerName: "A" }], 1000)).toBeNull();
    // Before the raffle is known (the request body alone) any raffle's width passes.
    expect(externalWinnersError("r", [{ ticketNumber: "1", winnerName: "A" }], null)).toBe(
      ADMIN_MESSAGES.ticketDigitsAny,
    );
    expect(
      externalWinnersError(
        "r",
        [
          { ticketNumber: "12", winnerName: "A" },
          { ticketNumber: "12", winnerName: "B" },
          { ticketNumber: "99", winnerName: "C" },
          { ticketNumber: "99", winnerName: "D" },
        ],
        100,
      ),
    ).toBe("Los siguientes números están duplicados: 12, 99.");
    expect(externalWinnersError("r", [{ ticketNumber: "12", winnerName: "A", level: 1 }], 100)).toBeNull();
  });

  it("el endpoint responde cada mensaje y no guarda nada", async () => {
    const { raffle } = await raffleWithBuyer("Validaciones");
    const cases: Array<[unknown, string]> = [
      [{ winners: [] }, ADMIN_MESSAGES.atLeastOneWinner],
      [{}, ADMIN_MESSAGES.atLeastOneWinner],
      [{ winners: [{ ticketNumber: "", winnerName: "Ana" }] }, ADMIN_MESSAGES.winnerFieldsRequired],
      [{ winners: [{ ticketNumber: "1a34", winnerName: "Ana" }] }, ADMIN_MESSAGES.ticketDigitsAny],
      // 4 digits for a 20-ticket raffle: refused once the raffle is known, with its width.
      [
        { winners: [{ ticketNumber: "0007", winnerName: "Ana" }] },
        "Los números de boleto deben tener exactamente 2 dígitos.",
      ],
      [
        {
          winners: [
            { ticketNumber: "07", winnerName: "Ana" },
            { ticketNumber: "07", winnerName: "Luis" },
          ],
        },
        "Los siguientes números están duplicados: 07.",
      ],
      [{ winners: [{ level: 3, ticketNumber: "07", winnerName: "Ana" }] }, ADMIN_MESSAGES.levelUnknown(3)],
      [
        {
          winners: [
            { level: 1, ticketNumber: "07", winnerName: "Ana" },
            { level: 1, ticketNumber: "08", winnerName: "Luis" },
          ],
        },
        ADMIN_MESSAGES.levelFull(1, 1),
      ],
    ];
    for (const [body, message] of cases) {
      const response = await register(raffle.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.message, JSON.stringify(body)).toBe(message);
    }
    expect(await db().select().from(winners).where(eq(winners.raffleId, raffle.id))).toHaveLength(0);
    const unknown = await call(
      ctx.t,
      "POST",
      "/api/admin/raffles/00000000-0000-4000-8000-000000000000/external-winners",
      ctx.admin.cookie,
      { winners: [{ ticketNumber: "01", winnerName: "A" }] },
    );
    expect(unknown.statusCode).toBe(404);
  });
});

describe("registro", () => {
  it("guarda los ganadores, vincula boletos vendidos, finaliza la rifa y avisa", async () => {
    const { buyer, raffle, numbers } = await raffleWithBuyer("Carla Ruiz", false);
    const other = await createUser(ctx.t.app);
    const otherProof = await insertProof(db(), {
      userId: other.id,
      raffleId: raffle.id,
      quantityOfTickets: 2,
    });
    const otherTickets = (
      await call(ctx.t, "POST", `/api/admin/proofs/${otherProof.id}/approve`, ctx.admin.cookie)
    ).json().tickets as string[];
    await setRaffleState(db(), raffle.id, "frozen");
    const outside = ["00", "01", "02", "03", "04", "05", "06"].find(
      (n) => !numbers.includes(n) && !otherTickets.includes(n),
    ) as string;

    const response = await register(raffle.id, {
      winners: [
        { level: 2, ticketNumber: outside, winnerName: "Vecino Externo" },
        { level: 1, ticketNumber: numbers[1], winnerName: "Carla Ruiz" },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      raffleId: raffle.id,
      status: "finished",
      winners: [
        {
          ticketNumber: numbers[1],
          winnerName: "Carla Ruiz",
          prizeLevel: 1,
          prizeDescription: "Moto",
          source: "external",
        },
        {
          ticketNumber: outside,
          winnerName: "Vecino Externo",
          prizeLevel: 2,
          prizeDescription: "Bono 50 USD",
        },
      ],
    });
    const rows = await db().select().from(winners).where(eq(winners.raffleId, raffle.id));
    const linked = rows.find((w) => w.prizeLevel === 1);
    const [ticket] = await db()
      .select()
      .from(tickets)
      .where(eq(tickets.id, linked?.ticketId as string));
    expect(linked).toMatchObject({ userId: buyer.id, source: "external" });
    expect(ticket?.ticketNumber).toBe(Number(numbers[1]));
    expect(rows.find((w) => w.prizeLevel === 2)).toMatchObject({ userId: null, ticketId: null });

    const row = await raffleRow(db(), raffle.id);
    expect(row).toMatchObject({
      status: "finished",
      winnerId: buyer.id,
      winnerName: "Carla Ruiz",
      winningTicketNumber: Number(numbers[1]),
    });
    const won = await db().select().from(notifications).where(eq(notifications.userId, buyer.id));
    expect(won.filter((n) => n.type === "raffle_won")).toHaveLength(1);
    expect(won.filter((n) => n.type === "raffle_announcement")).toHaveLength(0);
    const told = await db().select().from(notifications).where(eq(notifications.userId, other.id));
    expect(told.filter((n) => n.type === "raffle_announcement")).toHaveLength(1);

    const [audit] = await db().select().from(auditLog).where(eq(auditLog.action, "raffle.external_winners"));
    expect(audit).toMatchObject({ entityId: raffle.id, actorId: ctx.admin.id });

    // Public pages show them.
    const publicDetail = (await call(ctx.t, "GET", `/api/raffles/${raffle.id}`)).json();
    expect(publicDetail.winners).toHaveLength(2);

    // A second registration is refused: winners are recorded (and announced) once.
    const again = await register(raffle.id, { winners: [{ ticketNumber: outside, winnerName: "Otro" }] });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(ADMIN_MESSAGES.winnersAlreadyRegistered);
  });

  it("una rifa interna (la sortea la plataforma) no admite ganadores externos: 409 y nada guardado", async () => {
    const { raffle, numbers } = await raffleWithBuyer("Interna", true, "internal");
    const before = await raffleRow(db(), raffle.id);
    const response = await register(raffle.id, {
      winners: [{ level: 1, ticketNumber: numbers[0], winnerName: "Interna" }],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toEqual({
      code: "RAFFLE_NOT_EXTERNAL",
      message: ERROR_MESSAGES.RAFFLE_NOT_EXTERNAL,
    });
    expect(await db().select().from(winners).where(eq(winners.raffleId, raffle.id))).toHaveLength(0);
    const after = await raffleRow(db(), raffle.id);
    expect(after).toMatchObject({ status: before?.status, winnerName: null, winningTicketNumber: null });
    const audits = await db().select().from(auditLog).where(eq(auditLog.entityId, raffle.id));
    expect(audits.filter((a) => a.action === "raffle.external_winners")).toHaveLength(0);
  });

  it("dos registros simultáneos: solo uno gana", async () => {
    const { raffle, numbers } = await raffleWithBuyer("Simultáneo");
    const body = { winners: [{ ticketNumber: numbers[0], winnerName: "Simultáneo" }] };
    const responses = await Promise.all([register(raffle.id, body), register(raffle.id, body)]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await db().select().from(winners).where(eq(winners.raffleId, raffle.id))).toHaveLength(1);
  });
});
