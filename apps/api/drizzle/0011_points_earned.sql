ALTER TABLE "users" ADD COLUMN "points_earned" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Backfill from the ledger (modules/points: every change of the balance is one points_history row).
-- Rows written by the ledger are of three kinds: an approved payment's award (positive, with its proof),
-- the reversal of a deleted proof's award (negative), and a redemption (negative, with its redemption; reason
-- "Canje: ..." from the app, "Canje de recompensa: ..." from the demo seed). The proof and redemption ids are
-- ON DELETE SET NULL, so the reason also marks redemptions. Points earned = every change except redemptions,
-- i.e. awards minus their reversals; never below zero.
UPDATE "users" u SET "points_earned" = greatest(0, coalesce(earned.total, 0))
FROM (
  SELECT "user_id", sum("points_change") AS total
  FROM "points_history"
  WHERE "reward_redemption_id" IS NULL
    AND "reason" NOT LIKE 'Canje: %'
    AND "reason" NOT LIKE 'Canje de recompensa: %'
  GROUP BY "user_id"
) earned
WHERE earned."user_id" = u."id";--> statement-breakpoint
-- The level follows points earned (shared LEVELS: Plata 500, Oro 1500, Diamante 5000).
UPDATE "users" SET "rifazo_level" = CASE
  WHEN "points_earned" >= 5000 THEN 'Diamante'
  WHEN "points_earned" >= 1500 THEN 'Oro'
  WHEN "points_earned" >= 500 THEN 'Plata'
  ELSE 'Bronce'
END;
