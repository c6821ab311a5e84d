CREATE TABLE "bank_mappings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"mapping" jsonb NOT NULL,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_mappings_name_check" CHECK (length(trim("bank_mappings"."name")) > 0)
);
--> statement-breakpoint
CREATE TABLE "bank_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"statement_id" uuid NOT NULL,
	"bank_mapping_id" uuid NOT NULL,
	"posted_on" date NOT NULL,
	"reference" text NOT NULL,
	"reference_raw" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"source_row" integer NOT NULL,
	"fingerprint" text NOT NULL,
	"matched_proof_id" uuid,
	"matched_at" timestamp with time zone,
	"matched_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bank_mapping_id" uuid,
	"filename" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"row_count" integer DEFAULT 0 NOT NULL,
	"imported_count" integer DEFAULT 0 NOT NULL,
	"duplicate_count" integer DEFAULT 0 NOT NULL,
	"problem_count" integer DEFAULT 0 NOT NULL,
	"uploaded_by" text NOT NULL,
	"imported_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_statements_status_check" CHECK ("bank_statements"."status" IN ('draft', 'imported'))
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"proof_id" uuid NOT NULL,
	"raffle_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"currency" text NOT NULL,
	"exchange_rate" numeric(14, 4),
	"amount_ves" numeric(14, 2),
	"payment_method" text NOT NULL,
	"pay_to" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"paid_reference" text,
	"paid_proof_path" text,
	"paid_proof_content_type" text,
	"paid_proof_size" integer,
	"paid_at" timestamp with time zone,
	"paid_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_status_check" CHECK ("status" IN ('pending', 'paid')),
	CONSTRAINT "refunds_currency_check" CHECK ("currency" IN ('USD', 'VES')),
	CONSTRAINT "refunds_method_check" CHECK ("payment_method" IN ('pago_movil', 'transferencia', 'zelle', 'binance', 'efectivo_usd', 'tarjeta_nacional', 'tarjeta_internacional', 'otro')),
	CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount" > 0),
	CONSTRAINT "refunds_paid_check" CHECK (("refunds"."status" = 'paid') = ("refunds"."paid_at" IS NOT NULL AND length(trim(coalesce("refunds"."paid_reference", ''))) > 0))
);
--> statement-breakpoint
ALTER TABLE "payment_proofs" ADD COLUMN "analysis_status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_proofs" ADD COLUMN "analysis_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_proofs" ADD COLUMN "analyzed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_proofs" ADD COLUMN "phash" bigint;--> statement-breakpoint
ALTER TABLE "payment_proofs" ADD COLUMN "near_duplicate_of" uuid;--> statement-breakpoint
ALTER TABLE "payment_proofs" ADD COLUMN "ocr" jsonb;--> statement-breakpoint
ALTER TABLE "raffles" ADD COLUMN "min_tickets" integer;--> statement-breakpoint
ALTER TABLE "raffles" ADD COLUMN "max_extensions" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "raffles" ADD COLUMN "extensions_used" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "raffles" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bank_mappings" ADD CONSTRAINT "bank_mappings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_movements" ADD CONSTRAINT "bank_movements_statement_id_bank_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."bank_statements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_movements" ADD CONSTRAINT "bank_movements_bank_mapping_id_bank_mappings_id_fk" FOREIGN KEY ("bank_mapping_id") REFERENCES "public"."bank_mappings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_movements" ADD CONSTRAINT "bank_movements_matched_proof_id_payment_proofs_id_fk" FOREIGN KEY ("matched_proof_id") REFERENCES "public"."payment_proofs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_movements" ADD CONSTRAINT "bank_movements_matched_by_users_id_fk" FOREIGN KEY ("matched_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD CONSTRAINT "bank_statements_bank_mapping_id_bank_mappings_id_fk" FOREIGN KEY ("bank_mapping_id") REFERENCES "public"."bank_mappings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD CONSTRAINT "bank_statements_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_proof_id_payment_proofs_id_fk" FOREIGN KEY ("proof_id") REFERENCES "public"."payment_proofs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_raffle_id_raffles_id_fk" FOREIGN KEY ("raffle_id") REFERENCES "public"."raffles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_mappings_name_idx" ON "bank_mappings" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "bank_movements_fingerprint_idx" ON "bank_movements" USING btree ("fingerprint");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_movements_matched_proof_idx" ON "bank_movements" USING btree ("matched_proof_id");--> statement-breakpoint
CREATE INDEX "bank_movements_reference_idx" ON "bank_movements" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "bank_movements_posted_idx" ON "bank_movements" USING btree ("posted_on");--> statement-breakpoint
CREATE INDEX "bank_statements_created_idx" ON "bank_statements" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_proof_idx" ON "refunds" USING btree ("proof_id");--> statement-breakpoint
CREATE INDEX "refunds_status_created_idx" ON "refunds" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "refunds_user_idx" ON "refunds" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "refunds_raffle_idx" ON "refunds" USING btree ("raffle_id");--> statement-breakpoint
ALTER TABLE "payment_proofs" ADD CONSTRAINT "payment_proofs_near_duplicate_of_payment_proofs_id_fk" FOREIGN KEY ("near_duplicate_of") REFERENCES "public"."payment_proofs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_proofs_analysis_due_idx" ON "payment_proofs" USING btree ("created_at") WHERE "payment_proofs"."analysis_status" = 'pending';--> statement-breakpoint
CREATE INDEX "payment_proofs_near_duplicate_idx" ON "payment_proofs" USING btree ("near_duplicate_of");--> statement-breakpoint
ALTER TABLE "payment_proofs" ADD CONSTRAINT "payment_proofs_analysis_status_check" CHECK ("analysis_status" IN ('pending', 'done', 'failed', 'skipped'));--> statement-breakpoint
ALTER TABLE "raffles" ADD CONSTRAINT "raffles_min_tickets_check" CHECK ("raffles"."min_tickets" IS NULL OR "raffles"."min_tickets" BETWEEN 1 AND "raffles"."total_tickets");--> statement-breakpoint
ALTER TABLE "raffles" ADD CONSTRAINT "raffles_extensions_check" CHECK ("max_extensions" BETWEEN 0 AND 5 AND "extensions_used" BETWEEN 0 AND "max_extensions");--> statement-breakpoint
-- A movement pays one proof only, ever: once matched_proof_id is set it never changes (the unique index
-- keeps one movement per proof). A second upload of the same statement inserts nothing (fingerprint).
CREATE FUNCTION bank_movements_match_once() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.matched_proof_id IS NOT NULL AND NEW.matched_proof_id IS DISTINCT FROM OLD.matched_proof_id THEN
    RAISE EXCEPTION 'bank movement % already paid proof %', OLD.id, OLD.matched_proof_id
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER bank_movements_match_once BEFORE UPDATE ON bank_movements
  FOR EACH ROW EXECUTE FUNCTION bank_movements_match_once();
