import type { AdminPageViews } from "@rifazo/shared/schemas/analytics";
import { useQuery } from "@tanstack/react-query";
import { Alert } from "../../../components/ui/alert";
import { Skeleton } from "../../../components/ui/skeleton";
import { errorMessage } from "../../../lib/api-client";
import { formatNumber } from "../../../lib/format";
import { adminKeys, fetchPageViews } from "../api/admin-api";
import { SectionCard } from "../shared/section-card";
import { BarChart, LineChart } from "./charts";

const DAYS = 30;

/** Visits of the last 30 days, from visitors who accepted analytics cookies (spec 1 §3). */
export function PageViewsCard() {
  const views = useQuery({
    queryKey: adminKeys.pageViews(DAYS),
    queryFn: ({ signal }) => fetchPageViews(DAYS, signal),
  });
  return (
    <SectionCard
      title="Visitas de los últimos 30 días"
      description="Solo de quienes aceptaron las cookies de analítica: es un mínimo, no el total. Se cuenta cada página por día, sin datos de la persona."
    >
      {views.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : views.isError ? (
        <Alert variant="danger">{errorMessage(views.error)}</Alert>
      ) : (
        <PageViewsBody data={views.data} />
      )}
    </SectionCard>
  );
}

function PageViewsBody({ data }: { data: AdminPageViews }) {
  if (data.total === 0)
    return <p className="py-6 text-center text-sm text-muted">Aún no hay visitas registradas.</p>;
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <LineChart
        data={data.byDay.map((d) => ({ date: d.day, count: d.views }))}
        label="Visitas por día"
        unit="visitas"
      />
      <div className="space-y-2">
        <h3 className="text-sm font-bold text-muted">Páginas más vistas</h3>
        <BarChart
          label="Páginas más vistas"
          data={data.topPages.map((p) => ({
            key: p.path,
            label: p.path,
            value: p.views,
            valueLabel: formatNumber(p.views),
          }))}
        />
      </div>
    </div>
  );
}
