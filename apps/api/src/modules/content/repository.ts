import { and, asc, desc, eq, inArray, ne } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { liveBroadcasts, raffles, testimonials } from "../../db/schema";

/** Newest story first. */
export function listTestimonials(db: Executor) {
  return db
    .select()
    .from(testimonials)
    .orderBy(desc(testimonials.date), desc(testimonials.createdAt))
    .limit(100);
}

/** In the order the admin chose (the service puts whatever is live first). */
export function listLiveBroadcasts(db: Executor) {
  return db
    .select()
    .from(liveBroadcasts)
    .orderBy(asc(liveBroadcasts.sortOrder), asc(liveBroadcasts.createdAt))
    .limit(100);
}

/** Raffles whose winners are announced on one of these external platforms (by its label), not cancelled. */
export function listExternallyAnnouncedRaffles(db: Executor, platforms: string[]) {
  return db
    .select({
      platform: raffles.externalAnnouncementPlatform,
      status: raffles.status,
      endDate: raffles.endDate,
      percentageDrawActivatedAt: raffles.percentageDrawActivatedAt,
      drawnAt: raffles.drawnAt,
    })
    .from(raffles)
    .where(
      and(
        eq(raffles.announcementType, "external"),
        inArray(raffles.externalAnnouncementPlatform, platforms),
        ne(raffles.status, "cancelled"),
      ),
    )
    .orderBy(desc(raffles.endDate))
    .limit(500);
}
