// Demo catalogue for an empty database (SEED_DEMO, on by default): raffles in every state, buyers with
// approved, pending and rejected payments, winners, rewards, settings, testimonials and live broadcasts,
// all consistent with each other (sold counts match sold tickets, points match the ledger), so every screen
// has something real to show.
import { randomUUID } from "node:crypto";
import type { Currency, PaymentMethod } from "@rifazo/shared";
import {
  commitmentForSeed,
  createDrawTranscript,
  type DrawTranscript,
  generateSeed,
} from "@rifazo/shared/domain/draw-engine";
import { levelForPoints, pointsForApprovedAmount } from "@rifazo/shared/domain/levels";
import { hashPassword } from "better-auth/crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../context";
import type { Executor } from "../db/client";
import {
  accounts,
  images,
  liveBroadcasts,
  notifications,
  paymentProofs,
  pointsHistory,
  prizeLevels,
  raffleSubscriptions,
  raffles,
  rewardRedemptions,
  rewards,
  settings,
  testimonials,
  tickets,
  userFavorites,
  users,
  winners,
} from "../db/schema";
import { newStorageKey } from "../modules/files/file-type";
import { announceGeneratedPasswords, demoPasswords, writeDemoSeedMarker } from "./demo-accounts";
import {
  BIG_BUYERS,
  DEMO_BROADCASTS,
  DEMO_EXCHANGE_RATE,
  DEMO_PASSWORD,
  DEMO_PAYMENT_ACCOUNTS,
  DEMO_RAFFLES,
  DEMO_REWARDS,
  DEMO_TESTIMONIALS,
  DEMO_USERS,
  type DemoPurchase,
  type DemoRaffle,
  type PrizeArt,
} from "./demo-data";
import {
  PRIZE_VARIANT_WIDTHS,
  prizeArtFolder,
  type RenderedPrizeImage,
  renderPrizeImage,
} from "./prize-images";
import { renderReceipt } from "./receipt";

/** What the seed needs from the app context (the full AppContext satisfies it). */
export type SeedContext = Pick<AppContext, "db" | "storage"> & {
  log?: Pick<FastifyBaseLogger, "info" | "warn">;
};

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// Serialises concurrent first starts (several instances on one PostgreSQL): one seeds, the others see raffles.
const SEED_LOCK_SQL = sql`SELECT pg_advisory_xact_lock(724012)`;

/** Deterministic pseudo-random numbers (mulberry32), so the demo looks the same on every fresh start. */
function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const shuffle = <T>(items: T[]): T[] => {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [items[i], items[j]] = [items[j] as T, items[i] as T];
    }
    return items;
  };
  return { next, int, pick, shuffle };
}
type Random = ReturnType<typeof createRandom>;

interface PlannedRaffle {
  def: DemoRaffle;
  id: string;
  createdAt: Date;
  startDate: Date;
  endDate: Date | null;
  activatedAt: Date | null;
  /** Sales happen between these two instants. */
  salesFrom: Date;
  salesUntil: Date;
  drawSeed: string | null;
  drawCommitment: string | null;
  transcript: DrawTranscript | null;
}

interface PlannedProof {
  id: string;
  userKey: string;
  raffle: PlannedRaffle | null;
  quantity: number;
  amount: number;
  currency: Currency;
  exchangeRate: number | null;
  method: PaymentMethod;
  reference: string;
  status: "approved" | "pending" | "rejected";
  userNotes: string | null;
  adminNotes: string | null;
  createdAt: Date;
  reviewedAt: Date | null;
  ticketNumbers: number[];
  storageKey: string;
  filename: string;
  image?: Buffer;
}

interface PlannedWinner {
  raffle: PlannedRaffle;
  level: number;
  description: string;
  ticketNumber: number;
  userKey: string;
  source: "internal" | "external";
  announcedAt: Date;
}

interface Plan {
  raffles: PlannedRaffle[];
  proofs: PlannedProof[];
  winners: PlannedWinner[];
}

const USER_NOTES = [
  null,
  null,
  null,
  "Pago realizado desde mi cuenta personal.",
  "¡Suerte para todos!",
  "Transferí a las 10 de la mañana, cualquier cosa me avisan.",
  "Es para mí y para mi mamá, ojalá ganemos.",
];

