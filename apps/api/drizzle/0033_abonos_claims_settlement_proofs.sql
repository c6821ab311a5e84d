ALTER TABLE "reservations" DROP CONSTRAINT "reservations_status_check";--> statement-breakpoint
ALTER TABLE "payment_proofs" ADD COLUMN "buyer_email" text;--> statement-breakpoint
ALTER TABLE "payment_proofs" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "raffles" ADD COLUMN "installment_minimum" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "raffles" ADD COLUMN "seller_leaderboard_public" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "kind" text DEFAULT 'purchase' NOT NULL;--> statement-breakpoint
ALTER TABLE "seller_settlements" ADD COLUMN "proof_path" text;--> statement-breakpoint
ALTER TABLE "seller_settlements" ADD COLUMN "proof_content_type" text;--> statement-breakpoint
ALTER TABLE "seller_settlements" ADD COLUMN "proof_size" integer;--> statement-breakpoint
ALTER TABLE "raffles" ADD CONSTRAINT "raffles_installment_minimum_check" CHECK ("raffles"."installment_minimum" IS NULL OR ("raffles"."installment_minimum" > 0 AND "raffles"."installment_minimum" < "raffles"."price"));--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_kind_check" CHECK ("kind" IN ('purchase', 'abono'));--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_partial_check" CHECK ("reservations"."status" <> 'partial' OR "reservations"."kind" = 'abono');--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_status_check" CHECK ("status" IN ('active', 'partial', 'submitted', 'approved', 'rejected', 'expired', 'cancelled'));--> statement-breakpoint
ALTER TABLE "seller_settlements" ADD CONSTRAINT "seller_settlements_proof_check" CHECK (("seller_settlements"."proof_path" IS NULL) = ("seller_settlements"."proof_content_type" IS NULL) AND ("seller_settlements"."proof_path" IS NULL) = ("seller_settlements"."proof_size" IS NULL));--> statement-breakpoint
-- The abonos' minimum is part of what buyers were sold, like the number mode and the combos (0009).
CREATE OR REPLACE FUNCTION raffles_purchase_rules_locked() RETURNS trigger AS $$
BEGIN
  IF (NEW.number_mode IS DISTINCT FROM OLD.number_mode OR NEW.combos IS DISTINCT FROM OLD.combos
      OR NEW.installment_minimum IS DISTINCT FROM OLD.installment_minimum)
     AND (OLD.sold_tickets > 0 OR EXISTS (SELECT 1 FROM reservations r WHERE r.raffle_id = OLD.id)) THEN
    RAISE EXCEPTION 'the number mode, combos and abonos of raffle % are locked after the first reservation', OLD.id
      USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
