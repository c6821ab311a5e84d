import { countText } from "@rifazo/shared/domain/plural";
import { SELLER_STATUS_LABELS } from "@rifazo/shared/schemas/sellers";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { DataTable, type DataTableColumn } from "../../../components/ui/data-table";
import { Label } from "../../../components/ui/label";
import { Switch } from "../../../components/ui/switch";
import { toast } from "../../../components/ui/toast";
import { errorMessage } from "../../../lib/api-client";
import { formatMoney } from "../../../lib/format";
import {
  type AdminSellerLeaderboard,
  fetchSellerLeaderboard,
  sellerKeys,
  setSellerLeaderboardPublic,
} from "../api/sellers-api";
import { EmptyState, LoadError, LoadingList } from "../shared/load-states";
import { RafflePicker } from "../shared/raffle-picker";
import { SectionCard } from "../shared/section-card";
import { useAdminRaffles } from "../shared/use-admin-raffles";

type Row = AdminSellerLeaderboard["items"][number];

const columns = (currency: AdminSellerLeaderboard["currency"]): DataTableColumn<Row>[] => [
  { key: "position", header: "Puesto", cell: (row) => `${row.position}.º`, className: "py-2 tabular-nums" },
  {
    key: "seller",
    header: "Vendedor",
    rowHeader: true,
    className: "py-2 font-semibold [overflow-wrap:anywhere]",
    cell: (row) => (
      <>
        {row.name}
        {row.status === "suspended" ? (
          <span className="font-normal text-muted"> ({SELLER_STATUS_LABELS.suspended.toLowerCase()})</span>
        ) : null}
      </>
    ),
  },
  {
    key: "tickets",
    header: "Boletos",
    align: "right",
    className: "py-2 tabular-nums",
    cell: (row) => row.tickets,
  },
  {
    key: "collected",
    header: "Cobrado",
    align: "right",
    className: "py-2 tabular-nums",
    cell: (row) => formatMoney(row.collected, currency),
  },
];

/** The switch that shows the leaderboard on the raffle's page (audited by the API). */
function PublicSwitch({ board }: { board: AdminSellerLeaderboard }) {
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (value: boolean) => setSellerLeaderboardPublic(board.raffleId, { public: value }),
    onSuccess: (saved) => {
      queryClient.setQueryData(sellerKeys.leaderboard(saved.raffleId), saved);
      toast({
        title: saved.public ? "Clasificación visible" : "Clasificación oculta",
        description: saved.public
          ? "La página de la rifa muestra a los vendedores destacados."
          : "La página de la rifa ya no muestra la clasificación.",
        variant: "success",
      });
    },
    onError: (error) =>
      toast({ title: "No se pudo cambiar", description: errorMessage(error), variant: "error" }),
  });
  const id = `leaderboard-public-${board.raffleId}`;
  return (
    <div className="flex items-center gap-3">
      <Switch
        id={id}
        checked={board.public}
        disabled={save.isPending}
        onCheckedChange={(value) => save.mutate(value)}
      />
      <Label htmlFor={id}>Mostrar la clasificación en la página de la rifa</Label>
    </div>
  );
}

function Board({ raffleId }: { raffleId: string }) {
  const board = useQuery({
    queryKey: sellerKeys.leaderboard(raffleId),
    queryFn: ({ signal }) => fetchSellerLeaderboard(raffleId, signal),
  });
  if (board.isPending)
    return (
      <LoadingList label="Cargando la clasificación..." count={3} className="space-y-2" itemClassName="h-8" />
    );
  if (board.isError && !board.data)
    return <LoadError onRetry={() => board.refetch()}>{errorMessage(board.error)}</LoadError>;
  const data = board.data;
  const sold = data.items.reduce((total, row) => total + row.tickets, 0);
  return (
    <div className="space-y-4">
      <PublicSwitch board={data} />
      <p className="text-xs text-muted">
        En la página se ven los 10 primeros con su nombre y la inicial del apellido, y sus boletos; nunca lo
        cobrado ni su contacto.
      </p>
      {data.items.length === 0 ? (
        <EmptyState>Aún no hay boletos aprobados de vendedores en esta rifa.</EmptyState>
      ) : (
        <DataTable
          caption={`Clasificación: ${countText(sold, "boleto", "boletos")} de ${countText(data.items.length, "vendedor", "vendedores")}`}
          columns={columns(data.currency)}
          rows={data.items}
          rowKey={(row) => row.sellerId}
        />
      )}
    </div>
  );
}

/**
 * «Clasificación» (docs/decisions/0034-vendedores.md): per raffle, the vendedores by tickets approved (their
 * sales and their link's purchases; a tie goes to who got there first), with what each collected, and the
 * switch that shows it on the raffle's page.
 */
export function SellerLeaderboard() {
  const raffles = useAdminRaffles();
  const [picked, setPicked] = useState("");
  const list = raffles.data ?? [];
  const raffleId = picked || (list.find((r) => r.status === "active") ?? list[0])?.id || "";
  return (
    <SectionCard
      title="Clasificación"
      description="Los vendedores de una rifa por boletos aprobados: sus ventas y las compras con su enlace. Si empatan, va primero quien llegó antes a esa cantidad."
    >
      <div className="mb-4 max-w-sm space-y-1.5">
        <Label htmlFor="leaderboard-raffle">Rifa</Label>
        <RafflePicker id="leaderboard-raffle" raffles={raffles.data} value={raffleId} onChange={setPicked} />
      </div>
      {raffles.isError ? (
        <LoadError onRetry={() => raffles.refetch()}>{errorMessage(raffles.error)}</LoadError>
      ) : raffles.data && !raffleId ? (
        <EmptyState>Aún no hay rifas.</EmptyState>
      ) : raffleId ? (
        <Board key={raffleId} raffleId={raffleId} />
      ) : null}
    </SectionCard>
  );
}
