import {
  BROADCAST_PLATFORM_LABELS,
  type BroadcastPlatform,
  type LiveBroadcast,
  lastSalesWindowEnd,
  type Testimonial,
} from "@rifazo/shared";
import type { Executor } from "../../db/client";
import * as repo from "./repository";

export async function testimonials(db: Executor): Promise<Testimonial[]> {
  const rows = await repo.listTestimonials(db);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    location: row.location,
    prize: row.prize,
    text: row.text,
    rating: row.rating,
    date: row.date,
  }));
}

/**
 * How long after its announced time a draw counts as being on the air: an external announcement has no
 * "ended" signal of its own until its winners are recorded, and a show longer than this is unusual.
 */
const LIVE_WINDOW_MS = 2 * 60 * 60 * 1000;

type BroadcastStatus = LiveBroadcast["status"];
type AnnouncedRaffle = Awaited<ReturnType<typeof repo.listExternallyAnnouncedRaffles>>[number];

/**
 * A broadcast is live only while a draw announced on its platform is: its time (the raffle's end date, or
 * the end of a percentage raffle's last 24 h of sales) has come, less than LIVE_WINDOW_MS ago, and its
 * results are not in. The table's is_live switch is set by hand with no screen to turn it off, so it said
 * "EN VIVO" whether or not anything was on the air.
 */
function broadcastStatus(
  announced: AnnouncedRaffle[],
  now: Date,
): { status: BroadcastStatus; nextDrawAt: string | null } {
  const nowMs = now.getTime();
  let next: Date | null = null;
  let finished = false;
  for (const raffle of announced) {
    const done = raffle.status === "finished" || raffle.drawnAt !== null;
    if (done) {
      finished = true;
      continue;
    }
    const drawAt = raffle.endDate ?? lastSalesWindowEnd(raffle.percentageDrawActivatedAt);
    if (!drawAt) continue;
    const at = drawAt.getTime();
    if (at <= nowMs && nowMs < at + LIVE_WINDOW_MS) return { status: "live", nextDrawAt: null };
    if (at > nowMs && (next === null || at < next.getTime())) next = drawAt;
  }
  if (next) return { status: "upcoming", nextDrawAt: next.toISOString() };
  return { status: finished ? "finished" : "none", nextDrawAt: null };
}

const STATUS_ORDER: Record<BroadcastStatus, number> = { live: 0, upcoming: 1, none: 2, finished: 2 };

export async function liveBroadcasts(db: Executor, now = new Date()): Promise<LiveBroadcast[]> {
  const rows = await repo.listLiveBroadcasts(db);
  const announced = await repo.listExternallyAnnouncedRaffles(db, Object.values(BROADCAST_PLATFORM_LABELS));
  const items = rows.map((row) => {
    const platform = row.platform as BroadcastPlatform;
    const platformLabel = BROADCAST_PLATFORM_LABELS[platform] ?? row.platform;
    const { status, nextDrawAt } = broadcastStatus(
      announced.filter((raffle) => raffle.platform === platformLabel),
      now,
    );
    return {
      id: row.id,
      platform,
      platformLabel,
      title: row.title,
      description: row.description,
      schedule: row.schedule,
      url: row.url,
      status,
      nextDrawAt,
      isLive: status === "live",
    };
  });
  // Whatever is live first, then what is coming; the admin's order otherwise (a stable sort keeps it).
  return items.sort((a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status]);
}
