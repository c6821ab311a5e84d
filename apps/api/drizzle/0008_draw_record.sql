CREATE TABLE "draw_record_entries" (
	"raffle_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"type" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"data" jsonb NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "draw_record_entries_raffle_id_seq_pk" PRIMARY KEY("raffle_id","seq"),
	CONSTRAINT "draw_record_entries_seq_check" CHECK ("draw_record_entries"."seq" >= 0)
);
--> statement-breakpoint
ALTER TABLE "payment_proofs" ADD COLUMN "receipt_secret" text DEFAULT encode(sha256((gen_random_uuid()::text || gen_random_uuid()::text)::bytea), 'hex') NOT NULL;--> statement-breakpoint
ALTER TABLE "raffles" ADD COLUMN "external_lottery" text;--> statement-breakpoint
ALTER TABLE "raffles" ADD COLUMN "external_draw_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "raffles" ADD COLUMN "external_rule" jsonb;--> statement-breakpoint
ALTER TABLE "winners" ADD COLUMN "prize_index" integer;--> statement-breakpoint
ALTER TABLE "winners" ADD COLUMN "disqualified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "winners" ADD COLUMN "disqualification_reason" text;--> statement-breakpoint
ALTER TABLE "draw_record_entries" ADD CONSTRAINT "draw_record_entries_raffle_id_raffles_id_fk" FOREIGN KEY ("raffle_id") REFERENCES "public"."raffles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- ============================================================================================
-- Custom SQL (decision 0012), written by hand after the generated part above. Re-apply this section as
-- is if the migration is regenerated.
-- ============================================================================================
-- The record is evidence: nobody, not even the API's own role, may rewrite or remove an entry
-- (as audit_log, 0001). Verification (verifyRecord) catches an edit made with the trigger disabled.
CREATE OR REPLACE FUNCTION draw_record_refuse_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'draw_record_entries is append-only' USING ERRCODE = '42501';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER draw_record_entries_append_only
  BEFORE UPDATE OR DELETE ON draw_record_entries
  FOR EACH ROW EXECUTE FUNCTION draw_record_refuse_change();
--> statement-breakpoint
-- The external binding (lottery, draw time, rule) cannot change once a ticket is sold or a proof is
-- under review. LIFECYCLE's 0007 guards the same columns on frozen raffles; this one guards the
-- earlier moment the issue names ("cannot change after the first sale").
CREATE OR REPLACE FUNCTION raffles_external_binding_locked() RETURNS trigger AS $$
BEGIN
  IF (NEW.external_lottery IS DISTINCT FROM OLD.external_lottery
      OR NEW.external_draw_at IS DISTINCT FROM OLD.external_draw_at
      OR NEW.external_rule IS DISTINCT FROM OLD.external_rule)
     AND (OLD.sold_tickets > 0
          OR EXISTS (SELECT 1 FROM payment_proofs p WHERE p.raffle_id = OLD.id AND p.status = 'pending')) THEN
    RAISE EXCEPTION 'the external lottery binding of raffle % is locked after the first sale', OLD.id
      USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER raffles_external_binding_lock
  BEFORE UPDATE ON raffles
  FOR EACH ROW EXECUTE FUNCTION raffles_external_binding_locked();
