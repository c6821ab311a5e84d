CREATE TABLE "reservations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"raffle_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"quantity" integer NOT NULL,
	"numbers" integer[],
	"expires_at" timestamp with time zone NOT NULL,
	"unit_price" numeric(12, 2) NOT NULL,
	"currency" text NOT NULL,
	"pricing" jsonb NOT NULL,
	"exchange_rate" numeric(14, 4),
	"exchange_rate_at" timestamp with time zone,
	"released_at" timestamp with time zone,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reservations_status_check" CHECK ("status" IN ('active', 'submitted', 'approved', 'rejected', 'expired', 'cancelled')),
	CONSTRAINT "reservations_currency_check" CHECK ("currency" IN ('USD', 'VES')),
	CONSTRAINT "reservations_quantity_check" CHECK ("reservations"."quantity" BETWEEN 1 AND 10000),
	CONSTRAINT "reservations_numbers_check" CHECK ("reservations"."numbers" IS NULL OR cardinality("reservations"."numbers") = "reservations"."quantity")
);
--> statement-breakpoint
ALTER TABLE "payment_proofs" DROP CONSTRAINT "payment_proofs_method_check";--> statement-breakpoint
ALTER TABLE "tickets" DROP CONSTRAINT "tickets_status_check";--> statement-breakpoint
ALTER TABLE "payment_proofs" ADD COLUMN "reservation_id" uuid;--> statement-breakpoint
ALTER TABLE "raffles" ADD COLUMN "number_mode" text DEFAULT 'random' NOT NULL;--> statement-breakpoint
ALTER TABLE "raffles" ADD COLUMN "reservation_minutes" integer DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "raffles" ADD COLUMN "combos" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "reservation_id" uuid;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_raffle_id_raffles_id_fk" FOREIGN KEY ("raffle_id") REFERENCES "public"."raffles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_idempotency_idx" ON "reservations" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "reservations_raffle_status_idx" ON "reservations" USING btree ("raffle_id","status");--> statement-breakpoint
CREATE INDEX "reservations_user_created_idx" ON "reservations" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reservations_due_idx" ON "reservations" USING btree ("expires_at") WHERE "reservations"."status" IN ('active', 'rejected');--> statement-breakpoint
ALTER TABLE "payment_proofs" ADD CONSTRAINT "payment_proofs_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_proofs_reservation_idx" ON "payment_proofs" USING btree ("reservation_id");--> statement-breakpoint
CREATE INDEX "tickets_reservation_idx" ON "tickets" USING btree ("reservation_id");--> statement-breakpoint
ALTER TABLE "payment_proofs" ADD CONSTRAINT "payment_proofs_method_check" CHECK ("payment_method" IN ('pago_movil', 'transferencia', 'zelle', 'binance', 'efectivo_usd', 'tarjeta_nacional', 'tarjeta_internacional', 'otro'));--> statement-breakpoint
ALTER TABLE "raffles" ADD CONSTRAINT "raffles_number_mode_check" CHECK ("number_mode" IN ('random', 'chosen'));--> statement-breakpoint
ALTER TABLE "raffles" ADD CONSTRAINT "raffles_reservation_minutes_check" CHECK ("reservation_minutes" BETWEEN 5 AND 120);--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_reserved_check" CHECK (("tickets"."status" = 'reserved') = ("tickets"."reservation_id" IS NOT NULL AND "tickets"."status" <> 'sold'));--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_status_check" CHECK ("status" IN ('available', 'reserved', 'sold'));--> statement-breakpoint
-- ============================================================================================
-- Custom SQL (decision 0014, purchases with reservations), written by hand after the generated part above.
-- Re-apply this section as is if the migration is regenerated.
-- ============================================================================================
-- A reservation is a sale in progress: like a proof (0007), a new one only for a raffle on sale. Refused
-- with SQLSTATE 'RZ002', which the API's one error handler answers with a Spanish 409.
CREATE OR REPLACE FUNCTION reservations_lifecycle_guard() RETURNS trigger AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM raffles WHERE id = NEW.raffle_id AND status = 'active') THEN
    RAISE EXCEPTION 'raffle % is not on sale', NEW.raffle_id USING ERRCODE = 'RZ002';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER reservations_lifecycle_guard
  BEFORE INSERT ON reservations
  FOR EACH ROW EXECUTE FUNCTION reservations_lifecycle_guard();
--> statement-breakpoint
-- How numbers are given and the packages offered are part of what buyers were sold: they cannot change
-- once the raffle has a sale or any reservation (the organiser's form says the same, in Spanish).
CREATE OR REPLACE FUNCTION raffles_purchase_rules_locked() RETURNS trigger AS $$
BEGIN
  IF (NEW.number_mode IS DISTINCT FROM OLD.number_mode OR NEW.combos IS DISTINCT FROM OLD.combos)
     AND (OLD.sold_tickets > 0 OR EXISTS (SELECT 1 FROM reservations r WHERE r.raffle_id = OLD.id)) THEN
    RAISE EXCEPTION 'the number mode and combos of raffle % are locked after the first reservation', OLD.id
      USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER raffles_purchase_rules_lock
  BEFORE UPDATE ON raffles
  FOR EACH ROW EXECUTE FUNCTION raffles_purchase_rules_locked();
--> statement-breakpoint
-- 0007's guard of a frozen or finished raffle, with the purchase rules added to the columns it keeps.
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
        'max_tickets_per_buyer', 'closed_at', 'frozen_at', 'number_mode', 'combos',
        'reservation_minutes'] LOOP
      IF (new_row -> col) IS DISTINCT FROM (old_row -> col) THEN
        RAISE EXCEPTION 'raffle % is %: % cannot change', OLD.id, OLD.status, col USING ERRCODE = 'RZ001';
      END IF;
    END LOOP;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
