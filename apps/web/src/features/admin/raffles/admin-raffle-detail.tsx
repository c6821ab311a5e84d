import { RAFFLE_MESSAGES } from "@rifazo/shared/schemas/raffles";
import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { Page } from "../../../components/layout/page";
import { Alert } from "../../../components/ui/alert";
import { Button, buttonClasses } from "../../../components/ui/button";

import { isApiError } from "../../../lib/api-client";
import { formatDateTime } from "../../../lib/format";
import { paths } from "../../../lib/paths";
import { useRaffleEvents } from "../../../lib/use-raffle-events";
import { type AdminRaffle, adminKeys, fetchAdminRaffle } from "../api/admin-api";
import { adminTabHref } from "../dashboard/admin-tabs";
import { RafflePrizesSection } from "../prizes";
import { LoadingList } from "../shared/load-states";
import { RevenueSummary } from "../shared/revenue-summary";
import { SectionCard } from "../shared/section-card";
import {
  AnnouncementCard,
  DrawSettingsCard,
  PrizesCard,
  RaffleSummaryCard,
  SaleCard,
} from "./admin-raffle-detail-sections";
import { DrawAdminSection } from "./draw-admin-section";
import { ExternalBindingSection } from "./external-binding-section";
import { HoldsSection } from "./holds-section";
import { RaffleStatementSection } from "./raffle-statement-section";
import { UndersoldPanel } from "./undersold-panel";

/** Spec 2 §4: the detail labels active, upcoming and finished; any other status shows as stored. */
/** Where "Editar" goes: the list, which opens this raffle's form (see RafflesTab). */
export interface EditRaffleState {
  editRaffleId: string;
}

/** The raffles list, which is no longer the panel's first tab. */
const RAFFLES_TAB = adminTabHref(paths.admin, "raffles");

function BackButton() {
  return (
    <Link to={RAFFLES_TAB} className={buttonClasses({ variant: "outline" })}>
      Volver al Panel
    </Link>
  );
}

/** /admin/rifas/{id}: a read-only view of one raffle (spec 2 §2 "Admin raffle detail"). */
export function AdminRaffleDetail() {
  const { id = "" } = useParams();
  const raffle = useQuery({
    queryKey: adminKeys.raffle(id),
    queryFn: ({ signal }) => fetchAdminRaffle(id, signal),
    retry: (count, error) => count < 2 && !(isApiError(error) && error.status < 500),
  });

  useRaffleEvents(adminKeys.raffle(id));

  if (raffle.isPending) {
    return (
      <Page title="Detalle de Rifa" eyebrow="Administración">
        <LoadingList label="Cargando rifa..." className="space-y-4" itemClassNames={["h-64", "h-40"]} />
      </Page>
    );
  }

  if (raffle.isError) {
    const notFound = isApiError(raffle.error) && raffle.error.status === 404;
    return (
      <Page title={notFound ? RAFFLE_MESSAGES.notFound : "Detalle de Rifa"} eyebrow="Administración">
        <Alert
          variant="danger"
          title={notFound ? RAFFLE_MESSAGES.notFound : "Error de Carga"}
          action={
            <div className="flex flex-wrap gap-2">
              <BackButton />
              {notFound ? null : (
                <Button variant="ghost" onClick={() => raffle.refetch()}>
                  Reintentar
                </Button>
              )}
            </div>
          }
        >
          {notFound ? null : RAFFLE_MESSAGES.detailError}
        </Alert>
      </Page>
    );
  }

  const data = raffle.data;
  const editState: EditRaffleState = { editRaffleId: data.id };
  return (
    <Page
      title={data.title}
      eyebrow="Administración · Detalle de Rifa"
      actions={
        <>
          <BackButton />
          <Link to={RAFFLES_TAB} state={editState} className={buttonClasses({ variant: "primary" })}>
            Editar
          </Link>
        </>
      }
    >
      <RaffleDetailBody raffle={data} />
    </Page>
  );
}

function RaffleDetailBody({ raffle }: { raffle: AdminRaffle }) {
  return (
    <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <div className="space-y-6">
        <RaffleSummaryCard raffle={raffle} />
      </div>

      <div className="space-y-6">
        <PrizesCard raffle={raffle} />
        <RafflePrizesSection raffle={raffle} />

        <SectionCard title="Ingresos">
          <RevenueSummary revenue={raffle.revenue} />
        </SectionCard>

        <RaffleStatementSection raffleId={raffle.id} />

        <SaleCard raffle={raffle} />

        <DrawSettingsCard raffle={raffle} />

        <AnnouncementCard raffle={raffle} />

        {raffle.lifecycle.state === "active" || raffle.lifecycle.state === "closed" ? (
          <HoldsSection raffleId={raffle.id} />
        ) : null}
        <UndersoldPanel raffle={raffle} />
        <ExternalBindingSection raffle={raffle} />
        <DrawAdminSection raffle={raffle} />

        <p className="text-xs text-muted">
          Creada el {formatDateTime(raffle.createdAt)} · Última modificación{" "}
          {formatDateTime(raffle.updatedAt)}
        </p>
      </div>
    </div>
  );
}
