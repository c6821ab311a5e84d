ALTER TABLE "bank_mappings" ADD COLUMN "layouts" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_movements" ADD COLUMN "reference_damaged" boolean DEFAULT false NOT NULL;