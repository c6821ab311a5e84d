CREATE TABLE "disqualification_evidence" (
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
CREATE TABLE "drand_beacons" (
	"chain_hash" text NOT NULL,
	"round" bigint NOT NULL,
	"signature" text NOT NULL,
	"verified_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "drand_beacons_chain_hash_round_pk" PRIMARY KEY("chain_hash","round")
);
--> statement-breakpoint
ALTER TABLE "raffles" ADD COLUMN "claim_period_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "disqualification_evidence" ADD CONSTRAINT "disqualification_evidence_raffle_id_raffles_id_fk" FOREIGN KEY ("raffle_id") REFERENCES "public"."raffles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disqualification_evidence" ADD CONSTRAINT "disqualification_evidence_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "disqualification_evidence_raffle_idx" ON "disqualification_evidence" USING btree ("raffle_id","sha256");--> statement-breakpoint
ALTER TABLE "raffles" ADD CONSTRAINT "raffles_claim_period_check" CHECK ("raffles"."claim_period_days" BETWEEN 1 AND 365);--> statement-breakpoint
-- hand-written (decision 0021): the claim period is part of the rules buyers were sold under; like the
-- external binding (0008), it cannot change once a ticket is sold or a proof is under review.
CREATE OR REPLACE FUNCTION raffles_claim_period_locked() RETURNS trigger AS $$
BEGIN
  IF NEW.claim_period_days IS DISTINCT FROM OLD.claim_period_days
     AND (OLD.sold_tickets > 0
          OR EXISTS (SELECT 1 FROM payment_proofs p WHERE p.raffle_id = OLD.id AND p.status = 'pending')) THEN
    RAISE EXCEPTION 'the claim period of raffle % is locked after the first sale', OLD.id
      USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER raffles_claim_period_lock
  BEFORE UPDATE ON raffles
  FOR EACH ROW EXECUTE FUNCTION raffles_claim_period_locked();
