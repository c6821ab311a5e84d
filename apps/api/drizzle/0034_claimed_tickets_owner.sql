-- 0007's guard of a frozen or drawn raffle's tickets, with one change let through: a buyer claiming a
-- vendedor's sale (docs/decisions/0034-vendedores.md) names their account on its sold tickets. Nothing of
-- the frozen list changes by it (numbers, purchases and the owner tags from the receipt's secret), so the
-- claim is let through only when user_id goes from none to the account that now owns the purchase, and
-- every other column stays as it was.
CREATE OR REPLACE FUNCTION tickets_refuse_when_frozen() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.user_id IS NULL AND NEW.user_id IS NOT NULL AND OLD.status = 'sold'
     AND (to_jsonb(NEW) - 'user_id') = (to_jsonb(OLD) - 'user_id')
     AND EXISTS (SELECT 1 FROM payment_proofs p
                 WHERE p.id = OLD.payment_id AND p.channel = 'seller' AND p.user_id = NEW.user_id) THEN
    RETURN NEW;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND raffle_list_locked(OLD.raffle_id) THEN
    RAISE EXCEPTION 'raffle % is frozen: its tickets cannot change', OLD.raffle_id USING ERRCODE = 'RZ001';
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND raffle_list_locked(NEW.raffle_id) THEN
    RAISE EXCEPTION 'raffle % is frozen: its tickets cannot change', NEW.raffle_id USING ERRCODE = 'RZ001';
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
