CREATE TABLE "live_broadcasts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"platform" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"schedule" text DEFAULT '' NOT NULL,
	"url" text,
	"is_live" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_broadcasts_platform_check" CHECK ("platform" IN ('instagram', 'facebook', 'youtube', 'tv', 'radio')),
	CONSTRAINT "live_broadcasts_title_check" CHECK (length(trim("live_broadcasts"."title")) > 0),
	CONSTRAINT "live_broadcasts_url_check" CHECK ("live_broadcasts"."url" IS NULL OR "live_broadcasts"."url" ~ '^https?://')
);
--> statement-breakpoint
CREATE TABLE "testimonials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"prize" text DEFAULT '' NOT NULL,
	"text" text NOT NULL,
	"rating" integer DEFAULT 5 NOT NULL,
	"date" date DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "testimonials_rating_check" CHECK ("testimonials"."rating" BETWEEN 1 AND 5),
	CONSTRAINT "testimonials_name_check" CHECK (length(trim("testimonials"."name")) > 0),
	CONSTRAINT "testimonials_text_check" CHECK (length(trim("testimonials"."text")) > 0)
);
--> statement-breakpoint
CREATE INDEX "live_broadcasts_order_idx" ON "live_broadcasts" USING btree ("sort_order");--> statement-breakpoint
CREATE INDEX "testimonials_date_idx" ON "testimonials" USING btree ("date" DESC NULLS LAST);