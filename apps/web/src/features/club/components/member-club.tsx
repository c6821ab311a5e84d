import { type LevelName, POINTS_PER_CURRENCY_UNIT } from "@rifazo/shared/constants";
import { pointsEarningText } from "@rifazo/shared/domain/glossary";
import { getLevel, LEVELS, type LoyaltyLevel, POINTS_UNIT_LABEL } from "@rifazo/shared/domain/levels";
import { CLUB_MESSAGES } from "@rifazo/shared/schemas/club";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent } from "../../../components/ui/card";
import { CheckIcon } from "../../../components/ui/icons";
import { QueryErrorAlert } from "../../../components/ui/query-error-alert";
import { Skeleton } from "../../../components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../components/ui/tabs";
import { toast } from "../../../components/ui/toast";
import { errorMessage, isApiError } from "../../../lib/api-client";
import { cn } from "../../../lib/cn";
import { formatDate, formatNumber } from "../../../lib/format";
import { sessionQueryKey } from "../../auth";
import { toastIfOffline } from "../../offline";
import { newIdempotencyKey } from "../../proofs";
import {
  type Club,
  type ClubReward,
  clubKeys,
  clubQuery,
  type RedeemResult,
  redeemReward,
} from "../api/club-api";
import { ClubMemberHeader } from "../club-member-header";
import { redeemErrorTitle, redeemRefusal, signedPoints, sortRewards } from "../club-rules";
import { LEVEL_STYLES } from "../level-style";
import { LevelsGrid } from "../levels-grid";
import { RedeemDialog } from "./redeem-dialog";

// The club for a signed-in member with points (spec 1 §2 "Loyalty club"): the member header (level,
// points, progress to the next level) fed by GET /api/club, and the tabs beneficios, recompensas,
// historial and niveles. The club page renders it for members with points; visitors and members with
// zero points keep the welcome panel. The page itself carries the back link to /perfil and the terms.

const chipFor = (name: string) => LEVEL_STYLES[name as LevelName]?.chip ?? LEVEL_STYLES.Bronce.chip;

function BenefitList({ level }: { level: LoyaltyLevel }) {
  return (
    <ul className="space-y-2">
      {level.benefits.map((benefit) => (
        <li key={benefit} className="flex gap-2 text-sm text-ink">
          <CheckIcon className="mt-0.5 shrink-0 text-success-600" />
          {benefit}
        </li>
      ))}
    </ul>
  );
}

