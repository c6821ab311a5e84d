CREATE TABLE "lottery_correction_proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"raffle_id" uuid NOT NULL,
	"result" text NOT NULL,
	"source_url" text NOT NULL,
	"publication_sha256" text NOT NULL,
	"reason" text NOT NULL,
	"proposed_by" text NOT NULL,
	"proposed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	CONSTRAINT "lottery_correction_proposals_status_check" CHECK ("lottery_correction_proposals"."status" IN ('pending', 'confirmed', 'discarded')),
	CONSTRAINT "lottery_correction_proposals_four_eyes_check" CHECK ("lottery_correction_proposals"."status" <> 'confirmed' OR ("lottery_correction_proposals"."decided_by" IS NOT NULL AND "lottery_correction_proposals"."decided_by" <> "lottery_correction_proposals"."proposed_by"))
);
--> statement-breakpoint
CREATE TABLE "lottery_publications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"raffle_id" uuid NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"uploaded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "raffles" ADD COLUMN "lottery_fallback" text DEFAULT 'drand' NOT NULL;--> statement-breakpoint
ALTER TABLE "raffles" ADD COLUMN "correction_window_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "lottery_correction_proposals" ADD CONSTRAINT "lottery_correction_proposals_raffle_id_raffles_id_fk" FOREIGN KEY ("raffle_id") REFERENCES "public"."raffles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_correction_proposals" ADD CONSTRAINT "lottery_correction_proposals_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_correction_proposals" ADD CONSTRAINT "lottery_correction_proposals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_publications" ADD CONSTRAINT "lottery_publications_raffle_id_raffles_id_fk" FOREIGN KEY ("raffle_id") REFERENCES "public"."raffles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_publications" ADD CONSTRAINT "lottery_publications_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lottery_correction_proposals_raffle_idx" ON "lottery_correction_proposals" USING btree ("raffle_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_publications_raffle_sha_idx" ON "lottery_publications" USING btree ("raffle_id","sha256");--> statement-breakpoint
ALTER TABLE "raffles" ADD CONSTRAINT "raffles_lottery_fallback_check" CHECK ("raffles"."lottery_fallback" IN ('drand', 'cancel'));--> statement-breakpoint
ALTER TABLE "raffles" ADD CONSTRAINT "raffles_correction_window_check" CHECK ("raffles"."correction_window_hours" BETWEEN 1 AND 168);--> statement-breakpoint
-- Decision 0024: a raffle on sale (or about to be) with a lottery bound must have the lottery draw after
-- its latest possible freeze (end date + review window) plus 60 minutes (LOTTERY_FREEZE_MARGIN_MINUTES
-- in packages/shared/src/domain/lottery-binding.ts). The service refuses it first with a Spanish 400;
-- this catches a write that slips past it (a bug, a script), including a later extension of the end date.
CREATE OR REPLACE FUNCTION raffles_lottery_after_freeze() RETURNS trigger AS $$
BEGIN
  IF NEW.announcement_type = 'external' AND NEW.external_draw_at IS NOT NULL AND NEW.end_date IS NOT NULL
     AND NEW.status IN ('upcoming', 'active')
     AND (TG_OP = 'INSERT'
          OR NEW.external_draw_at IS DISTINCT FROM OLD.external_draw_at
          OR NEW.end_date IS DISTINCT FROM OLD.end_date
          OR NEW.review_window_hours IS DISTINCT FROM OLD.review_window_hours
          OR NEW.announcement_type IS DISTINCT FROM OLD.announcement_type)
     AND NEW.external_draw_at < NEW.end_date + NEW.review_window_hours * interval '1 hour' + interval '60 minutes' THEN
    RAISE EXCEPTION 'the lottery of raffle % draws before its list can freeze', NEW.id
      USING ERRCODE = '23514';
  END IF;
  -- The fallback and the correction window are part of the rules as sold: fixed from the first sale.
  IF TG_OP = 'UPDATE'
     AND (NEW.lottery_fallback IS DISTINCT FROM OLD.lottery_fallback
          OR NEW.correction_window_hours IS DISTINCT FROM OLD.correction_window_hours)
     AND (OLD.sold_tickets > 0
          OR EXISTS (SELECT 1 FROM payment_proofs p WHERE p.raffle_id = OLD.id AND p.status = 'pending')) THEN
    RAISE EXCEPTION 'the lottery rules of raffle % are locked after the first sale', OLD.id
      USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER raffles_lottery_after_freeze
  BEFORE INSERT OR UPDATE ON raffles
  FOR EACH ROW EXECUTE FUNCTION raffles_lottery_after_freeze();
