ALTER TABLE "refunds" ADD COLUMN "payout" jsonb;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "payout_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "payout_given_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payout_check" CHECK (("refunds"."payout" IS NULL) = ("refunds"."payout_given_at" IS NULL));