import { ADMIN_MESSAGES, CLAIM_PERIOD_MESSAGES } from "@rifazo/shared";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  call,
  createRaffle,
  expectAdminOnly,
  raffleBody,
  useAdminTest,
} from "../../../../test/admin-fixtures";
import { insertProof, raffleRow } from "../../../../test/fixtures";
import {
  auditLog,
  events,
  images,
  notifications,
  prizeLevels,
  raffleSubscriptions,
  raffles,
  tickets,
} from "../../../db/schema";
import { generateTicketPool, scheduleTicketPool, waitForTicketPools } from "./ticket-pool";

const ctx = useAdminTest();

const post = (payload: unknown) => call(ctx.t, "POST", "/api/admin/raffles", ctx.admin.cookie, payload);
const patch = (id: string, payload: unknown) =>
  call(ctx.t, "PATCH", `/api/admin/raffles/${id}`, ctx.admin.cookie, payload);

describe("guardia de las rutas de rifas", () => {
  it("401 para visitantes y 403 ADMIN_ONLY para usuarios en cada endpoint", async () => {
    const { id } = await createRaffle(ctx, { totalTickets: 10 });
    await expectAdminOnly(ctx, "GET", "/api/admin/raffles");
    await expectAdminOnly(ctx, "GET", `/api/admin/raffles/${id}`);
    await expectAdminOnly(ctx, "POST", "/api/admin/raffles", raffleBody());
    await expectAdminOnly(ctx, "PATCH", `/api/admin/raffles/${id}`, { title: "Hack" });
    await expectAdminOnly(ctx, "DELETE", `/api/admin/raffles/${id}`);
    expect((await raffleRow(ctx.t.app.ctx.db, id)).title).toBe("Moto Bera 2026");
  });

  it("el administrador lista y ve el detalle", async () => {
    const { id } = await createRaffle(ctx, { title: "Detalle", totalTickets: 20 });
    const list = await call(ctx.t, "GET", "/api/admin/raffles", ctx.admin.cookie);
    expect(list.statusCode).toBe(200);
    const item = list.json().items.find((r: { id: string }) => r.id === id);
    expect(item).toMatchObject({
      title: "Detalle",
      soldTickets: 0,
      pendingTickets: 0,
      ticketsGenerated: true,
    });
    const detail = await call(ctx.t, "GET", `/api/admin/raffles/${id}`, ctx.admin.cookie);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().prizeLevels).toEqual([
      { level: 1, description: "Moto Bera", winnerCount: 1, prizeValue: null, cashCurrency: null },
    ]);
    const missing = await call(ctx.t, "GET", "/api/admin/raffles/no-es-uuid", ctx.admin.cookie);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe("Rifa no encontrada.");
  });
});

