import {
  PROOF_STATUS_LABELS,
  type ProofStatus,
  RAFFLE_STATUS_LABELS,
  RAFFLE_STATUSES,
} from "@rifazo/shared/constants";
import { countText } from "@rifazo/shared/domain/plural";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { Card, CardContent } from "../../../components/ui/card";
import { Skeleton } from "../../../components/ui/skeleton";
import { toast } from "../../../components/ui/toast";
import { errorMessage } from "../../../lib/api-client";
import { formatNumber } from "../../../lib/format";
import { type AdminStats, adminKeys, fetchStats } from "../api/admin-api";
import { LoadError } from "../shared/load-states";
import { RaffleFilter } from "../shared/raffle-picker";
import { moneyPairText, RevenueSummary } from "../shared/revenue-summary";
import { SectionCard } from "../shared/section-card";
import { useAdminRaffles } from "../shared/use-admin-raffles";
import { normalizeSalesByDay } from "./chart-data";
import { BarChart, type BarDatum, LineChart } from "./charts";
import { PageViewsCard } from "./page-views-card";

const PROOF_ORDER: ProofStatus[] = ["pending", "approved", "verified", "rejected"];
const PROOF_TONES: Record<ProofStatus, string> = {
  pending: "fill-accent-500",
  approved: "fill-success-600",
  verified: "fill-success-700",
  rejected: "fill-danger-600",
};

function StatCard({ label, value, hint }: { label: string; value: React.ReactNode; hint?: React.ReactNode }) {
  return (
    <Card>
      <CardContent className="space-y-1">
        <p className="text-sm font-semibold text-muted">{label}</p>
        <div className="text-2xl font-black tabular-nums text-brand-900">{value}</div>
        {hint ? <div className="text-xs text-muted">{hint}</div> : null}
      </CardContent>
    </Card>
  );
}

/** The proofs by status, "Verificado" only once there is one. */
function proofBarsOf(data: AdminStats | undefined): BarDatum[] {
  return PROOF_ORDER.filter(
    (status) => status !== "verified" || (data?.proofsByStatus.verified ?? 0) > 0,
  ).map((status) => ({
    key: status,
    label: status === "verified" ? "Verificado" : PROOF_STATUS_LABELS[status],
    value: data?.proofsByStatus[status] ?? 0,
    tone: PROOF_TONES[status],
  }));
}

/** The net revenue of each raffle with sales, highest first. */
function revenueBarsOf(data: AdminStats | undefined): BarDatum[] {
  // Every payment counts in dollars at its frozen rate, so one scale compares all raffles: the bar is
  // the net (collected − refunded); a cancelled, refunded raffle shows its zero and what it returned.
  return (data?.revenueByRaffle ?? [])
    .filter((row) => row.revenue.proofs > 0)
    .sort((a, b) => b.revenue.net.usd - a.revenue.net.usd)
    .map((row) => ({
      key: row.id,
      label: row.title,
      value: Math.max(0, row.revenue.net.usd),
      valueLabel:
        row.revenue.refunded.usd > 0 || row.revenue.refunded.ves > 0
          ? `Neto ${moneyPairText(row.revenue.net)} · Reembolsado ${moneyPairText(row.revenue.refunded)}`
          : `Neto ${moneyPairText(row.revenue.net)} · ${countText(row.soldTickets, "boleto", "boletos")}`,
      tone: "fill-brand-600",
    }));
}

/** Users, today's sign-ups and the raffles by status with the tickets sold. */
function StatCards({ data }: { data: AdminStats }) {
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
      <StatCard label="Usuarios registrados" value={formatNumber(data.totalUsers)} />
      <StatCard
        label="Registrados hoy"
        value={formatNumber(data.registeredToday)}
        hint="Desde las 12:00 a. m. (hora de Venezuela)"
      />
      <StatCard
        label="Rifas"
        value={formatNumber(data.totalRaffles)}
        hint={`${RAFFLE_STATUSES.map(
          (status) => `${RAFFLE_STATUS_LABELS[status]}: ${formatNumber(data.rafflesByStatus[status] ?? 0)}`,
        ).join(" · ")} · Boletos vendidos: ${formatNumber(data.ticketsSold)}`}
      />
    </div>
  );
}

