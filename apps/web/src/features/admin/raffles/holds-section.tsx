import { countText } from "@rifazo/shared/domain/plural";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";

import { toast } from "../../../components/ui/toast";
import { errorMessage } from "../../../lib/api-client";
import { formatNumber, timeWithArticle } from "../../../lib/format";
import { useRaffleEvents } from "../../../lib/use-raffle-events";
import { adminKeys } from "../api/admin-api";
import { type AdminRaffleHold, fetchRaffleHolds, holdsKey, releaseHold } from "../api/holds-api";
import { ConfirmDialog } from "../shared/confirm-dialog";
import { LoadingList } from "../shared/load-states";
import { SectionCard } from "../shared/section-card";

const tickets = (n: number) => countText(n, "boleto", "boletos");

/** One buyer's hold: how many tickets, since and until when, their holds in the last hour, and "Liberar". */
function HoldRow({
  hold,
  maxHoldsPerHour,
  onRelease,
}: {
  hold: AdminRaffleHold;
  maxHoldsPerHour: number;
  onRelease: (hold: AdminRaffleHold) => void;
}) {
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3">
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-semibold text-ink">{hold.buyerName}</span>
          <Badge variant={hold.status === "submitted" ? "info" : "brand"}>{hold.statusLabel}</Badge>
          {hold.holdsLastHour >= maxHoldsPerHour ? (
            <Badge variant="warning">En el límite de reservas</Badge>
          ) : null}
        </p>
        {hold.buyerEmail ? <p className="text-sm break-all text-muted">{hold.buyerEmail}</p> : null}
        <p className="text-sm text-ink">
          {tickets(hold.quantity)} · desde {timeWithArticle(hold.since)}
          {hold.expiresAt ? ` · hasta ${timeWithArticle(hold.expiresAt)}` : " · hasta que se revise"}
        </p>
        {hold.numbers ? (
          <p className="font-mono text-xs break-words text-muted">{hold.numbers.join(", ")}</p>
        ) : null}
        <p className="text-xs text-muted">
          {hold.holdsLastHour === 1
            ? "1 reserva iniciada en la última hora"
            : `${formatNumber(hold.holdsLastHour)} reservas iniciadas en la última hora`}{" "}
          (máximo {formatNumber(maxHoldsPerHour)})
        </p>
      </div>
      {hold.releasable ? (
        <Button
          size="sm"
          variant="outline"
          onClick={() => onRelease(hold)}
          aria-label={`Liberar la reserva de ${hold.buyerName}`}
        >
          Liberar
        </Button>
      ) : null}
    </li>
  );
}

/** Releases a hold, tells the admin and refreshes the holds and the raffle (or just the holds on failure). */
function useReleaseHold(raffleId: string, key: ReturnType<typeof holdsKey>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (hold: AdminRaffleHold) => releaseHold(hold.reservationId),
    onSuccess: (_, hold) => {
      toast({
        title: "Reserva liberada",
        description: `Los ${tickets(hold.quantity)} de ${hold.buyerName} quedaron libres y se le avisó.`,
        variant: "success",
      });
      void queryClient.invalidateQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: adminKeys.raffle(raffleId) });
    },
    onError: (error) => {
      toast({ title: "No se pudo liberar la reserva", description: errorMessage(error), variant: "error" });
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}

/**
 * Who holds this raffle's tickets right now (decision 0019): each buyer with how many, since and until
 * when, and how many holds they started in the last hour, so a buyer cycling holds stands out; a hold
 * waiting for a proof can be released (audited, the buyer is told).
 */
export function HoldsSection({ raffleId }: { raffleId: string }) {
  const key = holdsKey(raffleId);
  const holds = useQuery({ queryKey: key, queryFn: ({ signal }) => fetchRaffleHolds(raffleId, signal) });
  useRaffleEvents(key);
  const [releasing, setReleasing] = useState<AdminRaffleHold | null>(null);

  const release = useReleaseHold(raffleId, key);

  const data = holds.data;
  return (
    <SectionCard
      title="Reservas vigentes"
      description="Quién retiene boletos de esta rifa ahora. Tras una reserva que termina sin comprobante, el comprador espera antes de volver a reservar; cancelar y reservar de nuevo no alarga su tiempo."
    >
      {holds.isPending ? (
        <LoadingList label="Cargando reservas..." count={1} itemClassName="h-24" />
      ) : holds.isError ? (
        <Alert
          variant="danger"
          title="No se pudieron cargar las reservas"
          action={
            <Button size="sm" variant="ghost" onClick={() => holds.refetch()}>
              Reintentar
            </Button>
          }
        >
          {errorMessage(holds.error)}
        </Alert>
      ) : data && data.items.length === 0 ? (
        <p className="text-sm text-muted">Nadie retiene boletos de esta rifa en este momento.</p>
      ) : data ? (
        <div className="space-y-3">
          <p className="text-sm text-muted">
            {tickets(data.heldTickets)} retenidos de {formatNumber(data.totalTickets)} por{" "}
            {countText(data.items.length, "comprador", "compradores")}.
          </p>
          <ul className="divide-y divide-line" aria-label="Reservas vigentes">
            {data.items.map((hold) => (
              <HoldRow
                key={hold.reservationId}
                hold={hold}
                maxHoldsPerHour={data.maxHoldsPerHour}
                onRelease={setReleasing}
              />
            ))}
          </ul>
        </div>
      ) : null}
      <ConfirmDialog
        open={releasing !== null}
        onOpenChange={(open) => (open ? undefined : setReleasing(null))}
        title="¿Liberar esta reserva?"
        description={
          releasing ? (
            <p>
              Los {tickets(releasing.quantity)} de {releasing.buyerName} quedarán libres para otros
              compradores, se le avisará y deberá esperar antes de volver a reservar en esta rifa. Queda en el
              registro de auditoría.
            </p>
          ) : null
        }
        confirmLabel="Liberar reserva"
        busy={release.isPending}
        onConfirm={() => (releasing ? release.mutateAsync(releasing) : undefined)}
      />
    </SectionCard>
  );
}
