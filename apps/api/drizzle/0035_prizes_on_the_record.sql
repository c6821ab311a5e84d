CREATE TABLE "exchange_rates" (
	"date" text PRIMARY KEY NOT NULL,
	"rate" numeric(14, 4) NOT NULL,
	"source" text,
	"recorded_by" text,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_rates_rate_check" CHECK ("exchange_rates"."rate" > 0),
	CONSTRAINT "exchange_rates_date_check" CHECK ("exchange_rates"."date" ~ '^\d{4}-\d{2}-\d{2}$')
);
--> statement-breakpoint
CREATE TABLE "prize_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"winner_id" uuid NOT NULL,
	"raffle_id" uuid NOT NULL,
	"user_id" text,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"contact_phone" text,
	"payout_details" text,
	"note" text,
	"evidence_path" text NOT NULL,
	"evidence_sha256" text NOT NULL,
	"evidence_content_type" text NOT NULL,
	"evidence_size" integer NOT NULL,
	"review_status" text DEFAULT 'pending' NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" text,
	"review_note" text,
	"confirmed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prize_claims_review_check" CHECK ("review_status" IN ('pending', 'accepted', 'rejected')),
	CONSTRAINT "prize_claims_evidence_size_check" CHECK ("prize_claims"."evidence_size" > 0)
);
--> statement-breakpoint
CREATE TABLE "prize_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"winner_id" uuid NOT NULL,
	"raffle_id" uuid NOT NULL,
	"method" text NOT NULL,
	"delivered_on" text NOT NULL,
	"paid_currency" text,
	"paid_amount" numeric(14, 2),
	"rate" numeric(14, 4),
	"rate_date" text,
	"proof_path" text NOT NULL,
	"proof_sha256" text NOT NULL,
	"proof_content_type" text NOT NULL,
	"proof_size" integer NOT NULL,
	"note" text,
	"corrects" uuid,
	"record_seq" integer,
	"recorded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prize_deliveries_method_check" CHECK ("method" IN ('in_person', 'transfer', 'pago_movil', 'shipping')),
	CONSTRAINT "prize_deliveries_date_check" CHECK ("prize_deliveries"."delivered_on" ~ '^\d{4}-\d{2}-\d{2}$'),
	CONSTRAINT "prize_deliveries_currency_check" CHECK ("paid_currency" IS NULL OR "paid_currency" IN ('USD', 'VES')),
	CONSTRAINT "prize_deliveries_cash_check" CHECK (("prize_deliveries"."paid_currency" IS NULL) = ("prize_deliveries"."paid_amount" IS NULL) AND ("prize_deliveries"."paid_amount" IS NULL OR "prize_deliveries"."paid_amount" > 0)),
	CONSTRAINT "prize_deliveries_rate_check" CHECK (("prize_deliveries"."rate" IS NULL) = ("prize_deliveries"."rate_date" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "prize_disputes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"winner_id" uuid NOT NULL,
	"raffle_id" uuid NOT NULL,
	"user_id" text,
	"message" text NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" text,
	"resolution" text,
	CONSTRAINT "prize_disputes_resolution_check" CHECK (("prize_disputes"."resolved_at" IS NULL) = ("prize_disputes"."resolution" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "prize_levels" ADD COLUMN "cash_currency" text;--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD CONSTRAINT "exchange_rates_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prize_claims" ADD CONSTRAINT "prize_claims_winner_id_winners_id_fk" FOREIGN KEY ("winner_id") REFERENCES "public"."winners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prize_claims" ADD CONSTRAINT "prize_claims_raffle_id_raffles_id_fk" FOREIGN KEY ("raffle_id") REFERENCES "public"."raffles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prize_claims" ADD CONSTRAINT "prize_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prize_claims" ADD CONSTRAINT "prize_claims_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prize_deliveries" ADD CONSTRAINT "prize_deliveries_winner_id_winners_id_fk" FOREIGN KEY ("winner_id") REFERENCES "public"."winners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prize_deliveries" ADD CONSTRAINT "prize_deliveries_raffle_id_raffles_id_fk" FOREIGN KEY ("raffle_id") REFERENCES "public"."raffles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prize_deliveries" ADD CONSTRAINT "prize_deliveries_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prize_disputes" ADD CONSTRAINT "prize_disputes_winner_id_winners_id_fk" FOREIGN KEY ("winner_id") REFERENCES "public"."winners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prize_disputes" ADD CONSTRAINT "prize_disputes_raffle_id_raffles_id_fk" FOREIGN KEY ("raffle_id") REFERENCES "public"."raffles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prize_disputes" ADD CONSTRAINT "prize_disputes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prize_disputes" ADD CONSTRAINT "prize_disputes_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "prize_claims_winner_idx" ON "prize_claims" USING btree ("winner_id");--> statement-breakpoint
CREATE INDEX "prize_claims_raffle_idx" ON "prize_claims" USING btree ("raffle_id");--> statement-breakpoint
CREATE INDEX "prize_claims_user_idx" ON "prize_claims" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "prize_deliveries_winner_idx" ON "prize_deliveries" USING btree ("winner_id","created_at");--> statement-breakpoint
CREATE INDEX "prize_deliveries_raffle_idx" ON "prize_deliveries" USING btree ("raffle_id");--> statement-breakpoint
CREATE UNIQUE INDEX "prize_disputes_open_idx" ON "prize_disputes" USING btree ("winner_id") WHERE "prize_disputes"."resolved_at" IS NULL;--> statement-breakpoint
CREATE INDEX "prize_disputes_raffle_idx" ON "prize_disputes" USING btree ("raffle_id");--> statement-breakpoint
ALTER TABLE "prize_levels" ADD CONSTRAINT "prize_levels_cash_currency_check" CHECK ("cash_currency" IS NULL OR "cash_currency" IN ('USD', 'VES'));--> statement-breakpoint
ALTER TABLE "prize_levels" ADD CONSTRAINT "prize_levels_cash_value_check" CHECK ("prize_levels"."cash_currency" IS NULL OR "prize_levels"."prize_value" > 0);--> statement-breakpoint
-- ============================================================================================
-- Custom SQL (decision 0035), written by hand after the generated part above.
-- ============================================================================================
-- A delivery is evidence, as the record is: never rewritten nor removed; a correction is a new row.
CREATE OR REPLACE FUNCTION prize_deliveries_refuse_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'prize_deliveries is append-only' USING ERRCODE = '42501';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER prize_deliveries_append_only
  BEFORE UPDATE OR DELETE ON prize_deliveries
  FOR EACH ROW EXECUTE FUNCTION prize_deliveries_refuse_change();
--> statement-breakpoint
-- A cash prize is part of the rules as sold: fixed once the raffle has a sale or a proof in review, as
-- the claim period is (0017).
CREATE OR REPLACE FUNCTION prize_levels_cash_locked() RETURNS trigger AS $$
BEGIN
  IF (OLD.cash_currency IS DISTINCT FROM NEW.cash_currency
      OR (NEW.cash_currency IS NOT NULL AND OLD.prize_value IS DISTINCT FROM NEW.prize_value))
     AND EXISTS (SELECT 1 FROM payment_proofs p WHERE p.raffle_id = NEW.raffle_id AND p.status IN ('pending', 'approved', 'verified')) THEN
    RAISE EXCEPTION 'raffle % has sales: its cash prizes cannot change', NEW.raffle_id USING ERRCODE = 'RZ001';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER prize_levels_cash_guard
  BEFORE UPDATE ON prize_levels
  FOR EACH ROW EXECUTE FUNCTION prize_levels_cash_locked();
--> statement-breakpoint
-- The rate published so far becomes its day's entry in the history.
INSERT INTO exchange_rates (date, rate, source, recorded_at)
SELECT value->>'date', (value->>'rate')::numeric, value->>'source', updated_at
FROM settings
WHERE key = 'exchange_rate'
  AND value->>'date' ~ '^\d{4}-\d{2}-\d{2}$'
  AND (value->>'rate') ~ '^[0-9]+(\.[0-9]+)?$'
  AND (value->>'rate')::numeric > 0
ON CONFLICT (date) DO NOTHING;
