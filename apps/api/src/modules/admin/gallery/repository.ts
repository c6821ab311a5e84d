import { desc, eq, or, sql } from "drizzle-orm";
import type { Executor } from "../../../db/client";
import { images, raffles } from "../../../db/schema";

export type ImageRow = typeof images.$inferSelect;

export async function listImages(db: Executor, folder: string, limit: number): Promise<ImageRow[]> {
  return db
    .select()
    .from(images)
    .where(eq(images.folder, folder))
    .orderBy(desc(images.createdAt), desc(images.id))
    .limit(limit);
}

export async function insertImage(tx: Executor, row: typeof images.$inferInsert): Promise<ImageRow> {
  const [inserted] = await tx.insert(images).values(row).returning();
  if (!inserted) throw new Error("no se pudo guardar la imagen");
  return inserted;
}

export async function lockImage(tx: Executor, id: string): Promise<ImageRow | undefined> {
  const [row] = await tx.select().from(images).where(eq(images.id, id)).for("update");
  return row;
}

export async function deleteImage(tx: Executor, id: string): Promise<void> {
  await tx.delete(images).where(eq(images.id, id));
}

/** Raffles showing this image ('/api/images/<id>' as the cover or anywhere in their list). */
export async function rafflesUsing(tx: Executor, url: string): Promise<Array<{ id: string; title: string }>> {
  return tx
    .select({ id: raffles.id, title: raffles.title })
    .from(raffles)
    .where(
      or(eq(raffles.prizeImage, url), sql`${raffles.prizeImages} @> ${JSON.stringify([{ url }])}::jsonb`),
    )
    .limit(5);
}

const integerArray = (values: number[]) =>
  sql`ARRAY[${sql.join(
    values.map((w) => sql`${w}`),
    sql`, `,
  )}]::integer[]`;

/**
 * Images at least as wide as one of `widths` that lack that variant (stored before the width was added),
 * oldest first.
 */
export async function imagesMissingVariants(
  db: Executor,
  widths: number[],
  limit: number,
): Promise<ImageRow[]> {
  const list = integerArray(widths);
  return db
    .select()
    .from(images)
    .where(
      sql`exists (select 1 from unnest(${list}) as w where w <= ${images.width} and not (w = any(${images.variantWidths})))`,
    )
    .orderBy(images.createdAt, images.id)
    .limit(limit);
}

/**
 * Adds widths to those an image has stored, as WebP variants or as their AVIF copies, kept sorted and
 * without repeats. False when the image is gone (deleted meanwhile).
 */
export async function addWidths(
  db: Executor,
  id: string,
  format: "webp" | "avif",
  widths: number[],
): Promise<boolean> {
  const column = format === "webp" ? images.variantWidths : images.avifWidths;
  const merged = sql`(select array_agg(distinct w order by w) from unnest(${column} || ${integerArray(widths)}) as w)`;
  const updated = await db
    .update(images)
    .set(format === "webp" ? { variantWidths: merged } : { avifWidths: merged })
    .where(eq(images.id, id))
    .returning({ id: images.id });
  return updated.length > 0;
}

/** Images with a WebP variant not yet stored as AVIF too, oldest first. */
export async function imagesMissingAvif(db: Executor, limit: number): Promise<ImageRow[]> {
  return db
    .select()
    .from(images)
    .where(sql`not (${images.variantWidths} <@ ${images.avifWidths})`)
    .orderBy(images.createdAt, images.id)
    .limit(limit);
}