function BenefitsTab({ club }: { club: Club }) {
  const current = getLevel(club.level) ?? (LEVELS[0] as LoyaltyLevel);
  const next = club.nextLevel ? getLevel(club.nextLevel) : null;
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Card>
        <CardContent className="space-y-3">
          <h3 className="text-lg font-bold text-ink">Beneficios de tu nivel</h3>
          <p className="text-sm text-muted">{current.welcomeMessage}</p>
          <BenefitList level={current} />
        </CardContent>
      </Card>
      {next ? (
        <Card>
          <CardContent className="space-y-3">
            <h3 className="text-lg font-bold text-ink">Al llegar a Nivel {next.name}</h3>
            <p className="text-sm text-muted">
              Te faltan {formatNumber(club.pointsToNextLevel)} {POINTS_UNIT_LABEL}. Ganas{" "}
              {pointsEarningText(POINTS_PER_CURRENCY_UNIT)}.
            </p>
            <BenefitList level={next} />
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}

/** One reward: its level, cost, what the member still lacks, and the button that redeems it. */
function RewardCard({
  reward,
  busy,
  pending,
  onRedeem,
}: {
  reward: ClubReward;
  busy: boolean;
  pending: boolean;
  onRedeem: () => void;
}) {
  const hint = !reward.hasEnoughPoints
    ? `Te faltan ${formatNumber(reward.missingPoints)} ${POINTS_UNIT_LABEL}`
    : !reward.hasRequiredLevel
      ? `Requiere Nivel ${reward.requiredLevel}`
      : "¡Disponible para canjear!";
  return (
    <li>
      <Card className={cn("flex h-full flex-col", reward.redeemable && "border-success-600/40")}>
        <CardContent className="flex flex-1 flex-col gap-3">
          <div className="flex items-start justify-between gap-2">
            <h3 className="font-bold text-ink">{reward.title}</h3>
            <Badge variant="neutral" className={cn("shrink-0 ring-0!", chipFor(reward.requiredLevel))}>
              {reward.requiredLevel}
            </Badge>
          </div>
          {reward.description ? <p className="text-sm text-muted">{reward.description}</p> : null}
          <p className="mt-auto text-xl font-black text-brand-800">
            {formatNumber(reward.pointsRequired)}{" "}
            <span className="text-sm font-bold text-muted">{POINTS_UNIT_LABEL}</span>
          </p>
          <p
            id={`reward-hint-${reward.id}`}
            className={cn("text-xs font-semibold", reward.redeemable ? "text-success-700" : "text-muted")}
          >
            {hint}
          </p>
          <Button
            variant={reward.redeemable ? "primary" : "outline"}
            onClick={onRedeem}
            disabled={busy}
            loading={pending}
            loadingText="Canjeando..."
            aria-describedby={`reward-hint-${reward.id}`}
          >
            Canjear
          </Button>
        </CardContent>
      </Card>
    </li>
  );
}

/** Redeeming a reward: the confirmation under way, its result, and the request (idempotent on retry). */
function useRedemption() {
  const queryClient = useQueryClient();
  // A retry after a lost answer reuses the key, so the points are never spent twice.
  const keys = useRef(new Map<string, string>());
  // The reward whose redemption is being confirmed, then its result (how to claim it).
  const [confirming, setConfirming] = useState<ClubReward | null>(null);
  const [redeemed, setRedeemed] = useState<RedeemResult | null>(null);
  const mutation = useMutation({
    mutationFn: (reward: ClubReward) => {
      const key = keys.current.get(reward.id) ?? newIdempotencyKey();
      keys.current.set(reward.id, key);
      return redeemReward(reward.id, key);
    },
    onSuccess: (result, reward) => {
      keys.current.delete(reward.id);
      setRedeemed(result);
      toast({
        title: result.title || CLUB_MESSAGES.redeemedTitle,
        description: result.message,
        variant: "success",
      });
    },
    onError: (error, reward) => {
      if (!isApiError(error) || !error.isNetwork) keys.current.delete(reward.id);
      setConfirming(null);
      if (toastIfOffline(error, "canjear la recompensa", () => mutation.mutate(reward))) return;
      toast({
        title: isApiError(error) ? redeemErrorTitle(error.code) : CLUB_MESSAGES.redeemErrorTitle,
        description: errorMessage(error),
        variant: "error",
      });
    },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: clubKeys.all });
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
  return { confirming, setConfirming, redeemed, setRedeemed, mutation };
}

function RewardsTab({ club }: { club: Club }) {
  const { confirming, setConfirming, redeemed, setRedeemed, mutation } = useRedemption();
  const balanceBefore = useRef(club.points);

  const redeem = (reward: ClubReward) => {
    const refusal = redeemRefusal(reward);
    if (refusal) {
      toast({ title: refusal.title, description: refusal.description, variant: "warning" });
      return;
    }
    balanceBefore.current = club.points;
    setRedeemed(null);
    setConfirming(reward);
  };

  const rewards = sortRewards(club.rewards);
  if (rewards.length === 0) {
    return (
      <p className="text-sm text-muted">Pronto tendremos recompensas para canjear. ¡Sigue sumando puntos!</p>
    );
  }
  return (
    <>
      <RedeemDialog
        reward={confirming}
        balance={balanceBefore.current}
        result={redeemed}
        busy={mutation.isPending}
        onConfirm={() => (confirming ? mutation.mutate(confirming) : undefined)}
        onClose={() => {
          setConfirming(null);
          setRedeemed(null);
        }}
      />
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {rewards.map((reward) => (
          <RewardCard
            key={reward.id}
            reward={reward}
            busy={mutation.isPending}
            pending={mutation.isPending && mutation.variables?.id === reward.id}
            onRedeem={() => redeem(reward)}
          />
        ))}
      </ul>
    </>
  );
}

function HistoryTab({ club }: { club: Club }) {
  if (club.history.length === 0) {
    return <p className="text-sm text-muted">Aún no tienes movimientos de {POINTS_UNIT_LABEL}.</p>;
  }
  return (
    <Card>
      {/* A fixed-height area that scrolls (spec 1 §2): a long history never pushes the page down. */}
      <section
        aria-label="Historial de puntos"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
        tabIndex={0}
        className="max-h-80 overflow-y-auto overscroll-contain rounded-card"
      >
        <ul className="divide-y divide-line">
          {club.history.map((entry) => (
            <li key={entry.id} className="flex items-center justify-between gap-3 px-4 py-3 sm:px-5">
              <div className="min-w-0">
                <p className="text-sm font-semibold break-words text-ink">{entry.reason}</p>
                <p className="text-xs text-muted">{formatDate(entry.createdAt, "medium")}</p>
              </div>
              <span
                className={cn(
                  "shrink-0 font-mono text-base font-bold",
                  entry.pointsChange > 0 ? "text-success-700" : "text-danger-700",
                )}
              >
                {signedPoints(entry.pointsChange)}
              </span>
            </li>
          ))}
        </ul>
      </section>
    </Card>
  );
}

function LevelsTab({ club }: { club: Club }) {
  return <LevelsGrid currentLevel={club.level} />;
}

export function MemberClub({ name }: { name: string }) {
  const query = useQuery(clubQuery);

  let body: React.ReactNode;
  if (query.isPending) {
    body = (
      <div className="space-y-4" aria-busy="true">
        <Skeleton className="h-48 w-full rounded-card" />
        <Skeleton className="h-10 w-80 max-w-full" />
        <Skeleton className="h-64 w-full rounded-card" />
      </div>
    );
  } else if (query.isError) {
    body = (
      <QueryErrorAlert query={query} title={CLUB_MESSAGES.loadError}>
        {errorMessage(query.error)}
      </QueryErrorAlert>
    );
  } else {
    const club = query.data;
    body = (
      <div className="space-y-6">
        <ClubMemberHeader name={name} points={club.points} earned={club.pointsEarned} />
        <Tabs defaultValue="beneficios">
          <TabsList
            aria-label="Secciones del club"
            className="grid! w-full grid-cols-2 sm:inline-flex! sm:w-auto"
          >
            <TabsTrigger value="beneficios">Beneficios</TabsTrigger>
            <TabsTrigger value="recompensas">Recompensas</TabsTrigger>
            <TabsTrigger value="historial">Historial</TabsTrigger>
            <TabsTrigger value="niveles">Niveles</TabsTrigger>
          </TabsList>
          <TabsContent value="beneficios">
            <BenefitsTab club={club} />
          </TabsContent>
          <TabsContent value="recompensas">
            <RewardsTab club={club} />
          </TabsContent>
          <TabsContent value="historial">
            <HistoryTab club={club} />
          </TabsContent>
          <TabsContent value="niveles">
            <LevelsTab club={club} />
          </TabsContent>
        </Tabs>
      </div>
    );
  }

  return <div className="space-y-6">{body}</div>;
}

export default MemberClub;
