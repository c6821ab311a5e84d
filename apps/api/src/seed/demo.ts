// Demo catalogue for an empty database (SEED_DEMO, on by default): raffles in every state, buyers with
// approved, pending and rejected payments, winners, rewards, settings, testimonials and live broadcasts,
// so every screen has something real to show. Payments are approved through the app's approval service
// (tickets, points ledger, sold counts) and the reward redemption through the points ledger, so the demo
// stays consistent the way real data does. The plan is in demo-plan.ts, the content in demo-content.ts.

import { randomUUID } from "node:crypto";
import { paymentReferenceKey } from "@rifazo/shared/domain/payment-reference-key";
import { hashPassword } from "better-auth/crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { AppContext } from "../context";
import type { Executor } from "../db/client";
import {
  accounts,
  images,
  paymentProofs,
  prizeLevels,
  raffles,
  rewardRedemptions,
  rewards,
  tickets,
  users,
  winners,
} from "../db/schema";
import { approveInTransaction } from "../modules/admin";
import { recordClose } from "../modules/draws/freeze";
import { applyPointsChange } from "../modules/points";
import { announceGeneratedPasswords, demoPasswords, writeDemoSeedMarker } from "./demo-accounts";
import { seedContent } from "./demo-content";
import { DEMO_PASSWORD, DEMO_RAFFLES, DEMO_REWARDS, DEMO_USERS, type PrizeArt } from "./demo-data";
import { DEMO_ROUND_DELAY_MINUTES, seedV2Draws } from "./demo-draws";
import { buildPlan, commitDraws, DAY, planWinners } from "./demo-plan";
import {
  PRIZE_VARIANT_WIDTHS,
  prizeArtFolder,
  type RenderedPrizeImage,
  renderPrizeImage,
} from "./prize-images";
import { renderReceipt } from "./receipt";

/**
 * What the seed needs from the app context (the full AppContext satisfies it): approvals go through the
 * proof service, which also needs the logger, events, mail and config.
 */
export type SeedContext = Pick<AppContext, "db" | "storage" | "log" | "events" | "mail" | "config">;

