ALTER TABLE "raffles" ADD COLUMN "prize_images" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "raffles" ADD COLUMN "lottery_decided" boolean DEFAULT false NOT NULL;