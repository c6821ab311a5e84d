ALTER TABLE "raffles" DROP CONSTRAINT "raffles_status_check";--> statement-breakpoint
ALTER TABLE "raffles" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "raffles" ADD COLUMN "close_reason" text;--> statement-breakpoint
ALTER TABLE "raffles" ADD COLUMN "review_window_hours" integer DEFAULT 48 NOT NULL;--> statement-breakpoint
ALTER TABLE "raffles" ADD COLUMN "frozen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "raffles" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "raffles" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
-- ---------------------------------------------------------------------------------------------
-- Custom SQL (hand-written, issue 15): existing ready_to_announce rows take their place in the new
-- lifecycle before the new status check is added: drawn or with winners -> finished, else -> closed.
-- ---------------------------------------------------------------------------------------------
UPDATE "raffles" SET "status" = 'finished', "closed_at" = coalesce("drawn_at", "end_date", "updated_at")
  WHERE "status" = 'ready_to_announce'
    AND ("drawn_at" IS NOT NULL OR "winning_ticket_number" IS NOT NULL
         OR EXISTS (SELECT 1 FROM "winners" w WHERE w."raffle_id" = "raffles"."id"));--> statement-breakpoint
UPDATE "raffles" SET "status" = 'closed', "closed_at" = least(coalesce("end_date", now()), now()),
    "close_reason" = 'organiser'
  WHERE "status" = 'ready_to_announce';--> statement-breakpoint
UPDATE "raffles" SET "closed_at" = coalesce("drawn_at", "end_date", "updated_at")
  WHERE "status" = 'finished' AND "closed_at" IS NULL;--> statement-breakpoint
ALTER TABLE "raffles" ADD CONSTRAINT "raffles_review_window_check" CHECK ("raffles"."review_window_hours" BETWEEN 1 AND 720);--> statement-breakpoint
ALTER TABLE "raffles" ADD CONSTRAINT "raffles_close_reason_check" CHECK ("close_reason" IS NULL OR "close_reason" IN ('end_date', 'sold_out', 'countdown_ended', 'goal_reached', 'organiser'));--> statement-breakpoint
ALTER TABLE "raffles" ADD CONSTRAINT "raffles_cancel_reason_check" CHECK (("raffles"."status" = 'cancelled') = ("raffles"."cancelled_at" IS NOT NULL AND length(trim(coalesce("raffles"."cancel_reason", ''))) > 0));--> statement-breakpoint
ALTER TABLE "raffles" ADD CONSTRAINT "raffles_status_check" CHECK ("status" IN ('upcoming', 'active', 'closed', 'frozen', 'finished', 'cancelled'));--> statement-breakpoint
-- ---------------------------------------------------------------------------------------------
-- Custom SQL (hand-written, issue 15): the frozen ticket list is enforced by the database itself, so
-- neither a bug nor a hand-written UPDATE can change it. Refusals raise SQLSTATE 'RZ001' (list frozen)
-- or 'RZ002' (raffle not on sale); the API's one error handler answers them with a Spanish 409.
-- ---------------------------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION raffle_list_locked(rid uuid) RETURNS boolean AS $$
BEGIN
  RETURN rid IS NOT NULL AND EXISTS (
    SELECT 1 FROM raffles WHERE id = rid AND status IN ('frozen', 'finished'));
END;
$$ LANGUAGE plpgsql STABLE;
--> statement-breakpoint
-- tickets: no INSERT, UPDATE or DELETE of a frozen or finished raffle's tickets.
CREATE OR REPLACE FUNCTION tickets_refuse_when_frozen() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND raffle_list_locked(OLD.raffle_id) THEN
    RAISE EXCEPTION 'raffle % is frozen: its tickets cannot change', OLD.raffle_id USING ERRCODE = 'RZ001';
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND raffle_list_locked(NEW.raffle_id) THEN
    RAISE EXCEPTION 'raffle % is frozen: its tickets cannot change', NEW.raffle_id USING ERRCODE = 'RZ001';
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER tickets_frozen_guard
  BEFORE INSERT OR UPDATE OR DELETE ON tickets
  FOR EACH ROW EXECUTE FUNCTION tickets_refuse_when_frozen();