// Serialises concurrent first starts (several instances on one PostgreSQL): one seeds, the others see raffles.
const SEED_LOCK_SQL = sql`SELECT pg_advisory_xact_lock(724012)`;

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
  await commitDraws(plan);

  // The slow work (image rendering, password hashing) happens before the transaction opens.
  const artFolder = prizeArtFolder();
  if (!artFolder)
    ctx.log.warn("demo: no se encontraron las ilustraciones de premios; las rifas quedan sin imagen");
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
          // Sales happen while a raffle is active (the database refuses a proof for any other state): a
          // raffle planned as closed, frozen or finished takes its state after its proofs, further down.
          status: def.status === "upcoming" ? ("upcoming" as const) : ("active" as const),
          isFeatured: def.isFeatured,
          startDate: r.startDate,
          endDate: r.endDate,
          totalTickets: def.totalTickets,
          activationType: def.activationType,
          activationPercentage: def.activationPercentage,
          percentageDrawActivatedAt: r.activatedAt,
          paymentMethods: def.paymentMethods,
          numberMode: def.numberMode ?? "random",
          combos: def.combos ?? [],
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
          // The pool is generated just below, in this transaction.
          ticketsGenerated: true,
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

    // Payment proofs: the approved ones go in pending and are approved below, as an admin would.
    await tx.insert(paymentProofs).values(
      plan.proofs.map((p) => {
        const reviewed = p.status === "rejected";
        return {
          id: p.id,
          userId: userId(p.userKey),
          raffleId: p.raffle?.id ?? null,
          amount: p.amount,
          currency: p.currency,
          exchangeRate: p.exchangeRate,
          paymentMethod: p.method,
          transactionRef: p.reference,
          referenceKey: paymentReferenceKey(p.method, p.reference),
          proofImagePath: p.storageKey,
          proofImageFilename: p.filename,
          proofContentType: "image/png",
          proofSize: p.image?.length ?? 0,
          status: p.status === "approved" ? ("pending" as const) : p.status,
          userNotes: p.userNotes,
          adminNotes: p.adminNotes,
          quantityOfTickets: p.quantity,
          reviewedBy: reviewed ? adminId : null,
          reviewedAt: reviewed ? p.reviewedAt : null,
          createdAt: p.createdAt,
          updatedAt: (reviewed ? p.reviewedAt : null) ?? p.createdAt,
        };
      }),
    );
    // The app's approval, oldest first, dated when the plan reviewed each proof: it hands out random
    // available tickets, credits the points in the ledger and keeps the raffle's sold count.
    const actor = { id: adminId, ip: null };
    const approvals = plan.proofs
      .filter((p) => p.status === "approved")
      .sort((a, b) => (a.reviewedAt?.getTime() ?? 0) - (b.reviewedAt?.getTime() ?? 0));
    for (const p of approvals) {
      await approveInTransaction(ctx, tx, actor, p.id, { replayAt: p.reviewedAt ?? now });
    }

    // Winners of the finished raffles, among the tickets those approvals sold
    const keyOfUser = new Map([...userIds].map(([key, id]) => [id, key]));
    const owners = new Map<string, Map<number, string>>();
    const sold = await tx
      .select({ raffleId: tickets.raffleId, ticketNumber: tickets.ticketNumber, userId: tickets.userId })
      .from(tickets)
      .where(eq(tickets.status, "sold"));
    for (const row of sold) {
      const byNumber = owners.get(row.raffleId) ?? new Map<number, string>();
      byNumber.set(row.ticketNumber, keyOfUser.get(row.userId ?? "") ?? "");
      owners.set(row.raffleId, byNumber);
    }
    await planWinners(plan, owners);

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

    // Each raffle now moves on to its planned lifecycle state, after its sales (lifecycle, decision 0012). A
    // frozen or finished raffle's tickets, proofs and prizes can no longer change after this.
    for (const r of plan.raffles) {
      const target = r.def.status;
      if (target === "upcoming" || target === "active") continue;
      const closedAt =
        r.activatedAt !== null && r.activatedAt !== undefined
          ? new Date(Math.min(r.activatedAt.getTime() + DAY, now.getTime()))
          : (r.endDate ?? now);
      const closeReason = r.def.activationType === "percentage" ? "countdown_ended" : "end_date";
      if (r.def.drawV2) {
        // Record-era raffles close through the lifecycle's own record (rules, then the close); the
        // freeze and the draw below are the app's own code.
        await tx.update(raffles).set({ status: "closed", closedAt, closeReason }).where(eq(raffles.id, r.id));
        // With the demo's own round delay: the drawn raffle's quicknet round is fixed (demo-draws.ts), so
        // a server started with another DRAW_ROUND_DELAY_MINUTES (the e2e relay uses 0) still seeds it.
        const demoDraws = {
          config: { ...ctx.config, drawRoundDelayMinutes: DEMO_ROUND_DELAY_MINUTES },
          events: ctx.events,
        };
        await recordClose(demoDraws, tx, r.id, closedAt, {
          reason: closeReason,
          reviewDeadline: new Date(closedAt.getTime() + 48 * 3_600_000).toISOString(),
        });
        continue;
      }
      await tx
        .update(raffles)
        .set({
          status: target,
          closedAt,
          closeReason,
          frozenAt: target === "frozen" ? closedAt : null,
          ...(target === "cancelled"
            ? { cancelledAt: closedAt, cancelReason: "Rifa de demostración cancelada." }
            : {}),
        })
        .where(eq(raffles.id, r.id));
    }
    // Draw v2: one raffle drawn with a real quicknet beacon, one frozen awaiting its round.
    await seedV2Draws(ctx, tx, plan.raffles, now);

    // Rewards, and one redemption through the points ledger (approvals credited the rest above)
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
        await applyPointsChange(tx, {
          userId: userId("maria"),
          change: -ticketReward.pointsRequired,
          reason: `Canje de recompensa: ${ticketReward.title}`,
          rewardRedemptionId: redemption?.id ?? null,
          at: redeemedAt,
        });
      }
    }

    const [maria] = await tx
      .select({ level: users.rifazoLevel })
      .from(users)
      .where(eq(users.id, userId("maria")));
    await seedContent(tx, { plan, now, adminId, userId, mariaLevel: maria?.level ?? "Plata" });
    await writeDemoSeedMarker(tx, { generatedPasswords: production });
    return true;
  });

  if (seeded) {
    ctx.log.info(
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
