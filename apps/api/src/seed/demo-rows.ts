// The demo seed's first rows, inside its transaction: stored files, prize images, accounts and the
// raffles with their prize levels and ticket pools (demo.ts runs the steps in order).

import { randomUUID } from "node:crypto";
import { IMAGE_VARIANT_WIDTHS } from "@rifazo/shared/domain/image-variants";
import { inArray, sql } from "drizzle-orm";
import type { AppContext } from "../context";
import type { Tx } from "../db/client";
import { accounts, images, prizeLevels, raffles, users } from "../db/schema";
import { DEMO_USERS, type PrizeArt } from "./demo-data";
import { DAY, type Plan, type PlannedRaffle } from "./demo-plan";
import type { RenderedPrizeImage } from "./prize-images";

type Rendered = Map<PrizeArt, RenderedPrizeImage>;

/** Puts the rendered prize images and receipts in storage. */
export async function storeDemoFiles(storage: AppContext["storage"], rendered: Rendered, plan: Plan) {
  const files = [
    ...[...rendered.values()].flatMap((img) => img.files),
    ...plan.proofs.map((p) => ({ key: p.storageKey, body: p.image as Buffer, contentType: "image/png" })),
  ];
  await Promise.all(files.map((f) => storage.put(f.key, f.body, f.contentType)));
}

export async function insertDemoImages(tx: Tx, rendered: Rendered, adminId: string | null, now: Date) {
  if (rendered.size === 0) return;
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
      variantWidths: [...IMAGE_VARIANT_WIDTHS],
      createdBy: adminId,
      createdAt: new Date(now.getTime() - 50 * DAY),
    })),
  );
}

/**
 * The demo accounts (an address that already exists is reused as is, password untouched). Answers the
 * id of each user key and the emails of the accounts this seed created.
 */
export async function insertDemoUsers(
  tx: Tx,
  now: Date,
  passwordHashes: Map<string, string>,
): Promise<{ userIds: Map<string, string>; created: string[] }> {
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
  const created = newUsers.map(({ user }) => user.email);
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
  return { userIds, created };
}

function raffleRow(r: PlannedRaffle, rendered: Rendered, adminId: string | null) {
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
    // raffle planned as closed, frozen or finished takes its state after its proofs (demo-sales.ts).
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
    // The pool is generated by insertDemoRaffles, in this same transaction.
    ticketsGenerated: true,
    createdBy: adminId,
    createdAt: r.createdAt,
    updatedAt: r.createdAt,
  };
}

/** Raffles, prize levels and the full ticket pool of each. */
export async function insertDemoRaffles(tx: Tx, plan: Plan, rendered: Rendered, adminId: string | null) {
  await tx.insert(raffles).values(plan.raffles.map((r) => raffleRow(r, rendered, adminId)));
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
}
