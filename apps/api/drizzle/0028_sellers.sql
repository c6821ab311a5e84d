CREATE TABLE "seller_raffles" (
	"seller_id" uuid NOT NULL,
	"raffle_id" uuid NOT NULL,
	"allowed" boolean DEFAULT true NOT NULL,
	"commission_kind" text NOT NULL,
	"commission_value" numeric(12, 2) NOT NULL,
	"credit_limit" numeric(14, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seller_raffles_seller_id_raffle_id_pk" PRIMARY KEY("seller_id","raffle_id"),
	CONSTRAINT "seller_raffles_kind_check" CHECK ("commission_kind" IN ('percent', 'fixed')),
	CONSTRAINT "seller_raffles_commission_check" CHECK ("seller_raffles"."commission_value" >= 0 AND ("seller_raffles"."commission_kind" <> 'percent' OR "seller_raffles"."commission_value" <= 100)),
	CONSTRAINT "seller_raffles_credit_check" CHECK ("seller_raffles"."credit_limit" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sellers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"code" text NOT NULL,
	"status" text DEFAULT 'invited' NOT NULL,
	"user_id" text,
	"invitation_hash" text,
	"invitation_expires_at" timestamp with time zone,
	"invited_by" text,
	"accepted_at" timestamp with time zone,
	"suspended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sellers_status_check" CHECK ("status" IN ('invited', 'active', 'suspended')),
	CONSTRAINT "sellers_contact_check" CHECK ("sellers"."email" IS NOT NULL OR "sellers"."phone" IS NOT NULL),
	CONSTRAINT "sellers_code_check" CHECK ("sellers"."code" ~ '^[A-Z2-9]{6}$'),
	CONSTRAINT "sellers_invitation_check" CHECK (("sellers"."status" = 'invited') = ("sellers"."user_id" IS NULL) AND ("sellers"."user_id" IS NULL) = ("sellers"."invitation_hash" IS NOT NULL) AND ("sellers"."invitation_hash" IS NULL) = ("sellers"."invitation_expires_at" IS NULL)),
	CONSTRAINT "sellers_suspended_check" CHECK (("sellers"."status" = 'suspended') = ("sellers"."suspended_at" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "seller_raffles" ADD CONSTRAINT "seller_raffles_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_raffles" ADD CONSTRAINT "seller_raffles_raffle_id_raffles_id_fk" FOREIGN KEY ("raffle_id") REFERENCES "public"."raffles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sellers" ADD CONSTRAINT "sellers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sellers" ADD CONSTRAINT "sellers_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seller_raffles_raffle_idx" ON "seller_raffles" USING btree ("raffle_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sellers_code_idx" ON "sellers" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "sellers_user_idx" ON "sellers" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sellers_email_idx" ON "sellers" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "sellers_phone_idx" ON "sellers" USING btree ("phone");--> statement-breakpoint
CREATE UNIQUE INDEX "sellers_invitation_idx" ON "sellers" USING btree ("invitation_hash");