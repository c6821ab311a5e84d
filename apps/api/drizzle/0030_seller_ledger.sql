CREATE TABLE "seller_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entry" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"raffle_id" uuid NOT NULL,
	"payment_proof_id" uuid,
	"account" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"currency" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seller_ledger_account_check" CHECK ("account" IN ('commission_expense', 'commission_payable')),
	CONSTRAINT "seller_ledger_amount_check" CHECK ("seller_ledger"."amount" <> 0),
	CONSTRAINT "seller_ledger_currency_check" CHECK ("currency" IN ('USD', 'VES'))
);
--> statement-breakpoint
ALTER TABLE "seller_ledger" ADD CONSTRAINT "seller_ledger_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_ledger" ADD CONSTRAINT "seller_ledger_raffle_id_raffles_id_fk" FOREIGN KEY ("raffle_id") REFERENCES "public"."raffles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seller_ledger_seller_raffle_idx" ON "seller_ledger" USING btree ("seller_id","raffle_id");--> statement-breakpoint
CREATE INDEX "seller_ledger_proof_idx" ON "seller_ledger" USING btree ("payment_proof_id");--> statement-breakpoint
CREATE INDEX "seller_ledger_entry_idx" ON "seller_ledger" USING btree ("entry");--> statement-breakpoint
-- The ledger is evidence of what each vendedor earned: nobody rewrites or removes a posting.
CREATE OR REPLACE FUNCTION seller_ledger_refuse_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'seller_ledger is append-only' USING ERRCODE = '42501';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER seller_ledger_append_only
  BEFORE UPDATE OR DELETE ON seller_ledger
  FOR EACH ROW EXECUTE FUNCTION seller_ledger_refuse_change();
--> statement-breakpoint
-- Double entry: at COMMIT, every entry written in the transaction sums to zero in each currency.
CREATE OR REPLACE FUNCTION seller_ledger_check_balanced() RETURNS trigger AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM seller_ledger WHERE entry = NEW.entry GROUP BY currency HAVING sum(amount) <> 0
  ) THEN
    RAISE EXCEPTION 'seller_ledger entry % does not balance', NEW.entry USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER seller_ledger_balanced
  AFTER INSERT ON seller_ledger
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION seller_ledger_check_balanced();