describe("crear rifa", () => {
  it("no genera semilla (el sorteo v2 usa drand) y genera 10000 boletos en una sola sentencia", async () => {
    const response = await post(raffleBody({ totalTickets: 10_000, title: "Pool completo" }));
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json();
    expect(created.totalTickets).toBe(10_000);
    expect(JSON.stringify(created)).not.toContain('drawSeed"');
    await waitForTicketPools(ctx.t.app.ctx);

    const db = ctx.t.app.ctx.db;
    const row = await raffleRow(db, created.id);
    // No server secret decides a draw (docs/decisions/0021-blind-decisions.md); the seed column stays for
    // v1 rows only.
    expect(row.drawSeed).toBeNull();
    expect(row.drawSeedCommitment).toBeNull();
    expect(created.drawSeedCommitment).toBeNull();
    expect(row.ticketsGenerated).toBe(true);
    expect(row.createdBy).toBe(ctx.admin.id);

    const [stats] = await db
      .select({
        total: sql<number>`count(*)::int`,
        distinct: sql<number>`count(DISTINCT ${tickets.ticketNumber})::int`,
        min: sql<number>`min(${tickets.ticketNumber})`,
        max: sql<number>`max(${tickets.ticketNumber})`,
        available: sql<number>`count(*) FILTER (WHERE ${tickets.status} = 'available')::int`,
        // Same transaction id and same command id on every row: one statement wrote them all.
        transactions: sql<number>`count(DISTINCT xmin::text)::int`,
        commands: sql<number>`count(DISTINCT cmin::text)::int`,
      })
      .from(tickets)
      .where(eq(tickets.raffleId, created.id));
    expect(stats).toEqual({
      total: 10_000,
      distinct: 10_000,
      min: 0,
      max: 9999,
      available: 10_000,
      transactions: 1,
      commands: 1,
    });

    const publicDetail = await call(ctx.t, "GET", `/api/raffles/${created.id}`);
    expect(publicDetail.json().drawSeed).toBeNull();
    expect(publicDetail.json().drawSeedCommitment).toBeNull();

    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "raffle"), eq(auditLog.entityId, created.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: ctx.admin.id, action: "raffle.create" });
    expect(JSON.stringify(audit[0]?.after)).not.toContain("drawSeed");

    const raffleEvents = await db.select().from(events).where(eq(events.topic, "raffle")).orderBy(events.id);
    const changes = raffleEvents
      .filter((e) => (e.payload as { id?: string }).id === created.id)
      .map((e) => (e.payload as { change: string }).change);
    expect(changes).toEqual(["created", "tickets_generated"]);
  });

  it("generar el lote otra vez no duplica boletos", async () => {
    const { id } = await createRaffle(ctx, { totalTickets: 30 });
    await ctx.t.app.ctx.db.update(raffles).set({ ticketsGenerated: false }).where(eq(raffles.id, id));
    expect(await generateTicketPool(ctx.t.app.ctx, id)).toBe(true);
    const [row] = await ctx.t.app.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(tickets)
      .where(eq(tickets.raffleId, id));
    expect(row?.n).toBe(30);
  });

  it("si la generación falla, se registra y se reintenta una vez", async () => {
    const real = ctx.t.app.ctx;
    const [row] = await real.db
      .insert(raffles)
      .values({ title: "Reintento", price: 1, totalTickets: 25 })
      .returning({ id: raffles.id });
    const id = row?.id as string;
    let attempts = 0;
    const errors: unknown[] = [];
    const flakyDb = new Proxy(real.db, {
      get(target, prop, receiver) {
        if (prop !== "transaction") return Reflect.get(target, prop, receiver);
        return (fn: Parameters<typeof target.transaction>[0]) => {
          attempts += 1;
          return attempts === 1 ? Promise.reject(new Error("conexión perdida")) : target.transaction(fn);
        };
      },
    });
    const log = { ...real.log, error: (obj: unknown) => errors.push(obj), warn: () => {} } as typeof real.log;
    await scheduleTicketPool({ db: flakyDb, events: real.events, log }, id);
    expect(attempts).toBe(2);
    expect(errors).toHaveLength(1);
    expect((await raffleRow(real.db, id)).ticketsGenerated).toBe(true);
    const [count] = await real.db
      .select({ n: sql<number>`count(*)::int` })
      .from(tickets)
      .where(eq(tickets.raffleId, id));
    expect(count?.n).toBe(25);
  });

  it("aplica valores por defecto y respaldos", async () => {
    const response = await post({
      title: "  iPhone 16  ",
      price: "12,50",
      totalTickets: "10.000",
      endDate: "2030-01-10T18:30",
      prizeLevels: [
        { level: 7, description: "iPhone 16 Pro", winnerCount: "1", prizeValue: "1.200" },
        { level: 3, description: "AirPods", winnerCount: 2, prizeValue: "" },
      ],
      paymentMethods: " Zelle, ,Pago Móvil , zelle",
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      title: "iPhone 16",
      description: "iPhone 16 Pro",
      imageAlt: "iPhone 16",
      price: 12.5,
      currency: "USD",
      totalTickets: 10_000,
      status: "upcoming",
      isFeatured: false,
      activationType: "date",
      activationPercentage: null,
      // A datetime-local value is Venezuelan time (UTC−4).
      endDate: "2030-01-10T22:30:00.000Z",
      paymentMethods: ["Zelle", "Pago Móvil"],
      announcementType: "internal",
      externalAnnouncementPlatform: null,
      prizeLevels: [
        { level: 1, description: "iPhone 16 Pro", winnerCount: 1, prizeValue: 1200 },
        { level: 2, description: "AirPods", winnerCount: 2, prizeValue: null },
      ],
    });
    const noDescription = await post(
      raffleBody({ description: "", prizeLevels: [{ description: "", winnerCount: 1 }] }),
    );
    expect(noDescription.statusCode).toBe(400);
    const fallback = await post(raffleBody({ description: " ", paymentMethods: [] }));
    expect(fallback.json().description).toBe("Moto Bera");
    expect(fallback.json().paymentMethods).toEqual(["Pago Móvil", "Zelle", "Binance Pay"]);
    await waitForTicketPools(ctx.t.app.ctx);
  });

  it("lista los campos a corregir en un solo mensaje", async () => {
    const response = await post({ price: 0, prizeLevels: [{ description: "", winnerCount: 0 }] });
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe("VALIDATION");
    expect(error.message).toBe(
      "Por favor, completa o corrige: Nombre de la Rifa, Precio, Total de Boletos, Fecha y Hora del Sorteo, Descripción del Nivel 1, Ganadores del Nivel 1.",
    );
    expect(error.fields).toMatchObject({
      title: "El nombre de la rifa es obligatorio.",
      "prizeLevels.0.winnerCount": "La cantidad de ganadores debe ser un número entero mayor o igual a 1.",
    });
  });

  it("aplica cada regla del formulario", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ prizeLevels: [] }, ADMIN_MESSAGES.atLeastOneLevel],
      [
        { totalTickets: 2, prizeLevels: [{ description: "A", winnerCount: 3 }] },
        ADMIN_MESSAGES.winnersExceedTickets,
      ],
      [{ price: 0.001 }, "Por favor, completa o corrige: Precio."],
      // es-VE: "10,555" has three decimals; "10.555" would be 10 555 (thousands), a valid price.
      [{ price: "10,555" }, "Por favor, completa o corrige: Precio."],
      [{ price: "1,194.56" }, "Por favor, completa o corrige: Precio."],
      [{ totalTickets: 10_001 }, "Por favor, completa o corrige: Total de Boletos."],
      [{ totalTickets: 0 }, "Por favor, completa o corrige: Total de Boletos."],
      [{ currency: "EUR" }, "Por favor, completa o corrige: Moneda."],
      [{ status: "borrador" }, "Por favor, completa o corrige: Estado."],
      [{ endDate: null }, "Por favor, completa o corrige: Fecha y Hora del Sorteo."],
      [{ activationType: "percentage" }, "Por favor, completa o corrige: Porcentaje de Activación."],
      [
        { activationType: "percentage", activationPercentage: 101 },
        "Por favor, completa o corrige: Porcentaje de Activación.",
      ],
      [{ announcementType: "external" }, "Por favor, completa o corrige: Plataforma del Anuncio."],
      [
        {
          announcementType: "external",
          externalAnnouncementPlatform: "Instagram Live",
          externalAnnouncementUrl: "javascript:alert(1)",
        },
        "Por favor, completa o corrige: URL del Anuncio.",
      ],
      [{ prizeImage: "https://otro-sitio.com/x.png" }, "Por favor, completa o corrige: Imagen del Premio."],
      [{ title: 42 }, "Por favor, completa o corrige: Nombre de la Rifa."],
      [
        { prizeImage: "/api/images/00000000-0000-4000-8000-000000000000" },
        "Por favor, completa o corrige: Imagen 1.",
      ],
    ];
    for (const [overrides, message] of cases) {
      const response = await post(raffleBody(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json().error.message, JSON.stringify(overrides)).toBe(message);
    }
  });

  it("al cambiar el tipo de activación se limpia el otro campo; anuncio interno sin datos externos", async () => {
    const percentage = await post(
      raffleBody({
        activationType: "percentage",
        activationPercentage: 80,
        announcementType: "internal",
        externalAnnouncementPlatform: "Radio",
        externalAnnouncementUrl: "https://radio.example.com",
      }),
    );
    expect(percentage.statusCode, percentage.body).toBe(201);
    expect(percentage.json()).toMatchObject({
      activationType: "percentage",
      activationPercentage: 80,
      endDate: null,
      externalAnnouncementPlatform: null,
      externalAnnouncementUrl: null,
    });
    const external = await post(
      raffleBody({
        activationPercentage: 50,
        announcementType: "external",
        externalAnnouncementPlatform: "YouTube Live",
        externalAnnouncementDetails: "Domingo 8 p. m.",
      }),
    );
    expect(external.json()).toMatchObject({
      activationPercentage: null,
      externalAnnouncementPlatform: "YouTube Live",
      externalAnnouncementDetails: "Domingo 8 p. m.",
      externalAnnouncementUrl: null,
    });
    await waitForTicketPools(ctx.t.app.ctx);
  });
});

