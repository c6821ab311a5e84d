import { eq } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { images } from "../../db/schema";

export async function findImage(db: Executor, id: string) {
  const [row] = await db
    .select({
      id: images.id,
      storageKey: images.storageKey,
      contentType: images.contentType,
      variantWidths: images.variantWidths,
      avifWidths: images.avifWidths,
    })
    .from(images)
    .where(eq(images.id, id));
  return row;
}
