import { countText } from "@rifazo/shared/domain/plural";
// The demo's community and editorial content: notifications, favourites and follows of the demo users,
// testimonials, live broadcasts and the settings an administrator would fill in.
import { formatTicketNumber } from "@rifazo/shared/domain/tickets";
import type { Executor } from "../db/client";
import {
  liveBroadcasts,
  notifications,
  raffleSubscriptions,
  settings,
  testimonials,
  userFavorites,
} from "../db/schema";
import { DEMO_EXCHANGE_RATE, DEMO_PAYMENT_ACCOUNTS } from "./demo-data";
import { DEMO_BROADCASTS, DEMO_TESTIMONIALS } from "./demo-editorial";
import { DAY, HOUR, type Plan } from "./demo-plan";

export interface ContentInput {
  plan: Plan;
  now: Date;
  adminId: string | null;
  /** The id of a demo user by its key in demo-data.ts. */
  userId: (key: string) => string;
  /** Maria's level once her approvals are in (her level-up notification names it). */
  mariaLevel: string;
}

/** Writes the demo's content; editorial tables and settings only when empty, so an admin's own stay. */
export async function seedContent(tx: Executor, input: ContentInput): Promise<void> {
  // Notifications, favourites and follows
  await tx.insert(notifications).values(demoNotifications(input));
  await seedFavoritesAndFollows(tx, input);
  await seedEditorial(tx, input.now);
  await seedSettings(tx, input);
}

/** The demo users' notifications: approvals, a rejection, wins, a raffle about to open. */
function demoNotifications(input: ContentInput): (typeof notifications.$inferInsert)[] {
  const { plan, now, userId } = input;
  const byKey = (key: string) => plan.raffles.find((r) => r.def.key === key);
  const electro = byKey("electro");
  const note: (typeof notifications.$inferInsert)[] = [];
  const mariaApproved = plan.proofs.find((p) => p.userKey === "maria" && p.status === "approved");
  if (mariaApproved?.raffle) {
    note.push({
      userId: userId("maria"),
      title: "¡Pago aprobado!",
      message: `Tu comprobante para «${mariaApproved.raffle.def.title}» fue aprobado. Tus ${countText(mariaApproved.quantity, "boleto", "boletos")} ya están asignados.`,
      type: "payment_approved",
      linkTo: "/perfil/pagos",
      isRead: true,
      createdAt: mariaApproved.reviewedAt ?? now,
    });
  }
  note.push({
    userId: userId("maria"),
    title: `¡Subiste a Nivel ${input.mariaLevel}!`,
    message: "Gracias por participar en Rifazo. Revisa los nuevos beneficios de tu nivel en el Rifazo Club.",
    type: "level_up",
    linkTo: "/rifazo-club",
    isRead: false,
    createdAt: new Date(now.getTime() - 2 * DAY),
  });
  if (electro) {
    for (const key of ["maria", "daniela", "jose"]) {
      note.push({
        userId: userId(key),
        title: "Nueva rifa en camino",
        message: `Muy pronto abre «${electro.def.title}». ¡Activa el aviso para no perdértela!`,
        type: "raffle_announcement",
        linkTo: "/proximamente",
        isRead: false,
        createdAt: new Date(now.getTime() - 6 * HOUR),
      });
    }
  }
  const luisRejected = plan.proofs.find((p) => p.userKey === "luis" && p.status === "rejected");
  if (luisRejected?.raffle) {
    note.push({
      userId: userId("luis"),
      title: "Comprobante rechazado",
      message: `Tu comprobante para «${luisRejected.raffle.def.title}» fue rechazado: ${luisRejected.adminNotes ?? ""}`,
      type: "payment_rejected",
      linkTo: "/perfil/pagos",
      isRead: false,
      createdAt: luisRejected.reviewedAt ?? now,
    });
  }
  for (const w of plan.winners) {
    if (w.level !== 1) continue;
    note.push({
      userId: userId(w.userKey),
      title: "¡Ganaste una rifa!",
      message: `Tu boleto ${formatTicketNumber(w.ticketNumber, w.raffle.def.totalTickets)} ganó «${w.description}» en «${w.raffle.def.title}». Te contactaremos para coordinar la entrega.`,
      type: "raffle_won",
      linkTo: `/sorteo/${w.raffle.id}`,
      isRead: false,
      createdAt: w.announcedAt,
    });
  }
  note.push({
    userId: userId("ana"),
    title: "Bienvenida al Rifazo Club",
    message:
      "Hola, Ana. Ya eres parte del Rifazo Club: cada pago aprobado suma RifaPuntos que puedes canjear por boletos y premios.",
    type: "admin_message",
    isRead: false,
    createdAt: new Date(now.getTime() - 4 * DAY),
  });
  return note;
}

/** Who likes and who follows which raffle. */
async function seedFavoritesAndFollows(tx: Executor, input: ContentInput): Promise<void> {
  const { plan, userId } = input;
  const byKey = (key: string) => plan.raffles.find((r) => r.def.key === key);
  const electro = byKey("electro");
  const favorites = [
    ["maria", "moto"],
    ["maria", "iphone"],
    ["maria", "electro"],
    ["jose", "moto"],
    ["jose", "bono"],
    ["ana", "roques"],
    ["carolina", "laptop"],
  ] as const;
  await tx.insert(userFavorites).values(
    favorites.flatMap(([user, key]) => {
      const raffle = byKey(key);
      return raffle ? [{ userId: userId(user), raffleId: raffle.id }] : [];
    }),
  );
  const consola = byKey("consola");
  const follows = [
    electro ? { userId: userId("maria"), raffleId: electro.id } : null,
    consola ? { userId: userId("daniela"), raffleId: consola.id } : null,
    consola ? { userId: userId("miguel"), raffleId: consola.id } : null,
  ].filter((f) => f !== null);
  if (follows.length > 0) await tx.insert(raffleSubscriptions).values(follows);
}

async function seedEditorial(tx: Executor, now: Date): Promise<void> {
  // Public editorial content: like the rewards, only into empty tables, so an admin's own is kept.
  const hasTestimonials = (await tx.select({ id: testimonials.id }).from(testimonials).limit(1)).length > 0;
  if (!hasTestimonials) {
    await tx
      .insert(testimonials)
      .values(DEMO_TESTIMONIALS.map((t) => ({ ...t, createdAt: new Date(`${t.date}T16:00:00Z`) })));
  }
  const hasBroadcasts = (await tx.select({ id: liveBroadcasts.id }).from(liveBroadcasts).limit(1)).length > 0;
  if (!hasBroadcasts) {
    await tx.insert(liveBroadcasts).values(
      DEMO_BROADCASTS.map((b, i) => ({
        ...b,
        sortOrder: (i + 1) * 10,
        createdAt: new Date(now.getTime() - 40 * DAY),
        updatedAt: new Date(now.getTime() - 40 * DAY),
      })),
    );
  }
}

async function seedSettings(tx: Executor, input: ContentInput): Promise<void> {
  const { now, adminId } = input;
  // Settings an admin would normally fill in; kept if they already exist.
  await tx
    .insert(settings)
    .values([
      { key: "payment_accounts", value: DEMO_PAYMENT_ACCOUNTS, updatedBy: adminId },
      {
        key: "exchange_rate",
        value: { rate: DEMO_EXCHANGE_RATE, date: now.toISOString().slice(0, 10), source: "BCV" },
        updatedBy: adminId,
      },
    ])
    .onConflictDoNothing();
}