--> statement-breakpoint
-- payment_proofs: a new proof only for an active raffle (or none: a general payment); no status or raffle
-- change of a frozen or finished raffle's proofs (no approval, rejection or reassignment after the freeze).
CREATE OR REPLACE FUNCTION payment_proofs_lifecycle_guard() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.raffle_id IS NOT NULL AND NOT EXISTS (
        SELECT 1 FROM raffles WHERE id = NEW.raffle_id AND status = 'active') THEN
      RAISE EXCEPTION 'raffle % is not on sale', NEW.raffle_id USING ERRCODE = 'RZ002';
    END IF;
    RETURN NEW;
  END IF;
  IF (NEW.status IS DISTINCT FROM OLD.status OR NEW.raffle_id IS DISTINCT FROM OLD.raffle_id)
     AND (raffle_list_locked(OLD.raffle_id) OR raffle_list_locked(NEW.raffle_id)) THEN
    RAISE EXCEPTION 'raffle is frozen: its payment proofs cannot change' USING ERRCODE = 'RZ001';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER payment_proofs_lifecycle_guard
  BEFORE INSERT OR UPDATE ON payment_proofs
  FOR EACH ROW EXECUTE FUNCTION payment_proofs_lifecycle_guard();
--> statement-breakpoint
-- prize_levels: no change at all once the raffle is frozen or finished.
CREATE OR REPLACE FUNCTION prize_levels_refuse_when_frozen() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND raffle_list_locked(OLD.raffle_id) THEN
    RAISE EXCEPTION 'raffle % is frozen: its prizes cannot change', OLD.raffle_id USING ERRCODE = 'RZ001';
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND raffle_list_locked(NEW.raffle_id) THEN
    RAISE EXCEPTION 'raffle % is frozen: its prizes cannot change', NEW.raffle_id USING ERRCODE = 'RZ001';
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER prize_levels_frozen_guard
  BEFORE INSERT OR UPDATE OR DELETE ON prize_levels
  FOR EACH ROW EXECUTE FUNCTION prize_levels_refuse_when_frozen();
--> statement-breakpoint
-- raffles: a frozen or finished raffle keeps its rules as sold (columns read through to_jsonb, so the
-- external-lottery binding columns that migration 0008 adds are covered too), its sold count, and never
-- goes back: frozen only moves on to finished; finished and cancelled are final.
CREATE OR REPLACE FUNCTION raffles_lifecycle_guard() RETURNS trigger AS $$
DECLARE
  col text;
  old_row jsonb;
  new_row jsonb;
BEGIN
  IF OLD.status IN ('finished', 'cancelled') AND NEW.status IS DISTINCT FROM OLD.status THEN
    RAISE EXCEPTION 'raffle % is %: its state is final', OLD.id, OLD.status USING ERRCODE = 'RZ001';
  END IF;
  IF OLD.status = 'frozen' AND NEW.status NOT IN ('frozen', 'finished') THEN
    RAISE EXCEPTION 'raffle % is frozen: it can only be drawn', OLD.id USING ERRCODE = 'RZ001';
  END IF;
  IF OLD.status IN ('frozen', 'finished') THEN
    old_row := to_jsonb(OLD);
    new_row := to_jsonb(NEW);
    FOREACH col IN ARRAY ARRAY['price', 'currency', 'total_tickets', 'sold_tickets', 'start_date', 'end_date',
        'activation_type', 'activation_percentage', 'percentage_draw_activated_at', 'announcement_type',
        'external_lottery', 'external_draw_at', 'external_rule', 'review_window_hours',
        'max_tickets_per_buyer', 'closed_at', 'frozen_at'] LOOP
      IF (new_row -> col) IS DISTINCT FROM (old_row -> col) THEN
        RAISE EXCEPTION 'raffle % is %: % cannot change', OLD.id, OLD.status, col USING ERRCODE = 'RZ001';
      END IF;
    END LOOP;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER raffles_lifecycle_guard
  BEFORE UPDATE ON raffles
  FOR EACH ROW EXECUTE FUNCTION raffles_lifecycle_guard();