describe("editar rifa", () => {
  it("edita solo lo enviado, renumera niveles y cambia el tipo de activación", async () => {
    const { id } = await createRaffle(ctx, { totalTickets: 50 });
    const response = await patch(id, {
      title: "Moto renovada",
      prizeLevels: [
        { level: 2, description: "Casco", winnerCount: 2 },
        { level: 5, description: "Moto", winnerCount: 1 },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      title: "Moto renovada",
      description: "Una moto nueva",
      price: 5,
      prizeLevels: [
        { level: 1, description: "Casco", winnerCount: 2, prizeValue: null },
        { level: 2, description: "Moto", winnerCount: 1, prizeValue: null },
      ],
    });
    const levels = await ctx.t.app.ctx.db.select().from(prizeLevels).where(eq(prizeLevels.raffleId, id));
    expect(levels).toHaveLength(2);

    const switched = await patch(id, { activationType: "percentage", activationPercentage: 60 });
    expect(switched.json()).toMatchObject({
      activationType: "percentage",
      activationPercentage: 60,
      endDate: null,
    });
    const back = await patch(id, { activationType: "date" });
    expect(back.statusCode).toBe(400);
    expect(back.json().error.message).toBe("Por favor, completa o corrige: Fecha y Hora del Sorteo.");

    const audit = await ctx.t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, "raffle.update")))
      .orderBy(auditLog.id);
    expect(audit).toHaveLength(2);
    expect(audit[0]?.before).toMatchObject({ title: "Moto Bera 2026" });
    expect(audit[0]?.after).toMatchObject({ title: "Moto renovada" });
  });

  it("el total de boletos no se puede editar", async () => {
    const { id } = await createRaffle(ctx, { totalTickets: 40 });
    const response = await patch(id, { totalTickets: 41 });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(ADMIN_MESSAGES.totalTicketsLocked);
    expect((await patch(id, { totalTickets: 40, title: "Igual" })).statusCode).toBe(200);
  });

  it("con una venta o un pago en revisión, precio, moneda y activación quedan fijos y la fecha solo se pospone", async () => {
    const { id } = await createRaffle(ctx, { totalTickets: 40 });
    expect((await patch(id, { price: 6 })).statusCode).toBe(200);
    await insertProof(ctx.t.app.ctx.db, {
      userId: ctx.user.id,
      raffleId: id,
      amount: 12,
      quantityOfTickets: 2,
    });

    for (const body of [
      { price: 7 },
      { currency: "VES" },
      { activationType: "percentage", activationPercentage: 50 },
    ]) {
      const response = await patch(id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(409);
      expect(response.json().error).toEqual({ code: "RAFFLE_LOCKED", message: ADMIN_MESSAGES.saleLocked });
    }
    const earlier = await patch(id, { endDate: "2030-05-01T20:00:00.000Z" });
    expect(earlier.statusCode).toBe(409);
    expect(earlier.json().error.message).toBe(ADMIN_MESSAGES.drawDateEarlier);
    const later = await patch(id, { endDate: "2030-07-01T20:00:00.000Z", price: 6, title: "Pospuesta" });
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json()).toMatchObject({ title: "Pospuesta", hasSales: true, pendingTickets: 2 });

    // A percentage raffle sold out by approvals keeps its percentage.
    const sold = await createRaffle(ctx, {
      totalTickets: 10,
      activationType: "percentage",
      activationPercentage: 50,
    });
    await ctx.t.app.ctx.db.update(raffles).set({ soldTickets: 1 }).where(eq(raffles.id, sold.id));
    expect((await patch(sold.id, { activationPercentage: 40 })).statusCode).toBe(409);
    expect((await patch(sold.id, { activationPercentage: 50, isFeatured: true })).statusCode).toBe(200);
  });

  it("plazo de reclamo: 7 días por defecto, de 1 a 365, público en la rifa y fijo desde la primera venta (servicio y trigger)", async () => {
    const { id } = await createRaffle(ctx, { totalTickets: 40 });
    const db = ctx.t.app.ctx.db;
    expect((await raffleRow(db, id)).claimPeriodDays).toBe(7);
    for (const claimPeriodDays of [0, 366, 2.5, "siete"]) {
      const bad = await patch(id, { claimPeriodDays });
      expect(bad.statusCode, String(claimPeriodDays)).toBe(400);
      expect(bad.json().error.fields).toEqual({ claimPeriodDays: CLAIM_PERIOD_MESSAGES.invalid });
    }
    const created = await post(raffleBody({ title: "Plazo corto", claimPeriodDays: 1 }));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().claimPeriodDays).toBe(1);
    const edited = await patch(id, { claimPeriodDays: 30 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().claimPeriodDays).toBe(30);
    // Visitors read it on the raffle (the page shows it in the rules); only the admin may change it.
    const publicView = await ctx.t.app.inject({ method: "GET", url: `/api/raffles/${id}` });
    expect(publicView.json().claimPeriodDays).toBe(30);
    await expectAdminOnly(ctx, "PATCH", `/api/admin/raffles/${id}`, { claimPeriodDays: 3 });

    await insertProof(db, { userId: ctx.user.id, raffleId: id, amount: 12, quantityOfTickets: 2 });
    const locked = await patch(id, { claimPeriodDays: 10 });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().error).toEqual({ code: "RAFFLE_LOCKED", message: CLAIM_PERIOD_MESSAGES.locked });
    expect((await patch(id, { claimPeriodDays: 30, title: "Mismo plazo" })).statusCode).toBe(200);
    expect((await raffleRow(db, id)).claimPeriodDays).toBe(30);

    // The database refuses it too once a ticket is sold (a bug past the service, or a direct UPDATE).
    await db.update(raffles).set({ soldTickets: 1 }).where(eq(raffles.id, id));
    await expect(db.update(raffles).set({ claimPeriodDays: 2 }).where(eq(raffles.id, id))).rejects.toThrow();
    expect((await raffleRow(db, id)).claimPeriodDays).toBe(30);
  });

  it("al activarse avisa a los suscriptores", async () => {
    const { id } = await createRaffle(ctx, { status: "upcoming", totalTickets: 10 });
    await ctx.t.app.ctx.db.insert(raffleSubscriptions).values({ userId: ctx.user.id, raffleId: id });
    const response = await patch(id, { status: "active" });
    expect(response.statusCode).toBe(200);
    const rows = await ctx.t.app.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, ctx.user.id), eq(notifications.linkTo, `/rifas/${id}`)));
    expect(rows).toHaveLength(1);
  });
});

