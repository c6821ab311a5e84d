ALTER TABLE "seller_ledger" DROP CONSTRAINT "seller_ledger_account_check";--> statement-breakpoint
ALTER TABLE "tickets" DROP CONSTRAINT "tickets_sold_owner_check";--> statement-breakpoint
ALTER TABLE "payment_proofs" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_proofs" ALTER COLUMN "proof_image_path" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_proofs" ALTER COLUMN "proof_content_type" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_proofs" ALTER COLUMN "proof_size" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_proofs" ADD COLUMN "channel" text DEFAULT 'online' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_proofs" ADD COLUMN "seller_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_proofs" ADD COLUMN "buyer_name" text;--> statement-breakpoint
ALTER TABLE "payment_proofs" ADD COLUMN "buyer_phone" text;--> statement-breakpoint
ALTER TABLE "payment_proofs" ADD COLUMN "buyer_id_number" text;--> statement-breakpoint
ALTER TABLE "payment_proofs" ADD COLUMN "sale_id" uuid;--> statement-breakpoint
ALTER TABLE "seller_settlements" ADD COLUMN "kind" text DEFAULT 'commission' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_proofs" ADD CONSTRAINT "payment_proofs_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_proofs_seller_sale_idx" ON "payment_proofs" USING btree ("seller_id","sale_id");--> statement-breakpoint
CREATE INDEX "payment_proofs_seller_created_idx" ON "payment_proofs" USING btree ("seller_id","created_at" DESC NULLS LAST) WHERE "payment_proofs"."seller_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_proofs" ADD CONSTRAINT "payment_proofs_channel_check" CHECK ("channel" IN ('online', 'seller'));--> statement-breakpoint
ALTER TABLE "payment_proofs" ADD CONSTRAINT "payment_proofs_channel_owner_check" CHECK (("payment_proofs"."channel" = 'online' AND "payment_proofs"."user_id" IS NOT NULL AND "payment_proofs"."seller_id" IS NULL AND "payment_proofs"."sale_id" IS NULL) OR ("payment_proofs"."channel" = 'seller' AND "payment_proofs"."seller_id" IS NOT NULL AND "payment_proofs"."sale_id" IS NOT NULL AND length(trim(coalesce("payment_proofs"."buyer_name", ''))) > 0 AND "payment_proofs"."buyer_phone" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "payment_proofs" ADD CONSTRAINT "payment_proofs_file_check" CHECK (("payment_proofs"."proof_image_path" IS NULL) = ("payment_proofs"."proof_content_type" IS NULL) AND ("payment_proofs"."proof_image_path" IS NULL) = ("payment_proofs"."proof_size" IS NULL) AND ("payment_proofs"."proof_image_path" IS NOT NULL OR "payment_proofs"."channel" = 'seller'));--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_owner_check" CHECK ("reservations"."user_id" IS NOT NULL OR "reservations"."seller_id" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "seller_ledger" ADD CONSTRAINT "seller_ledger_account_check" CHECK ("account" IN ('commission_expense', 'commission_payable', 'commission_paid', 'cash_held', 'cash_sales', 'cash_received'));--> statement-breakpoint
ALTER TABLE "seller_settlements" ADD CONSTRAINT "seller_settlements_kind_check" CHECK ("kind" IN ('commission', 'cash'));--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_sold_owner_check" CHECK (("tickets"."status" = 'sold') = ("tickets"."payment_id" IS NOT NULL) AND ("tickets"."user_id" IS NULL OR "tickets"."status" = 'sold'));