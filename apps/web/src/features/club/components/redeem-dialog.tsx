import { POINTS_UNIT_LABEL } from "@rifazo/shared/domain/levels";
import { CLUB_MESSAGES } from "@rifazo/shared/schemas/club";
import { AlertDialog } from "radix-ui";
import { Button } from "../../../components/ui/button";
import { useReturnFocus } from "../../../components/ui/return-focus";
import { formatNumber } from "../../../lib/format";
import type { ClubReward, RedeemResult } from "../api/club-api";

interface RedeemDialogProps {
  /** The reward being redeemed, or null when the dialog is closed. */
  reward: ClubReward | null;
  /** The balance before redeeming. */
  balance: number;
  /** Set once the redemption went through: the dialog then says how to claim the reward. */
  result: RedeemResult | null;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

const points = (n: number) => `${formatNumber(n)} ${POINTS_UNIT_LABEL}`;

/**
 * Spending points asks first: the reward, its cost and the balance after, and that the level stays (it
 * follows points earned, not the balance). Once redeemed, the same dialog says how the reward is claimed.
 * An alert dialog: focus starts on "Cancelar", Escape cancels, nothing behind it can be clicked.
 */
export function RedeemDialog({ reward, balance, result, busy, onConfirm, onClose }: RedeemDialogProps) {
  const returnFocus = useReturnFocus();
  return (
    <AlertDialog.Root
      open={reward !== null}
      onOpenChange={(open) => (!open && !busy ? onClose() : undefined)}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-brand-950/55 backdrop-blur-[2px] data-[state=open]:animate-fade-in" />
        <AlertDialog.Content
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-card border border-line bg-surface p-6 shadow-pop data-[state=open]:animate-pop-in"
          {...returnFocus}
        >
          {reward && result ? (
            <>
              <AlertDialog.Title className="text-lg font-bold text-ink">{result.title}</AlertDialog.Title>
              <AlertDialog.Description asChild>
                <div className="mt-2 space-y-3 text-sm text-muted">
                  <p className="text-ink">{result.message}</p>
                  <p>{result.howToClaim}</p>
                  <p>
                    Saldo actual: <strong className="text-ink">{points(result.points)}</strong>. Sigues en
                    Nivel {result.level}.
                  </p>
                </div>
              </AlertDialog.Description>
              <div className="mt-6 flex justify-end">
                <AlertDialog.Action asChild>
                  <Button>Entendido</Button>
                </AlertDialog.Action>
              </div>
            </>
          ) : reward ? (
            <>
              <AlertDialog.Title className="text-lg font-bold text-ink">
                {CLUB_MESSAGES.confirmTitle}
              </AlertDialog.Title>
              <AlertDialog.Description asChild>
                <div className="mt-2 space-y-3 text-sm text-muted">
                  <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 rounded-card bg-brand-50/60 p-3">
                    <dt>Recompensa</dt>
                    <dd className="text-right font-semibold text-ink">{reward.title}</dd>
                    <dt>Costo</dt>
                    <dd className="text-right font-semibold text-ink">{points(reward.pointsRequired)}</dd>
                    <dt>Tu saldo</dt>
                    <dd className="text-right text-ink">{points(balance)}</dd>
                    <dt>Saldo después</dt>
                    <dd className="text-right font-bold text-brand-800">
                      {points(balance - reward.pointsRequired)}
                    </dd>
                  </dl>
                  <p>{CLUB_MESSAGES.confirmKeepsLevel}</p>
                </div>
              </AlertDialog.Description>
              <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <AlertDialog.Cancel asChild>
                  <Button variant="outline" disabled={busy}>
                    {CLUB_MESSAGES.confirmCancel}
                  </Button>
                </AlertDialog.Cancel>
                <Button loading={busy} loadingText="Canjeando..." onClick={onConfirm}>
                  {CLUB_MESSAGES.confirmAction}
                </Button>
              </div>
            </>
          ) : null}
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