describe("eliminar rifa", () => {
  it("se niega si la rifa tiene comprobantes de pago: archívala", async () => {
    const { id } = await createRaffle(ctx, { totalTickets: 10 });
    await insertProof(ctx.t.app.ctx.db, { userId: ctx.user.id, raffleId: id, status: "rejected" });
    const response = await call(ctx.t, "DELETE", `/api/admin/raffles/${id}`, ctx.admin.cookie);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toEqual({
      code: "RAFFLE_HAS_SALES",
      message: "Esta rifa tiene ventas: archívala en lugar de eliminarla.",
    });
  });

  it("una rifa ya publicada (a la venta) no se elimina aunque no tenga ventas: su acta es pública", async () => {
    const { id } = await createRaffle(ctx, { totalTickets: 10 });
    const response = await call(ctx.t, "DELETE", `/api/admin/raffles/${id}`, ctx.admin.cookie);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toEqual({
      code: "RAFFLE_LOCKED",
      message:
        "Esta rifa ya tiene acta pública (se publicó al ponerla a la venta) y no se puede eliminar: cancélala.",
    });
    expect((await call(ctx.t, "GET", `/api/raffles/${id}/record`)).statusCode).toBe(200);
  });

  it("elimina la rifa próxima con sus boletos y deja auditoría", async () => {
    const { id } = await createRaffle(ctx, { totalTickets: 15, status: "upcoming" });
    const response = await call(ctx.t, "DELETE", `/api/admin/raffles/${id}`, ctx.admin.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    const db = ctx.t.app.ctx.db;
    expect(await db.select().from(raffles).where(eq(raffles.id, id))).toHaveLength(0);
    expect(await db.select().from(tickets).where(eq(tickets.raffleId, id))).toHaveLength(0);
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, "raffle.delete")));
    expect(audit?.before).toMatchObject({ title: "Moto Bera 2026" });
    expect((await call(ctx.t, "DELETE", `/api/admin/raffles/${id}`, ctx.admin.cookie)).statusCode).toBe(404);
  });
});

