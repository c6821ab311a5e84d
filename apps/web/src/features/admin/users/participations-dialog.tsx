import { countText, pluralWord } from "@rifazo/shared/domain/plural";
import { GENERAL_PROOF_LABEL } from "@rifazo/shared/schemas/proofs";
import { useQuery } from "@tanstack/react-query";

import { errorMessage } from "../../../lib/api-client";
import { formatDateTime, formatMoney, formatNumber } from "../../../lib/format";
import { type AdminUser, adminKeys, fetchParticipations } from "../api/admin-api";
import { AdminDialog } from "../shared/admin-dialog";
import { LoadError, LoadingList } from "../shared/load-states";
import { ProofStatusBadge } from "../shared/proof-status";
import { TicketPreview } from "../shared/ticket-preview";
import { buyerMessage, WhatsappLink } from "../shared/whatsapp-link";

/** A user's participations (one per payment proof) with their ticket numbers. */
export function ParticipationsDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const participations = useQuery({
    queryKey: adminKeys.participations(user?.id ?? ""),
    queryFn: ({ signal }) => fetchParticipations(user?.id ?? "", signal),
    enabled: user !== null,
  });
  const items = participations.data?.items ?? [];
  const totalTickets = items.reduce((sum, item) => sum + item.tickets.length, 0);

  return (
    <AdminDialog
      open={user !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      size="lg"
      title={<>Participaciones de {user?.fullName || user?.email}</>}
      description={
        participations.data
          ? `${countText(items.length, "participación", "participaciones")} · ${countText(totalTickets, "boleto asignado", "boletos asignados")}`
          : "Pagos enviados y boletos asignados."
      }
      headerExtra={
        user ? (
          <WhatsappLink
            phone={user.phone}
            message={buyerMessage(user.fullName)}
            name={user.fullName || user.email}
            className="self-start"
          />
        ) : null
      }
    >
      {participations.isPending ? (
        <LoadingList
          label="Cargando participaciones..."
          count={2}
          className="space-y-2"
          itemClassName="h-16"
        />
      ) : participations.isError ? (
        <LoadError onRetry={() => participations.refetch()}>{errorMessage(participations.error)}</LoadError>
      ) : items.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted">
          Este usuario aún no ha participado en ninguna rifa.
        </p>
      ) : (
        <ul className="divide-y divide-line">
          {items.map((item) => (
            <li key={item.paymentProofId} className="space-y-1.5 py-3">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <p className="min-w-0 font-semibold break-words text-ink">
                  {item.raffleName || GENERAL_PROOF_LABEL}
                </p>
                <ProofStatusBadge status={item.proofStatus} refund={item.refund} />
              </div>
              <p className="text-sm text-muted">
                {formatDateTime(item.participationDate)} · {formatNumber(item.quantityOfTickets)}{" "}
                {pluralWord(item.quantityOfTickets, "boleto", "boletos")} ·{" "}
                {formatMoney(item.amount, item.currency)}
              </p>
              <TicketPreview tickets={item.tickets} />
              {item.tickets.length > 3 ? (
                <details className="text-sm">
                  <summary className="cursor-pointer font-semibold text-brand-700">
                    Ver los {countText(item.tickets.length, "boleto", "boletos")}
                  </summary>
                  <p className="mt-1 font-mono text-xs leading-relaxed break-words text-ink">
                    {item.tickets.join(", ")}
                  </p>
                </details>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </AdminDialog>
  );
}
