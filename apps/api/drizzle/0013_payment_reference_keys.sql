DROP INDEX "payment_proofs_live_ref_idx";--> statement-breakpoint
ALTER TABLE "payment_proofs" ADD COLUMN "reference_key" text;--> statement-breakpoint
ALTER TABLE "payment_proofs" ADD COLUMN "ocr_reference_key" text;--> statement-breakpoint
CREATE INDEX "payment_proofs_reference_key_idx" ON "payment_proofs" USING btree ("reference_key");--> statement-breakpoint
CREATE INDEX "payment_proofs_ocr_reference_key_idx" ON "payment_proofs" USING btree ("ocr_reference_key") WHERE "payment_proofs"."ocr_reference_key" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_proofs_live_ref_idx" ON "payment_proofs" USING btree ("reference_key") WHERE "payment_proofs"."status" IN ('pending', 'approved', 'verified') AND "payment_proofs"."duplicate_reference_of" IS NULL;--> statement-breakpoint
ALTER TABLE "payment_proofs" ADD CONSTRAINT "payment_proofs_reference_key_check" CHECK (length("payment_proofs"."reference_key") > 0);--> statement-breakpoint
-- ---------------------------------------------------------------------------------------------
-- hand-written (decision 0022): existing rows get a placeholder key that keeps the unique index as the
-- old one was (method + lower(reference)) and can never equal a real key ("raw:" is no method's space).
-- The real keys need the look-alike table, so the start-up step normalizeStoredReferenceKeys
-- (modules/proofs/reference-keys.ts) computes them right after the migrations, in one transaction, and
-- marks the copies it uncovers; 0014 then only makes the column NOT NULL.
-- ---------------------------------------------------------------------------------------------
UPDATE "payment_proofs" SET "reference_key" = 'raw:' || "payment_method" || ':' || lower("transaction_ref")
  WHERE "reference_key" IS NULL;