const FILENAMES: Record<string, string[]> = {
  pago_movil: ["pago-movil.png", "captura_pago_movil.png", "comprobante-bdv.png"],
  zelle: ["zelle.png", "captura-zelle.png", "comprobante_zelle.png"],
  binance: ["binance-pay.png", "captura_binance.png"],
};

const round2 = (n: number) => Math.round(n * 100) / 100;

function reference(method: PaymentMethod, random: Random, used: Set<string>): string {
  for (;;) {
    let ref: string;
    if (method === "zelle") {
      const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
      ref = Array.from({ length: 10 }, () => random.pick([...alphabet])).join("");
    } else if (method === "binance") {
      ref = `3${Array.from({ length: 17 }, () => random.int(0, 9)).join("")}`;
    } else {
      ref = Array.from({ length: 12 }, () => random.int(0, 9)).join("");
    }
    if (!used.has(ref)) {
      used.add(ref);
      return ref;
    }
  }
}

function defaultMethod(def: DemoRaffle, random: Random): PaymentMethod {
  if (def.currency === "VES") return "pago_movil";
  return random.pick<PaymentMethod>(["pago_movil", "pago_movil", "zelle", "binance"]);
}

function planRaffle(def: DemoRaffle, now: Date): PlannedRaffle {
  const at = (days: number) => new Date(now.getTime() + days * DAY);
  const startDate = at(def.startInDays);
  const endDate = def.endInDays === null ? null : at(def.endInDays);
  const activatedAt =
    def.percentageActivatedHoursAgo === undefined
      ? null
      : new Date(now.getTime() - def.percentageActivatedHoursAgo * HOUR);
  const limits = [now.getTime() - HOUR];
  if (endDate) limits.push(endDate.getTime() - HOUR);
  if (activatedAt) limits.push(activatedAt.getTime() + 20 * HOUR);
  return {
    def,
    id: randomUUID(),
    createdAt: new Date(Math.min(startDate.getTime(), now.getTime()) - 3 * DAY),
    startDate,
    endDate,
    activatedAt,
    salesFrom: startDate,
    salesUntil: new Date(Math.min(...limits)),
    drawSeed: null,
    drawCommitment: null,
    transcript: null,
  };
}

/** Approved purchases for a raffle: the fixed ones first, then the big buyers up to soldTickets. */
function approvedPurchases(def: DemoRaffle, random: Random): DemoPurchase[] {
  const purchases = [...def.purchases];
  let remaining = def.soldTickets - purchases.reduce((sum, p) => sum + p.quantity, 0);
  if (remaining < 0 || remaining === 1) throw new Error(`Demo data: bad purchases for ${def.key}`);
  while (remaining > 0) {
    let quantity = Math.min(random.int(4, 24), remaining);
    if (remaining - quantity < 2) quantity = remaining;
    purchases.push({ user: random.pick(BIG_BUYERS), quantity });
    remaining -= quantity;
  }
  return purchases;
}

