import {
  BROADCAST_PLATFORM_LABELS,
  type BroadcastPlatform,
  type LiveBroadcast,
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

export async function liveBroadcasts(db: Executor): Promise<LiveBroadcast[]> {
  const rows = await repo.listLiveBroadcasts(db);
  return rows.map((row) => {
    const platform = row.platform as BroadcastPlatform;
    return {
      id: row.id,
      platform,
      platformLabel: BROADCAST_PLATFORM_LABELS[platform] ?? row.platform,
      title: row.title,
      description: row.description,
      schedule: row.schedule,
      url: row.url,
      isLive: row.isLive,
    };
  });
}
