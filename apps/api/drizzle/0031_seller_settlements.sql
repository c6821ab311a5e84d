CREATE TABLE "seller_settlements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entry" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"raffle_id" uuid NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"currency" text NOT NULL,
	"method" text NOT NULL,
	"reference" text,
	"note" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seller_settlements_amount_check" CHECK ("seller_settlements"."amount" > 0),
	CONSTRAINT "seller_settlements_currency_check" CHECK ("currency" IN ('USD', 'VES')),
	CONSTRAINT "seller_settlements_method_check" CHECK ("method" IN ('efectivo', 'pago_movil', 'transferencia', 'zelle', 'binance')),
	CONSTRAINT "seller_settlements_reference_check" CHECK ("seller_settlements"."method" = 'efectivo' OR length(trim(coalesce("seller_settlements"."reference", ''))) > 0)
);
--> statement-breakpoint
ALTER TABLE "seller_ledger" DROP CONSTRAINT "seller_ledger_account_check";--> statement-breakpoint
ALTER TABLE "seller_settlements" ADD CONSTRAINT "seller_settlements_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_settlements" ADD CONSTRAINT "seller_settlements_raffle_id_raffles_id_fk" FOREIGN KEY ("raffle_id") REFERENCES "public"."raffles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_settlements" ADD CONSTRAINT "seller_settlements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "seller_settlements_entry_idx" ON "seller_settlements" USING btree ("entry");--> statement-breakpoint
CREATE INDEX "seller_settlements_seller_created_idx" ON "seller_settlements" USING btree ("seller_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "seller_ledger" ADD CONSTRAINT "seller_ledger_account_check" CHECK ("account" IN ('commission_expense', 'commission_payable', 'commission_paid'));