describe("total de boletos e imágenes del premio", () => {
  it("sin total de boletos no se crea: 400 en español (ya no hay 10000 por defecto)", async () => {
    const response = await post(raffleBody({ totalTickets: undefined }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe("Por favor, completa o corrige: Total de Boletos.");
    expect(response.json().error.fields.totalTickets).toMatch(/^Elige cuántos boletos tiene la rifa/);
  });

  async function galleryImages(count: number): Promise<string[]> {
    const rows = await ctx.t.app.ctx.db
      .insert(images)
      .values(
        Array.from({ length: count }, (_, i) => ({
          name: `premio-${i}.png`,
          storageKey: `gallery/premio-${i}-${Math.random()}.png`,
          contentType: "image/png",
          size: 10,
        })),
      )
      .returning({ id: images.id });
    return rows.map((row) => `/api/images/${row.id}`);
  }

  it("guarda varias imágenes en orden, la primera es la portada, y el visitante las ve", async () => {
    const [a, b, c] = await galleryImages(3);
    const created = await post(
      raffleBody({
        title: "Moto con fotos",
        images: [
          { url: b, alt: "Moto de frente" },
          { url: a, alt: "" },
          { url: c, alt: "Tablero" },
        ],
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const expected = [
      { url: b, alt: "Moto de frente" },
      { url: a, alt: "Moto con fotos, imagen 2" },
      { url: c, alt: "Tablero" },
    ];
    expect(created.json()).toMatchObject({ prizeImage: b, imageAlt: "Moto de frente", images: expected });
    const id = created.json().id as string;

    // Reordered and one removed: the order sent is the order kept, the cover follows.
    const edited = await patch(id, {
      images: [
        { url: c, alt: "Tablero" },
        { url: b, alt: "Moto de frente" },
      ],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      prizeImage: c,
      imageAlt: "Tablero",
      images: [
        { url: c, alt: "Tablero" },
        { url: b, alt: "Moto de frente" },
      ],
    });

    const visitor = await ctx.t.app.inject({ method: "GET", url: `/api/raffles/${id}` });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json().images).toEqual([
      { url: c, alt: "Tablero" },
      { url: b, alt: "Moto de frente" },
    ]);
    expect(visitor.json().prizeImage).toBe(c);

    // An image in the list (not the cover) cannot be deleted from the gallery.
    const inUse = await call(ctx.t, "DELETE", `/api/admin/images/${b?.split("/").pop()}`, ctx.admin.cookie);
    expect(inUse.statusCode).toBe(409);
  });

  it("rechaza más de 8, repetidas o inexistentes con 400 y el campo en español", async () => {
    const nine = await galleryImages(9);
    const tooMany = await post(raffleBody({ images: nine.map((url) => ({ url, alt: "x" })) }));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.fields.images).toBe("Puedes añadir como máximo 8 imágenes del premio.");

    const [a] = nine;
    const repeated = await post(
      raffleBody({
        images: [
          { url: a, alt: "" },
          { url: a, alt: "" },
        ],
      }),
    );
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json().error.message).toBe("Por favor, completa o corrige: Imagen 2.");

    const ghost = await post(
      raffleBody({
        images: [
          { url: a, alt: "" },
          { url: "/api/images/00000000-0000-4000-8000-000000000000", alt: "" },
        ],
      }),
    );
    expect(ghost.statusCode).toBe(400);
    expect(ghost.json().error.fields["images.1.url"]).toBe(
      "La imagen elegida ya no existe. Elige otra de la galería.",
    );
  });

  it("una rifa guardada con una sola imagen (prize_image) la sigue mostrando como lista de una", async () => {
    const [a] = await galleryImages(1);
    const { id } = await createRaffle(ctx, { prizeImage: a, imageAlt: "Moto roja" });
    await ctx.t.app.ctx.db.update(raffles).set({ prizeImages: [] }).where(eq(raffles.id, id));
    const visitor = await ctx.t.app.inject({ method: "GET", url: `/api/raffles/${id}` });
    expect(visitor.json().images).toEqual([{ url: a, alt: "Moto roja" }]);
    // Editing another field keeps it.
    const edited = await patch(id, { title: "Moto roja 2026" });
    expect(edited.json().images).toEqual([{ url: a, alt: "Moto roja" }]);
  });
});

describe("una rifa decidida por una lotería sale a la venta con la lotería fijada", () => {
  const lotteryRaffle = (overrides: Record<string, unknown> = {}) =>
    raffleBody({
      announcementType: "external",
      externalAnnouncementPlatform: "Instagram Live",
      lotteryDecided: true,
      ...overrides,
    });

  it("una rifa decidida por una lotería no sale a la venta sin la lotería, su fecha y la regla: crearla activa o abrirla después es 400", async () => {
    const active = await post(lotteryRaffle());
    expect(active.statusCode).toBe(400);
    expect(active.json().error.message).toContain(
      "Falta la lotería, la fecha y hora de su sorteo y la regla que convierte su resultado en un boleto",
    );
    expect(active.json().error.fields.lotteryDecided).toBeDefined();

    const upcoming = await post(lotteryRaffle({ status: "upcoming" }));
    expect(upcoming.statusCode, upcoming.body).toBe(201);
    const id = upcoming.json().id as string;
    expect(upcoming.json().lotteryDecided).toBe(true);
    const byEdit = await patch(id, { status: "active" });
    expect(byEdit.statusCode).toBe(400);
    expect(byEdit.json().error.message).toContain("Falta la lotería");
    const byAction = await call(ctx.t, "POST", `/api/admin/raffles/${id}/open`, ctx.admin.cookie);
    expect(byAction.statusCode).toBe(400);
    expect((await raffleRow(ctx.t.app.ctx.db, id)).status).toBe("upcoming");

    const bound = await call(ctx.t, "PUT", `/api/admin/raffles/${id}/external-binding`, ctx.admin.cookie, {
      externalLottery: "Lotería del Táchira, Triple A 7:00 p. m.",
      externalDrawAt: "2030-06-04T00:00:00.000Z",
      externalRule: { kind: "last_digits", digits: 2 },
    });
    expect(bound.statusCode, bound.body).toBe(200);
    const opened = await call(ctx.t, "POST", `/api/admin/raffles/${id}/open`, ctx.admin.cookie);
    expect(opened.statusCode, opened.body).toBe(200);
  });

  it("una rifa anunciada en vivo sale a la venta sin lotería, pero ya a la venta no se le vincula una", async () => {
    const live = await post(lotteryRaffle({ lotteryDecided: false }));
    expect(live.statusCode, live.body).toBe(201);
    expect(live.json().lotteryDecided).toBe(false);
    const late = await call(
      ctx.t,
      "PUT",
      `/api/admin/raffles/${live.json().id}/external-binding`,
      ctx.admin.cookie,
      {
        externalLottery: "Lotería del Táchira, Triple A 7:00 p. m.",
        externalDrawAt: "2030-06-04T00:00:00.000Z",
        externalRule: { kind: "last_digits", digits: 2 },
      },
    );
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toMatch(/^La lotería se fija antes de poner la rifa a la venta/);
  });
});
