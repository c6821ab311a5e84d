import { asc, desc } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { liveBroadcasts, testimonials } from "../../db/schema";

/** Newest story first. */
export function listTestimonials(db: Executor) {
  return db
    .select()
    .from(testimonials)
    .orderBy(desc(testimonials.date), desc(testimonials.createdAt))
    .limit(100);
}

/** Whatever is live now first, then the order the admin chose. */
export function listLiveBroadcasts(db: Executor) {
  return db
    .select()
    .from(liveBroadcasts)
    .orderBy(desc(liveBroadcasts.isLive), asc(liveBroadcasts.sortOrder), asc(liveBroadcasts.createdAt))
    .limit(100);
}