function buildPlan(now: Date): Plan {
  const random = createRandom(20_251_121);
  const usedRefs = new Set<string>();
  const plan: Plan = { raffles: [], proofs: [], winners: [] };

  const proofFor = (
    raffle: PlannedRaffle,
    purchase: DemoPurchase,
    status: PlannedProof["status"],
    createdAt: Date,
    reviewedAt: Date | null,
    adminNotes: string | null = null,
  ): PlannedProof => {
    const def = raffle.def;
    const method = purchase.method ?? defaultMethod(def, random);
    return {
      id: randomUUID(),
      userKey: purchase.user,
      raffle,
      quantity: purchase.quantity,
      amount: round2(def.price * purchase.quantity),
      currency: def.currency,
      exchangeRate: def.currency === "VES" ? DEMO_EXCHANGE_RATE : null,
      method,
      reference: reference(method, random, usedRefs),
      status,
      userNotes: random.pick(USER_NOTES),
      adminNotes,
      createdAt,
      reviewedAt,
      ticketNumbers: [],
      storageKey: newStorageKey("proofs", "png", createdAt),
      filename: random.pick(FILENAMES[method] ?? ["comprobante.png"]),
    };
  };

  for (const def of DEMO_RAFFLES) {
    const raffle = planRaffle(def, now);
    plan.raffles.push(raffle);
    const span = Math.max(HOUR, raffle.salesUntil.getTime() - raffle.salesFrom.getTime());
    const inSales = () => new Date(raffle.salesFrom.getTime() + random.next() * span);
    const reviewAfter = (created: Date) =>
      new Date(
        Math.min(
          created.getTime() + random.int(20, 360) * 60_000,
          raffle.salesUntil.getTime() + 50 * 60_000,
          now.getTime() - 5 * 60_000,
        ),
      );

    // Ticket numbers are handed out in a shuffled order, so buyers get scattered numbers.
    const order = random.shuffle(Array.from({ length: def.totalTickets }, (_, i) => i));
    const approved = approvedPurchases(def, random)
      .map((purchase) => {
        const created = inSales();
        return proofFor(raffle, purchase, "approved", created, reviewAfter(created));
      })
      .sort((a, b) => (a.reviewedAt?.getTime() ?? 0) - (b.reviewedAt?.getTime() ?? 0));
    let cursor = 0;
    for (const proof of approved) {
      proof.ticketNumbers = order.slice(cursor, cursor + proof.quantity);
      cursor += proof.quantity;
    }
    plan.proofs.push(...approved);

    for (const purchase of def.pending ?? []) {
      const created = new Date(now.getTime() - random.int(1, 20) * HOUR);
      plan.proofs.push(proofFor(raffle, purchase, "pending", created, null));
    }
    for (const purchase of def.rejected ?? []) {
      const created = inSales();
      plan.proofs.push(
        proofFor(raffle, purchase, "rejected", created, reviewAfter(created), purchase.adminNotes),
      );
    }

    if (def.winnersSource === "external") {
      const announcedAt = new Date((raffle.endDate ?? now).getTime() + 30 * 60_000);
      const sold = approved.flatMap((p) => p.ticketNumbers.map((n) => ({ n, user: p.userKey })));
      for (const prize of def.prizeLevels) {
        for (let i = 0; i < prize.winnerCount; i++) {
          const chosen = sold.splice(random.int(0, sold.length - 1), 1)[0];
          if (!chosen) break;
          plan.winners.push({
            raffle,
            level: prize.level,
            description: prize.description,
            ticketNumber: chosen.n,
            userKey: chosen.user,
            source: "external",
            announcedAt,
          });
        }
      }
    }
  }

  // One pending payment not tied to a raffle ("general"), as the upload page allows.
  const generalCreated = new Date(now.getTime() - 5 * HOUR);
  plan.proofs.push({
    id: randomUUID(),
    userKey: "miguel",
    raffle: null,
    quantity: 5,
    amount: 10,
    currency: "USD",
    exchangeRate: null,
    method: "zelle",
    reference: reference("zelle", random, usedRefs),
    status: "pending",
    userNotes: "Abono para mis próximas compras, por favor asignarlo a la rifa de la moto.",
    adminNotes: null,
    createdAt: generalCreated,
    reviewedAt: null,
    ticketNumbers: [],
    storageKey: newStorageKey("proofs", "png", generalCreated),
    filename: "zelle.png",
  });
  return plan;
}

/** Internal raffles get a committed seed; the finished internal ones are drawn with the public algorithm. */
async function planDraws(plan: Plan): Promise<void> {
  for (const raffle of plan.raffles) {
    const def = raffle.def;
    if (def.announcement.type !== "internal") continue;
    raffle.drawSeed = await generateSeed();
    raffle.drawCommitment = await commitmentForSeed(raffle.drawSeed);
    if (def.winnersSource !== "internal") continue;
    const owners = new Map<number, string>();
    for (const proof of plan.proofs) {
      if (proof.raffle !== raffle || proof.status !== "approved") continue;
      for (const n of proof.ticketNumbers) owners.set(n, proof.userKey);
    }
    const drawnAt = new Date((raffle.endDate ?? new Date()).getTime() + 10 * 60_000);
    raffle.transcript = await createDrawTranscript({
      seedHex: raffle.drawSeed,
      raffleId: raffle.id,
      ticketNumbers: [...owners.keys()],
      publicValue: "",
      prizeLevels: def.prizeLevels.map((p) => ({
        level: p.level,
        count: p.winnerCount,
        description: p.description,
      })),
      drawnAt,
    });
    for (const w of raffle.transcript.winners) {
      plan.winners.push({
        raffle,
        level: w.level,
        description: w.description,
        ticketNumber: w.ticketNumber,
        userKey: owners.get(w.ticketNumber) ?? "",
        source: "internal",
        announcedAt: drawnAt,
      });
    }
  }
}

