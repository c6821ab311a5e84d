import { formatVenezuelanPhone } from "@rifazo/shared/domain/phone";
import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { Page } from "../../../components/layout/page";
import { Alert } from "../../../components/ui/alert";
import { buttonClasses } from "../../../components/ui/button";
import { errorMessage, isApiError } from "../../../lib/api-client";
import { formatDateTime } from "../../../lib/format";
import { paths } from "../../../lib/paths";
import { type AdminSeller, fetchSeller, sellerKeys } from "../api/sellers-api";
import { EmptyState, LoadError, LoadingList } from "../shared/load-states";
import { SectionCard } from "../shared/section-card";
import { useAdminRaffles } from "../shared/use-admin-raffles";
import { type AssignableRaffle, AssignmentForm } from "./assignment-form";
import { SellerActions } from "./seller-actions";
import { SellerStatusBadge } from "./seller-status";
import { CashSection, SettlementHistory, SettlementsSection } from "./settlements-section";

const ASSIGNABLE = new Set(["upcoming", "active"]);

function BackLink() {
  return (
    <Link to={paths.adminSellers} className={buttonClasses({ variant: "outline" })}>
      Volver a Vendedores
    </Link>
  );
}

/** /admin/vendedores/{id} (docs/decisions/0034-vendedores.md): who, status actions and the raffles allowed. */
export function AdminSellerDetail() {
  const { id = "" } = useParams();
  const seller = useQuery({
    queryKey: sellerKeys.one(id),
    queryFn: ({ signal }) => fetchSeller(id, signal),
    retry: (count, error) => count < 2 && !(isApiError(error) && error.status < 500),
  });

  if (seller.isPending) {
    return (
      <Page title="Vendedor" eyebrow="Administración">
        <LoadingList label="Cargando vendedor..." className="space-y-4" itemClassNames={["h-40", "h-64"]} />
      </Page>
    );
  }
  if (seller.isError) {
    return (
      <Page title="Vendedor" eyebrow="Administración" actions={<BackLink />}>
        <Alert variant="danger" title="No se pudo cargar el vendedor">
          {errorMessage(seller.error)}
        </Alert>
      </Page>
    );
  }
  const data = seller.data;
  return (
    <Page title={data.name} eyebrow="Administración · Vendedor" actions={<BackLink />}>
      <meta name="robots" content="noindex, nofollow" />
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="space-y-6">
          <SellerSummary seller={data} />
          <CashSection seller={data} />
          <SettlementsSection seller={data} />
          <SettlementHistory seller={data} />
        </div>
        <SellerRaffles seller={data} />
      </div>
    </Page>
  );
}

function SellerSummary({ seller }: { seller: AdminSeller }) {
  const rows: Array<[string, string]> = [
    ["Código", seller.code],
    ["Correo", seller.email ?? "—"],
    ["Celular", seller.phone ? formatVenezuelanPhone(seller.phone) : "—"],
    ["Invitado", formatDateTime(seller.invitedAt, "short")],
  ];
  if (seller.status === "invited" && seller.invitationExpiresAt)
    rows.push(["El enlace vence", formatDateTime(seller.invitationExpiresAt, "short")]);
  if (seller.account) rows.push(["Cuenta", `${seller.account.name} (${seller.account.email})`]);
  if (seller.suspendedAt && seller.status === "suspended")
    rows.push(["Suspendido desde", formatDateTime(seller.suspendedAt, "short")]);
  return (
    <SectionCard title="Datos" actions={<SellerStatusBadge status={seller.status} />}>
      <dl className="space-y-2 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex flex-wrap justify-between gap-x-3">
            <dt className="text-muted">{label}</dt>
            <dd className="min-w-0 font-semibold text-ink [overflow-wrap:anywhere]">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-5 flex flex-wrap gap-2">
        <SellerActions seller={seller} />
      </div>
    </SectionCard>
  );
}

/** Every upcoming or active raffle, each with its form; raffles in other states cannot be allowed. */
function SellerRaffles({ seller }: { seller: AdminSeller }) {
  const raffles = useAdminRaffles();
  const assignable: AssignableRaffle[] = (raffles.data ?? [])
    .filter((raffle) => ASSIGNABLE.has(raffle.status))
    .map((raffle) => ({
      id: raffle.id,
      title: raffle.title,
      status: raffle.status,
      currency: raffle.currency,
      ticketPrice: raffle.price,
    }));
  return (
    <SectionCard
      title="Rifas que puede vender"
      description="Solo las rifas próximas o activas. La comisión es un porcentaje del boleto o un monto fijo por boleto, en la moneda de la rifa."
    >
      {raffles.isPending ? (
        <LoadingList label="Cargando rifas..." count={2} className="space-y-3" itemClassName="h-56" />
      ) : raffles.isError ? (
        <LoadError onRetry={() => raffles.refetch()}>{errorMessage(raffles.error)}</LoadError>
      ) : assignable.length === 0 ? (
        <EmptyState>No hay rifas próximas ni activas para asignar.</EmptyState>
      ) : (
        <div className="space-y-4">
          {assignable.map((raffle) => (
            <AssignmentForm key={raffle.id} seller={seller} raffle={raffle} />
          ))}
        </div>
      )}
    </SectionCard>
  );
}
