import { ERROR_MESSAGES } from "@rifazo/shared/errors";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { errorMessage, isApiError } from "../../../lib/api-client";
import { EXPORTS } from "../api/admin-api";
import { fetchSellers, sellerKeys } from "../api/sellers-api";
import { ExportMenu } from "../shared/export-menu";
import { EmptyState, LoadError, LoadingList } from "../shared/load-states";
import { SectionCard } from "../shared/section-card";
import { InviteSellerDialog } from "./invite-seller-dialog";
import { SellerLeaderboard } from "./seller-leaderboard";
import { SellersList } from "./sellers-list";

/** /admin/vendedores (docs/decisions/0034-vendedores.md): the vendedores, inviting one, and the leaderboard. */
export function SellersTab() {
  return (
    <div className="space-y-6">
      <SellersSection />
      <SellerLeaderboard />
    </div>
  );
}

function SellersSection() {
  const [inviting, setInviting] = useState(false);
  const sellers = useQuery({
    queryKey: sellerKeys.all(),
    queryFn: ({ signal }) => fetchSellers(signal),
  });
  const data = sellers.data;

  return (
    <SectionCard
      title="Vendedores"
      description="Personas que invitas a vender tus rifas por una comisión. Cada una vende solo las rifas que le permitas."
      actions={
        <div className="flex flex-wrap gap-2">
          <ExportMenu files={EXPORTS.sellers} noun="vendedores y comisiones" />
          <Button onClick={() => setInviting(true)}>Invitar vendedor</Button>
        </div>
      }
    >
      {sellers.isPending ? (
        <LoadingList label="Cargando vendedores..." count={3} className="space-y-2" itemClassName="h-14" />
      ) : sellers.isError && !data ? (
        <LoadError onRetry={() => sellers.refetch()}>
          {isApiError(sellers.error) && sellers.error.status === 403
            ? ERROR_MESSAGES.ADMIN_ONLY
            : `Error al cargar vendedores: ${errorMessage(sellers.error)}`}
        </LoadError>
      ) : data && data.items.length === 0 ? (
        <EmptyState>Aún no has invitado a ningún vendedor.</EmptyState>
      ) : data ? (
        <SellersList sellers={data.items} />
      ) : null}
      <InviteSellerDialog open={inviting} onOpenChange={setInviting} />
    </SectionCard>
  );
}