async function hasAnyRaffle(exec: Executor): Promise<boolean> {
  const rows = await exec.select({ id: raffles.id }).from(raffles).limit(1);
  return rows.length > 0;
}

/**
 * Fills an empty database with the demo catalogue; does nothing once any raffle exists. In production the
 * demo accounts get generated passwords, logged once (demo-accounts.ts), instead of DEMO_PASSWORD.
 */
export async function seedDemo(ctx: SeedContext, options: { production?: boolean } = {}): Promise<void> {
  const production = options.production === true;
  const { db, storage } = ctx;
  if (await hasAnyRaffle(db)) return;
  const started = Date.now();
  const now = new Date();
  const plan = buildPlan(now);
  await planDraws(plan);

  // The slow work (image rendering, password hashing) happens before the transaction opens.
  const artFolder = prizeArtFolder();
  if (!artFolder)
    ctx.log?.warn("demo: no se encontraron las ilustraciones de premios; las rifas quedan sin imagen");
  const arts = [...new Set(DEMO_RAFFLES.map((r) => r.art))];
  const usersByKey = new Map(DEMO_USERS.map((u) => [u.key, u]));
  const passwords = demoPasswords(production);
  // Outside production every account shares DEMO_PASSWORD: hash each distinct password once.
  const hashing = new Map<string, Promise<string>>();
  const hashOnce = (password: string) => {
    let hash = hashing.get(password);
    if (!hash) {
      hash = hashPassword(password);
      hashing.set(password, hash);
    }
    return hash;
  };
  /** Accounts this seed created (an existing address keeps its password, so it is not announced). */
  let created: string[] = [];
  const [renderedList, passwordHashes] = await Promise.all([
    artFolder ? Promise.all(arts.map((art) => renderPrizeImage(artFolder, art))) : Promise.resolve([]),
    Promise.all(
      DEMO_USERS.map(async (u) => [u.email, await hashOnce(passwords.get(u.email) ?? "")] as const),
    ).then((pairs) => new Map(pairs)),
    Promise.all(
      plan.proofs.map(async (proof) => {
        proof.image = await renderReceipt({
          method: proof.method,
          amount: proof.amount,
          currency: proof.currency,
          reference: proof.reference,
          payer: usersByKey.get(proof.userKey)?.name ?? "Cliente",
          concept: proof.raffle ? `Rifazo: ${proof.raffle.def.title}` : "Rifazo: abono",
          date: proof.createdAt,
        });
      }),
    ),
  ]);
  const rendered = new Map<PrizeArt, RenderedPrizeImage>(
    renderedList.map((img, i) => [arts[i] as PrizeArt, img]),
  );

  const prepareMs = Date.now() - started;
  const seeded = await db.transaction(async (tx) => {
    await tx.execute(SEED_LOCK_SQL);
    if (await hasAnyRaffle(tx)) return false;

    const files = [
      ...[...rendered.values()].flatMap((img) => img.files),
      ...plan.proofs.map((p) => ({ key: p.storageKey, body: p.image as Buffer, contentType: "image/png" })),
    ];
    await Promise.all(files.map((f) => storage.put(f.key, f.body, f.contentType)));

    const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.role, "admin")).limit(1);
    const adminId = admin?.id ?? null;

    // Images
    if (rendered.size > 0) {
      await tx.insert(images).values(
        [...rendered.values()].map((img) => ({
          id: img.id,
          name: img.name,
          folder: "prizes",
          storageKey: img.original.key,
          contentType: img.original.contentType,
          size: img.original.body.length,
          width: img.width,
          height: img.height,
          variantWidths: [...PRIZE_VARIANT_WIDTHS],
          createdBy: adminId,
          createdAt: new Date(now.getTime() - 50 * DAY),
        })),
      );
    }

    // Users (an address that already exists is reused as is, password untouched)
    const existing = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(
        inArray(
          users.email,
          DEMO_USERS.map((u) => u.email),
        ),
      );
    const userIds = new Map<string, string>();
    const newUsers = [];
    for (const u of DEMO_USERS) {
      const found = existing.find((e) => e.email === u.email);
      if (found) {
        userIds.set(u.key, found.id);
        continue;
      }
      const id = randomUUID();
      userIds.set(u.key, id);
      const createdAt = new Date(now.getTime() - u.registeredDaysAgo * DAY);
      newUsers.push({ id, createdAt, user: u });
    }
    created = newUsers.map(({ user }) => user.email);
    if (newUsers.length > 0) {
      await tx.insert(users).values(
        newUsers.map(({ id, createdAt, user }) => ({
          id,
          name: user.name,
          email: user.email,
          emailVerified: true,
          role: "user",
          status: "active",
          phone: user.phone,
          createdAt,
          updatedAt: createdAt,
        })),
      );
      await tx.insert(accounts).values(
        newUsers.map(({ id, createdAt, user }) => ({
          id: randomUUID(),
          accountId: id,
          providerId: "credential",
          userId: id,
          password: passwordHashes.get(user.email) ?? null,
          createdAt,
          updatedAt: createdAt,
        })),
      );
    }
    const userId = (key: string): string => {
      const id = userIds.get(key);
      if (!id) throw new Error(`Demo data: unknown user ${key}`);
      return id;
    };

    // Raffles, prize levels and the full ticket pool of each
    await tx.insert(raffles).values(
      plan.raffles.map((r) => {
        const def = r.def;
        const img = rendered.get(def.art);
        const external = def.announcement.type === "external" ? def.announcement : null;
        return {
          id: r.id,
          title: def.title,
          description: def.description,
          price: def.price,
          currency: def.currency,
          prizeImage: img ? `/api/images/${img.id}` : null,
          imageAlt: def.imageAlt,
          status: def.status,
          isFeatured: def.isFeatured,
          startDate: r.startDate,
          endDate: r.endDate,
          totalTickets: def.totalTickets,
          activationType: def.activationType,
          activationPercentage: def.activationPercentage,
          percentageDrawActivatedAt: r.activatedAt,
          paymentMethods: def.paymentMethods,
          announcementType: def.announcement.type,
          externalAnnouncementPlatform: external?.platform ?? null,
          externalAnnouncementDetails: external?.details ?? null,
          externalAnnouncementUrl: external?.url ?? null,
          daysUntilActivationTeaser: def.teaserDays ?? 10,
          drawSeed: r.drawSeed,
          drawSeedCommitment: r.drawCommitment,
          // No announced public value: a due draw that needs one can only be run by an admin, and the
          // demo's due raffle must be drawable by anyone from its /sorteo page.
          drawPublicValueSource: null,
          createdBy: adminId,
          createdAt: r.createdAt,
          updatedAt: r.createdAt,
        };
      }),
    );
    await tx.insert(prizeLevels).values(
      plan.raffles.flatMap((r) =>
        r.def.prizeLevels.map((p) => ({
          raffleId: r.id,
          level: p.level,
          description: p.description,
          winnerCount: p.winnerCount,
          prizeValue: p.prizeValue,
        })),
      ),
    );
    for (const r of plan.raffles) {
      await tx.execute(
        sql`INSERT INTO tickets (raffle_id, ticket_number) SELECT ${r.id}::uuid, g FROM generate_series(0, ${r.def.totalTickets}::int - 1) g`,
      );
    }

    // Payment proofs, then the tickets of the approved ones
    await tx.insert(paymentProofs).values(
      plan.proofs.map((p) => ({
        id: p.id,
        userId: userId(p.userKey),
        raffleId: p.raffle?.id ?? null,
        amount: p.amount,
        currency: p.currency,
        exchangeRate: p.exchangeRate,
        paymentMethod: p.method,
        transactionRef: p.reference,
        proofImagePath: p.storageKey,
        proofImageFilename: p.filename,
        proofContentType: "image/png",
        proofSize: p.image?.length ?? 0,
        status: p.status,
        userNotes: p.userNotes,
        adminNotes: p.adminNotes,
        quantityOfTickets: p.quantity,
        reviewedBy: p.reviewedAt ? adminId : null,
        reviewedAt: p.reviewedAt,
        createdAt: p.createdAt,
        updatedAt: p.reviewedAt ?? p.createdAt,
      })),
    );
    for (const p of plan.proofs) {
      if (p.status !== "approved" || !p.raffle) continue;
      await tx
        .update(tickets)
        .set({ status: "sold", userId: userId(p.userKey), paymentId: p.id, soldAt: p.reviewedAt })
        .where(and(eq(tickets.raffleId, p.raffle.id), inArray(tickets.ticketNumber, p.ticketNumbers)));
    }
    await tx.execute(sql`
      UPDATE raffles r
         SET sold_tickets = (SELECT count(*)::int FROM tickets t WHERE t.raffle_id = r.id AND t.status = 'sold'),
             tickets_generated = true
       WHERE r.id IN (${sql.join(
         plan.raffles.map((r) => sql`${r.id}::uuid`),
         sql`, `,
       )})`);

    // Winners of the finished raffles
    for (const r of plan.raffles) {
      const raffleWinners = plan.winners.filter((w) => w.raffle === r);
      if (raffleWinners.length === 0) continue;
      const ticketRows = await tx
        .select({ id: tickets.id, ticketNumber: tickets.ticketNumber })
        .from(tickets)
        .where(
          and(
            eq(tickets.raffleId, r.id),
            inArray(
              tickets.ticketNumber,
              raffleWinners.map((w) => w.ticketNumber),
            ),
          ),
        );
      await tx.insert(winners).values(
        raffleWinners.map((w) => ({
          raffleId: r.id,
          ticketId: ticketRows.find((t) => t.ticketNumber === w.ticketNumber)?.id ?? null,
          ticketNumber: w.ticketNumber,
          userId: userId(w.userKey),
          winnerName: usersByKey.get(w.userKey)?.name ?? "Ganador",
          prizeLevel: w.level,
          prizeDescription: w.description,
          source: w.source,
          announcedAt: w.announcedAt,
        })),
      );
      const first = [...raffleWinners].sort((a, b) => a.level - b.level)[0];
      if (!first) continue;
      const transcript = r.transcript;
      await tx
        .update(raffles)
        .set({
          winnerId: userId(first.userKey),
          winnerName: usersByKey.get(first.userKey)?.name ?? null,
          winningTicketNumber: first.ticketNumber,
          ...(transcript
            ? {
                drawPublicValue: transcript.publicValue,
                drawTicketListHash: transcript.ticketListHash,
                drawAlgorithm: transcript.algorithmVersion,
                drawTranscript: transcript,
                drawnAt: new Date(transcript.drawnAt),
              }
            : {}),
        })
        .where(eq(raffles.id, r.id));
    }

    // Loyalty: 100 RifaPuntos per USD of approved payments (VES valued at the proof's exchange rate)
    const ledger: (typeof pointsHistory.$inferInsert)[] = [];
    for (const p of plan.proofs) {
      if (p.status !== "approved") continue;
      const usd = p.currency === "VES" && p.exchangeRate ? p.amount / p.exchangeRate : p.amount;
      const points = pointsForApprovedAmount(usd);
      if (points <= 0) continue;
      ledger.push({
        userId: userId(p.userKey),
        pointsChange: points,
        reason: `Pago aprobado: ${p.raffle?.def.title ?? "abono"} (${p.quantity} boletos)`,
        paymentProofId: p.id,
        createdAt: p.reviewedAt ?? p.createdAt,
      });
    }

    const hasRewards = (await tx.select({ id: rewards.id }).from(rewards).limit(1)).length > 0;
    if (!hasRewards) {
      const inserted = await tx
        .insert(rewards)
        .values(DEMO_REWARDS.map((r, i) => ({ ...r, createdAt: new Date(now.getTime() - (60 - i) * DAY) })))
        .returning({ id: rewards.id, title: rewards.title, pointsRequired: rewards.pointsRequired });
      const ticketReward = inserted.find((r) => r.title === "Boleto gratis");
      if (ticketReward) {
        const redeemedAt = new Date(now.getTime() - 3 * DAY);
        const [redemption] = await tx
          .insert(rewardRedemptions)
          .values({
            userId: userId("maria"),
            rewardId: ticketReward.id,
            rewardTitle: ticketReward.title,
            pointsSpent: ticketReward.pointsRequired,
            createdAt: redeemedAt,
          })
          .returning({ id: rewardRedemptions.id });
        ledger.push({
          userId: userId("maria"),
          pointsChange: -ticketReward.pointsRequired,
          reason: `Canje de recompensa: ${ticketReward.title}`,
          rewardRedemptionId: redemption?.id ?? null,
          createdAt: redeemedAt,
        });
      }
    }
    if (ledger.length > 0) await tx.insert(pointsHistory).values(ledger);

    const ids = [...userIds.values()];
    const totals = await tx
      .select({
        userId: pointsHistory.userId,
        total: sql<string>`coalesce(sum(${pointsHistory.pointsChange}), 0)`,
      })
      .from(pointsHistory)
      .where(inArray(pointsHistory.userId, ids))
      .groupBy(pointsHistory.userId);
    const levelOf = new Map<string, string>();
    for (const id of ids) {
      const points = Number(totals.find((t) => t.userId === id)?.total ?? 0);
      const level = levelForPoints(points).name;
      levelOf.set(id, level);
      await tx.update(users).set({ rifazoPoints: points, rifazoLevel: level }).where(eq(users.id, id));
    }

    // Notifications, favourites and follows
    const byKey = (key: string) => plan.raffles.find((r) => r.def.key === key);
    const electro = byKey("electro");
    const note: (typeof notifications.$inferInsert)[] = [];
    const mariaApproved = plan.proofs.find((p) => p.userKey === "maria" && p.status === "approved");
    if (mariaApproved?.raffle) {
      note.push({
        userId: userId("maria"),
        title: "¡Pago aprobado!",
        message: `Tu comprobante para «${mariaApproved.raffle.def.title}» fue aprobado. Tus ${mariaApproved.quantity} boletos ya están asignados.`,
        type: "payment_approved",
        linkTo: "/perfil/pagos",
        isRead: true,
        createdAt: mariaApproved.reviewedAt ?? now,
      });
    }
    note.push({
      userId: userId("maria"),
      title: `¡Subiste a Nivel ${levelOf.get(userId("maria")) ?? "Plata"}!`,
      message:
        "Gracias por participar en Rifazo. Revisa los nuevos beneficios de tu nivel en el Rifazo Club.",
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
        message: `Tu boleto ${String(w.ticketNumber).padStart(4, "0")} ganó «${w.description}» en «${w.raffle.def.title}». Te contactaremos para coordinar la entrega.`,
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
    await tx.insert(notifications).values(note);

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

    // Public editorial content: like the rewards, only into empty tables, so an admin's own is kept.
    const hasTestimonials = (await tx.select({ id: testimonials.id }).from(testimonials).limit(1)).length > 0;
    if (!hasTestimonials) {
      await tx
        .insert(testimonials)
        .values(DEMO_TESTIMONIALS.map((t) => ({ ...t, createdAt: new Date(`${t.date}T16:00:00Z`) })));
    }
    const hasBroadcasts =
      (await tx.select({ id: liveBroadcasts.id }).from(liveBroadcasts).limit(1)).length > 0;
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
    await writeDemoSeedMarker(tx, { generatedPasswords: production });
    return true;
  });

  if (seeded) {
    ctx.log?.info(
      { raffles: plan.raffles.length, proofs: plan.proofs.length, prepareMs, totalMs: Date.now() - started },
      production
        ? "demo: catálogo de ejemplo creado (usuarios *@example.com)"
        : `demo: catálogo de ejemplo creado (usuarios *@example.com, contraseña ${DEMO_PASSWORD})`,
    );
    if (production)
      announceGeneratedPasswords(
        ctx.log,
        new Map([...passwords].filter(([email]) => created.includes(email))),
      );
  }
}
