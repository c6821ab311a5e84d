-- The app's own limiter table (docs/decisions/0011-one-rate-limiter.md). The old rows were Better Auth's
-- shape; counters only live for minutes, so they are dropped rather than converted.
DELETE FROM "rate_limits";--> statement-breakpoint
ALTER TABLE "rate_limits" DROP COLUMN "id";--> statement-breakpoint
ALTER TABLE "rate_limits" DROP COLUMN "last_request";--> statement-breakpoint
ALTER TABLE "rate_limits" DROP CONSTRAINT "rate_limits_key_unique";--> statement-breakpoint
ALTER TABLE "rate_limits" ADD PRIMARY KEY ("key");--> statement-breakpoint
ALTER TABLE "rate_limits" ADD COLUMN "window_ends_at" timestamp with time zone NOT NULL;--> statement-breakpoint
CREATE INDEX "rate_limits_window_ends_at_idx" ON "rate_limits" USING btree ("window_ends_at");
