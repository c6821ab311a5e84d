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