/** The stats for one raffle's chart (or all), toasting when they cannot load. */
function useStats(statsRaffle: string | null) {
  const stats = useQuery({
    queryKey: adminKeys.stats(statsRaffle),
    queryFn: ({ signal }) => fetchStats(statsRaffle, signal),
    placeholderData: keepPreviousData,
  });

  useEffect(() => {
    if (!stats.isError) return;
    toast({
      id: "admin-stats-error",
      title: "Error de Estadísticas",
      description: errorMessage(stats.error),
      variant: "error",
    });
  }, [stats.isError, stats.error]);
  return stats;
}

/** Spec 2 §2 "Statistics tab": users, today's sign-ups, revenue estimate, raffle figures and three charts. */
/** The raffle of the sales chart: it starts on the newest active raffle (or the newest of all). */
function useChartRaffle(raffles: ReturnType<typeof useAdminRaffles>) {
  const [raffleId, setRaffleId] = useState<string>("");
  useEffect(() => {
    if (raffleId || !raffles.data?.length) return;
    const first = raffles.data.find((r) => r.status === "active") ?? raffles.data[0];
    if (first) setRaffleId(first.id);
  }, [raffleId, raffles.data]);
  return [raffleId, setRaffleId] as const;
}

export function StatsTab() {
  const raffles = useAdminRaffles();
  const [raffleId, setRaffleId] = useChartRaffle(raffles);

  const statsRaffle = raffleId && raffleId !== "all" ? raffleId : null;
  const stats = useStats(statsRaffle);

  const data = stats.data;
  const sales = useMemo(() => normalizeSalesByDay(data?.salesByDay), [data?.salesByDay]);
  const proofBars = proofBarsOf(data);
  const revenueBars = revenueBarsOf(data);

  if (stats.isPending) return <StatsSkeleton />;
  if (stats.isError && !data) {
    return (
      <LoadError title="Error de Estadísticas" onRetry={() => stats.refetch()}>
        {errorMessage(stats.error)}
      </LoadError>
    );
  }
  if (!data) return null;

  return (
    <div className="space-y-6">
      <SectionCard title="Ingresos" description="Todas las rifas, en dólares y en bolívares.">
        <RevenueSummary revenue={data.revenue} />
      </SectionCard>

      <StatCards data={data} />

      <SectionCard
        title="Ventas de boletos por día"
        description="Boletos aprobados cada día para la rifa elegida."
        actions={
          <RaffleFilter
            id="stats-raffle"
            label="Rifa del gráfico"
            labelHidden
            className="w-full space-y-1 sm:w-72"
            raffles={raffles.data}
            value={raffleId}
            onChange={setRaffleId}
          />
        }
      >
        {/* Not dimmed while it loads: dimmed text fails contrast (WCAG 1.4.3); the line says what is shown. */}
        <div aria-busy={stats.isFetching}>
          {stats.isPlaceholderData ? (
            <p role="status" className="mb-2 text-sm text-muted">
              Cargando las ventas de la rifa elegida; mientras tanto se ven las de la elección anterior.
            </p>
          ) : null}
          <LineChart
            data={sales}
            label="Boletos vendidos por día"
            unit="boletos"
            emptyText={
              statsRaffle ? "Esta rifa aún no tiene ventas aprobadas." : "Aún no hay ventas aprobadas."
            }
          />
        </div>
      </SectionCard>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <SectionCard title="Comprobantes por estado" description="Todos los comprobantes recibidos.">
          <BarChart data={proofBars} label="Comprobantes por estado" />
        </SectionCard>
        <SectionCard
          title="Ingresos por rifa"
          description="Neto de cada rifa (cobrado − reembolsado), en dólares con la tasa congelada de cada pago."
        >
          <BarChart data={revenueBars} label="Ingresos netos por rifa" emptyText="Aún no hay ventas." />
        </SectionCard>
      </div>

      <PageViewsCard />
    </div>
  );
}

function StatsSkeleton() {
  return (
    <div className="space-y-6" aria-busy="true">
      <p className="sr-only" role="status">
        Cargando estadísticas...
      </p>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {[1, 2, 3, 4].map((i) => (
          <Skeleton key={i} className="h-28" />
        ))}
      </div>
      <Skeleton className="h-72" />
    </div>
  );
}
