CREATE TABLE "accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_id" text,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"before" jsonb,
	"after" jsonb,
	"ip_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"ip_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"topic" text NOT NULL,
	"user_id" text,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"folder" text DEFAULT 'gallery' NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"variant_widths" integer[] DEFAULT ARRAY[]::integer[] NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "images_folder_check" CHECK ("folder" IN ('gallery', 'prizes'))
);
--> statement-breakpoint
CREATE TABLE "login_activity" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"login_time" timestamp with time zone DEFAULT now() NOT NULL,
	"device" text,
	"ip_address" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to_address" text NOT NULL,
	"reply_to" text,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "mail_outbox_status_check" CHECK ("status" IN ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"title" text DEFAULT 'Notificación' NOT NULL,
	"message" text NOT NULL,
	"type" text DEFAULT 'other' NOT NULL,
	"link_to" text,
	"is_read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_type_check" CHECK ("type" IN ('payment_approved', 'payment_rejected', 'level_up', 'raffle_won', 'raffle_announcement', 'admin_message', 'other'))
);
--> statement-breakpoint
CREATE TABLE "payment_proofs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"raffle_id" uuid,
	"amount" numeric(12, 2) NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"exchange_rate" numeric(14, 4),
	"payment_method" text NOT NULL,
	"transaction_ref" text NOT NULL,
	"proof_image_path" text NOT NULL,
	"proof_image_filename" text,
	"proof_content_type" text NOT NULL,
	"proof_size" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"user_notes" text,
	"admin_notes" text,
	"quantity_of_tickets" integer DEFAULT 1 NOT NULL,
	"idempotency_key" text,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_proofs_amount_check" CHECK ("payment_proofs"."amount" > 0),
	CONSTRAINT "payment_proofs_currency_check" CHECK ("currency" IN ('USD', 'VES')),
	CONSTRAINT "payment_proofs_method_check" CHECK ("payment_method" IN ('pago_movil', 'zelle', 'binance', 'efectivo_usd', 'tarjeta_nacional', 'tarjeta_internacional', 'otro')),
	CONSTRAINT "payment_proofs_status_check" CHECK ("status" IN ('pending', 'approved', 'verified', 'rejected')),
	CONSTRAINT "payment_proofs_quantity_check" CHECK ("payment_proofs"."quantity_of_tickets" BETWEEN 1 AND 10000),
	CONSTRAINT "payment_proofs_ref_check" CHECK (length(trim("payment_proofs"."transaction_ref")) > 0)
);
--> statement-breakpoint
CREATE TABLE "points_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"points_change" integer NOT NULL,
	"reason" text NOT NULL,
	"payment_proof_id" uuid,
	"reward_redemption_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_history_change_check" CHECK ("points_history"."points_change" <> 0)
);
--> statement-breakpoint
CREATE TABLE "prize_levels" (
	"raffle_id" uuid NOT NULL,
	"level" integer NOT NULL,
	"description" text NOT NULL,
	"winner_count" integer DEFAULT 1 NOT NULL,
	"prize_value" numeric(12, 2),
	CONSTRAINT "prize_levels_raffle_id_level_pk" PRIMARY KEY("raffle_id","level"),
	CONSTRAINT "prize_levels_level_check" CHECK ("prize_levels"."level" >= 1),
	CONSTRAINT "prize_levels_count_check" CHECK ("prize_levels"."winner_count" >= 1),
	CONSTRAINT "prize_levels_value_check" CHECK ("prize_levels"."prize_value" IS NULL OR "prize_levels"."prize_value" >= 0)
);
--> statement-breakpoint
CREATE TABLE "raffle_subscriptions" (
	"user_id" text NOT NULL,
	"raffle_id" uuid NOT NULL,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "raffle_subscriptions_user_id_raffle_id_pk" PRIMARY KEY("user_id","raffle_id")
);
--> statement-breakpoint
CREATE TABLE "raffles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"prize_image" text,
	"image_alt" text,
	"status" text DEFAULT 'upcoming' NOT NULL,
	"is_featured" boolean DEFAULT false NOT NULL,
	"start_date" timestamp with time zone,
	"end_date" timestamp with time zone,
	"total_tickets" integer DEFAULT 10000 NOT NULL,
	"sold_tickets" integer DEFAULT 0 NOT NULL,
	"activation_type" text DEFAULT 'date' NOT NULL,
	"activation_percentage" integer,
	"percentage_draw_activated_at" timestamp with time zone,
	"payment_methods" text[] DEFAULT ARRAY['Pago Móvil','Zelle','Binance Pay']::text[] NOT NULL,
	"announcement_type" text DEFAULT 'internal' NOT NULL,
	"external_announcement_platform" text,
	"external_announcement_details" text,
	"external_announcement_url" text,
	"days_until_activation_teaser" integer DEFAULT 10 NOT NULL,
	"tickets_generated" boolean DEFAULT false NOT NULL,
	"winner_id" text,
	"winner_name" text,
	"winning_ticket_number" integer,
	"draw_seed" text,
	"draw_seed_commitment" text,
	"draw_public_value_source" text,
	"draw_public_value" text,
	"draw_ticket_list_hash" text,
	"draw_algorithm" text,
	"draw_transcript" jsonb,
	"drawn_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "raffles_price_check" CHECK ("raffles"."price" > 0),
	CONSTRAINT "raffles_currency_check" CHECK ("currency" IN ('USD', 'VES')),
	CONSTRAINT "raffles_status_check" CHECK ("status" IN ('upcoming', 'active', 'ready_to_announce', 'finished')),
	CONSTRAINT "raffles_total_tickets_check" CHECK ("raffles"."total_tickets" BETWEEN 1 AND 10000),
	CONSTRAINT "raffles_sold_tickets_check" CHECK ("raffles"."sold_tickets" >= 0 AND "raffles"."sold_tickets" <= "raffles"."total_tickets"),
	CONSTRAINT "raffles_activation_type_check" CHECK ("activation_type" IN ('date', 'percentage')),
	CONSTRAINT "raffles_activation_percentage_check" CHECK ("raffles"."activation_percentage" IS NULL OR "raffles"."activation_percentage" BETWEEN 1 AND 100),
	CONSTRAINT "raffles_announcement_type_check" CHECK ("announcement_type" IN ('internal', 'external')),
	CONSTRAINT "raffles_external_platform_check" CHECK ("external_announcement_platform" IS NULL OR "external_announcement_platform" IN ('Instagram Live', 'Facebook Live', 'YouTube Live', 'TikTok Live', 'Programa de TV', 'Radio', 'Otro')),
	CONSTRAINT "raffles_teaser_days_check" CHECK ("raffles"."days_until_activation_teaser" >= 0),
	CONSTRAINT "raffles_title_check" CHECK (length(trim("raffles"."title")) > 0)
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"last_request" bigint NOT NULL,
	CONSTRAINT "rate_limits_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "reward_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"reward_id" uuid NOT NULL,
	"reward_title" text NOT NULL,
	"points_spent" integer NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reward_redemptions_points_check" CHECK ("reward_redemptions"."points_spent" > 0)
);
--> statement-breakpoint
CREATE TABLE "rewards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"points_required" integer NOT NULL,
	"required_level" text DEFAULT 'Bronce' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rewards_points_check" CHECK ("rewards"."points_required" > 0),
	CONSTRAINT "rewards_level_check" CHECK ("required_level" IN ('Bronce', 'Plata', 'Oro', 'Diamante'))
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	CONSTRAINT "sessions_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"raffle_id" uuid NOT NULL,
	"ticket_number" integer NOT NULL,
	"status" text DEFAULT 'available' NOT NULL,
	"user_id" text,
	"payment_id" uuid,
	"sold_at" timestamp with time zone,
	CONSTRAINT "tickets_number_check" CHECK ("tickets"."ticket_number" BETWEEN 0 AND 9999),
	CONSTRAINT "tickets_status_check" CHECK ("status" IN ('available', 'sold')),
	CONSTRAINT "tickets_sold_owner_check" CHECK (("tickets"."status" = 'sold') = ("tickets"."user_id" IS NOT NULL AND "tickets"."payment_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "two_factors" (
	"id" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"backup_codes" text NOT NULL,
	"user_id" text NOT NULL,
	"verified" boolean DEFAULT true,
	"failed_verification_count" integer DEFAULT 0,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "used_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_favorites" (
	"user_id" text NOT NULL,
	"raffle_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_favorites_user_id_raffle_id_pk" PRIMARY KEY("user_id","raffle_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"avatar_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"role" text DEFAULT 'user' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"phone" text,
	"rifazo_points" integer DEFAULT 0 NOT NULL,
	"rifazo_level" text DEFAULT 'Bronce' NOT NULL,
	"two_factor_enabled" boolean DEFAULT false NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_role_check" CHECK ("role" IN ('user', 'admin')),
	CONSTRAINT "users_status_check" CHECK ("status" IN ('active', 'inactive')),
	CONSTRAINT "users_level_check" CHECK ("rifazo_level" IN ('Bronce', 'Plata', 'Oro', 'Diamante'))
);
--> statement-breakpoint
CREATE TABLE "verifications" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "winners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"raffle_id" uuid NOT NULL,
	"ticket_id" uuid,
	"ticket_number" integer NOT NULL,
	"user_id" text,
	"winner_name" text NOT NULL,
	"prize_level" integer DEFAULT 1 NOT NULL,
	"prize_description" text NOT NULL,
	"source" text DEFAULT 'internal' NOT NULL,
	"announced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "winners_ticket_number_check" CHECK ("winners"."ticket_number" BETWEEN 0 AND 9999),
	CONSTRAINT "winners_source_check" CHECK ("source" IN ('internal', 'external'))
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_activity" ADD CONSTRAINT "login_activity_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_proofs" ADD CONSTRAINT "payment_proofs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_proofs" ADD CONSTRAINT "payment_proofs_raffle_id_raffles_id_fk" FOREIGN KEY ("raffle_id") REFERENCES "public"."raffles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_proofs" ADD CONSTRAINT "payment_proofs_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_history" ADD CONSTRAINT "points_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_history" ADD CONSTRAINT "points_history_payment_proof_id_payment_proofs_id_fk" FOREIGN KEY ("payment_proof_id") REFERENCES "public"."payment_proofs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_history" ADD CONSTRAINT "points_history_reward_redemption_id_reward_redemptions_id_fk" FOREIGN KEY ("reward_redemption_id") REFERENCES "public"."reward_redemptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prize_levels" ADD CONSTRAINT "prize_levels_raffle_id_raffles_id_fk" FOREIGN KEY ("raffle_id") REFERENCES "public"."raffles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raffle_subscriptions" ADD CONSTRAINT "raffle_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raffle_subscriptions" ADD CONSTRAINT "raffle_subscriptions_raffle_id_raffles_id_fk" FOREIGN KEY ("raffle_id") REFERENCES "public"."raffles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raffles" ADD CONSTRAINT "raffles_winner_id_users_id_fk" FOREIGN KEY ("winner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raffles" ADD CONSTRAINT "raffles_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_redemptions" ADD CONSTRAINT "reward_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_redemptions" ADD CONSTRAINT "reward_redemptions_reward_id_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."rewards"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_raffle_id_raffles_id_fk" FOREIGN KEY ("raffle_id") REFERENCES "public"."raffles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_payment_id_payment_proofs_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payment_proofs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "two_factors" ADD CONSTRAINT "two_factors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_favorites" ADD CONSTRAINT "user_favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_favorites" ADD CONSTRAINT "user_favorites_raffle_id_raffles_id_fk" FOREIGN KEY ("raffle_id") REFERENCES "public"."raffles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "winners" ADD CONSTRAINT "winners_raffle_id_raffles_id_fk" FOREIGN KEY ("raffle_id") REFERENCES "public"."raffles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "winners" ADD CONSTRAINT "winners_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "winners" ADD CONSTRAINT "winners_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_user_id_idx" ON "accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "events_created_idx" ON "events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "images_folder_created_idx" ON "images" USING btree ("folder","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "login_activity_user_time_idx" ON "login_activity" USING btree ("user_id","login_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE "mail_outbox"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id") WHERE NOT "notifications"."is_read";--> statement-breakpoint
CREATE UNIQUE INDEX "payment_proofs_idempotency_idx" ON "payment_proofs" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_proofs_live_ref_idx" ON "payment_proofs" USING btree ("payment_method",lower(trim("transaction_ref"))) WHERE "payment_proofs"."status" IN ('pending', 'approved', 'verified');--> statement-breakpoint
CREATE INDEX "payment_proofs_user_created_idx" ON "payment_proofs" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payment_proofs_status_created_idx" ON "payment_proofs" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payment_proofs_raffle_status_idx" ON "payment_proofs" USING btree ("raffle_id","status");--> statement-breakpoint
CREATE INDEX "payment_proofs_created_idx" ON "payment_proofs" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "points_history_user_created_idx" ON "points_history" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "points_history_proof_idx" ON "points_history" USING btree ("payment_proof_id");--> statement-breakpoint
CREATE INDEX "raffle_subscriptions_raffle_idx" ON "raffle_subscriptions" USING btree ("raffle_id");--> statement-breakpoint
CREATE INDEX "raffles_status_created_idx" ON "raffles" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "raffles_featured_idx" ON "raffles" USING btree ("created_at" DESC NULLS LAST) WHERE "raffles"."is_featured" AND "raffles"."status" = 'active';--> statement-breakpoint
CREATE INDEX "raffles_start_date_idx" ON "raffles" USING btree ("start_date");--> statement-breakpoint
CREATE INDEX "raffles_end_date_idx" ON "raffles" USING btree ("end_date" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "reward_redemptions_idempotency_idx" ON "reward_redemptions" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "reward_redemptions_user_idx" ON "reward_redemptions" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "rewards_points_idx" ON "rewards" USING btree ("points_required");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_raffle_number_idx" ON "tickets" USING btree ("raffle_id","ticket_number");--> statement-breakpoint
CREATE INDEX "tickets_raffle_status_idx" ON "tickets" USING btree ("raffle_id","status");--> statement-breakpoint
CREATE INDEX "tickets_user_idx" ON "tickets" USING btree ("user_id","raffle_id","ticket_number");--> statement-breakpoint
CREATE INDEX "tickets_payment_idx" ON "tickets" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "two_factors_user_id_idx" ON "two_factors" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "two_factors_secret_idx" ON "two_factors" USING btree ("secret");--> statement-breakpoint
CREATE INDEX "user_favorites_raffle_idx" ON "user_favorites" USING btree ("raffle_id");--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "verifications_identifier_idx" ON "verifications" USING btree ("identifier");--> statement-breakpoint
CREATE UNIQUE INDEX "winners_raffle_ticket_idx" ON "winners" USING btree ("raffle_id","ticket_number");--> statement-breakpoint
CREATE INDEX "winners_raffle_announced_idx" ON "winners" USING btree ("raffle_id","announced_at");--> statement-breakpoint
CREATE INDEX "winners_user_idx" ON "winners" USING btree ("user_id");