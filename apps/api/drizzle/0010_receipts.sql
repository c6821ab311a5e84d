ALTER TABLE "payment_proofs" ADD COLUMN "receipt_token" text;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_proofs_receipt_token_idx" ON "payment_proofs" USING btree ("receipt_token");--> statement-breakpoint
-- Purchases approved before receipts existed get their link too: 32 random bytes as base64url (43
-- characters), the same shape the approval writes (packages/shared/src/domain/receipt.ts).
UPDATE "payment_proofs"
SET "receipt_token" = rtrim(translate(encode(sha256((gen_random_uuid()::text || gen_random_uuid()::text)::bytea), 'base64'), '+/', '-_'), '=')
WHERE "status" IN ('approved', 'verified') AND "raffle_id" IS NOT NULL AND "receipt_token" IS NULL;
