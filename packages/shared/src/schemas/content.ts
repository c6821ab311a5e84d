import { z } from "zod";

// Public editorial content: testimonials (/testimonios) and live broadcasts (/transmisiones-vivo).

/** Spec 1 §2: Instagram, Facebook, YouTube live, TV programme, radio. */
export const BROADCAST_PLATFORMS = ["instagram", "facebook", "youtube", "tv", "radio"] as const;
export type BroadcastPlatform = (typeof BROADCAST_PLATFORMS)[number];
export const BROADCAST_PLATFORM_LABELS: Record<BroadcastPlatform, string> = {
  instagram: "Instagram Live",
  facebook: "Facebook Live",
  youtube: "YouTube Live",
  tv: "Programa de TV",
  radio: "Radio",
};

export const TESTIMONIAL_MIN_RATING = 1;
export const TESTIMONIAL_MAX_RATING = 5;

export const testimonialSchema = z.object({
  id: z.string(),
  name: z.string(),
  location: z.string(),
  prize: z.string(),
  text: z.string(),
  /** 1-5 stars. */
  rating: z.number().int(),
  /** YYYY-MM-DD. */
  date: z.string(),
});
export type Testimonial = z.infer<typeof testimonialSchema>;

export const liveBroadcastSchema = z.object({
  id: z.string(),
  platform: z.enum(BROADCAST_PLATFORMS),
  platformLabel: z.string(),
  title: z.string(),
  description: z.string(),
  /** Free text such as 'Viernes a las 8:00 p. m. (hora de Venezuela)'. */
  schedule: z.string(),
  url: z.string().nullable(),
  /**
   * Decided by the server from the raffles announced on this platform, not by a hand-set switch:
   * live: a draw announced here is due now and its winners are not out yet; upcoming: the next one is
   * on `nextDrawAt`; finished: its last draw is over and none is scheduled; none: no draw announced here.
   */
  status: z.enum(["live", "upcoming", "finished", "none"]),
  /** The next draw announced on this platform (ISO), when status is upcoming. */
  nextDrawAt: z.string().nullable(),
  /** status === "live" (kept for older clients). */
  isLive: z.boolean(),
});
export type LiveBroadcast = z.infer<typeof liveBroadcastSchema>;

export const testimonialListSchema = z.object({ items: z.array(testimonialSchema) });
export const liveBroadcastListSchema = z.object({ items: z.array(liveBroadcastSchema) });

export const CONTENT_MESSAGES = {
  testimonialsError: "No se pudieron cargar los testimonios.",
  broadcastsError: "No se pudieron cargar las transmisiones.",
} as const;
