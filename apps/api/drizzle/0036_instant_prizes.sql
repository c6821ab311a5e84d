CREATE TABLE "instant_prizes" (
	"raffle_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"winner_count" integer NOT NULL,
	"prize_value" numeric(12, 2),
	"cash_currency" text,
	CONSTRAINT "instant_prizes_raffle_id_position_pk" PRIMARY KEY("raffle_id","position"),
	CONSTRAINT "instant_prizes_position_check" CHECK ("instant_prizes"."position" >= 1),
	CONSTRAINT "instant_prizes_count_check" CHECK ("instant_prizes"."winner_count" BETWEEN 1 AND 500),
	CONSTRAINT "instant_prizes_cash_currency_check" CHECK ("cash_currency" IS NULL OR "cash_currency" IN ('USD', 'VES')),
	CONSTRAINT "instant_prizes_cash_value_check" CHECK ("instant_prizes"."cash_currency" IS NULL OR "instant_prizes"."prize_value" > 0),
	CONSTRAINT "instant_prizes_value_check" CHECK ("instant_prizes"."prize_value" IS NULL OR "instant_prizes"."prize_value" >= 0)
);
--> statement-breakpoint
ALTER TABLE "winners" DROP CONSTRAINT "winners_source_check";--> statement-breakpoint
DROP INDEX "winners_raffle_ticket_idx";--> statement-breakpoint
ALTER TABLE "instant_prizes" ADD CONSTRAINT "instant_prizes_raffle_id_raffles_id_fk" FOREIGN KEY ("raffle_id") REFERENCES "public"."raffles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "winners_instant_ticket_idx" ON "winners" USING btree ("raffle_id","ticket_number") WHERE "winners"."source" = 'instant';--> statement-breakpoint
CREATE UNIQUE INDEX "winners_instant_slot_idx" ON "winners" USING btree ("raffle_id","prize_index") WHERE "winners"."source" = 'instant';--> statement-breakpoint
CREATE UNIQUE INDEX "winners_raffle_ticket_idx" ON "winners" USING btree ("raffle_id","ticket_number") WHERE "winners"."source" <> 'instant';--> statement-breakpoint
ALTER TABLE "winners" ADD CONSTRAINT "winners_instant_slot_check" CHECK ("winners"."source" <> 'instant' OR ("winners"."prize_level" = 0 AND "winners"."prize_index" >= 0));--> statement-breakpoint
ALTER TABLE "winners" ADD CONSTRAINT "winners_source_check" CHECK ("source" IN ('internal', 'external', 'instant'));--> statement-breakpoint
-- ============================================================================================
-- Custom SQL (decision 0035), written by hand after the generated part above.
-- ============================================================================================
-- Instant prizes are part of the rules as sold: fixed once the raffle has a sale or a proof in review.
CREATE OR REPLACE FUNCTION instant_prizes_locked() RETURNS trigger AS $$
DECLARE
  raffle uuid := COALESCE(NEW.raffle_id, OLD.raffle_id);
BEGIN
  IF EXISTS (SELECT 1 FROM payment_proofs p WHERE p.raffle_id = raffle AND p.status IN ('pending', 'approved', 'verified')) THEN
    RAISE EXCEPTION 'raffle % has sales: its instant prizes cannot change', raffle USING ERRCODE = 'RZ001';
  END IF;
  RETURN COALESCE(NEW, OLD);
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER instant_prizes_guard
  BEFORE INSERT OR UPDATE OR DELETE ON instant_prizes
  FOR EACH ROW EXECUTE FUNCTION instant_prizes_locked();
--> statement-breakpoint
-- An instant win takes a slot the rules offer: never more wins than instant prizes (the budget).
CREATE OR REPLACE FUNCTION winners_instant_budget() RETURNS trigger AS $$
BEGIN
  IF NEW.source = 'instant' AND NEW.prize_index >= COALESCE(
       (SELECT sum(i.winner_count) FROM instant_prizes i WHERE i.raffle_id = NEW.raffle_id), 0) THEN
    RAISE EXCEPTION 'raffle % has no instant prize left for slot %', NEW.raffle_id, NEW.prize_index USING ERRCODE = 'RZ001';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER winners_instant_budget_guard
  BEFORE INSERT OR UPDATE ON winners
  FOR EACH ROW EXECUTE FUNCTION winners_instant_budget();
