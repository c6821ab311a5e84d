import { z } from "zod";
import { IMAGE_FOLDERS } from "../../constants";
import { ADMIN_MESSAGES } from "./messages";

// The image gallery (spec 2 §5).

export const ADMIN_GALLERY_LIMIT = 100;
export { IMAGE_VARIANT_WIDTHS } from "../../domain/image-variants";

export const adminImageSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Public URL ('/api/images/<id>'); add ?w=320|640|720|960 for a smaller variant. */
  url: z.string(),
  /** Internal storage path of the original. */
  path: z.string(),
  folder: z.enum(IMAGE_FOLDERS),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  size: z.number().int(),
  createdAt: z.string(),
});
export type AdminImage = z.infer<typeof adminImageSchema>;
export const adminImageListSchema = z.object({ items: z.array(adminImageSchema) });
export const adminImageListQuerySchema = z.object({
  folder: z
    .enum(IMAGE_FOLDERS, { error: ADMIN_MESSAGES.imageFolderInvalid })
    .default("gallery")
    .describe("gallery (por defecto) o prizes."),
});
