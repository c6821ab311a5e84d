import { countText } from "@rifazo/shared/domain/plural";
import { stateAllows } from "@rifazo/shared/domain/raffle-lifecycle";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { toast } from "../../../components/ui/toast";
import { errorMessage } from "../../../lib/api-client";
import { formatDateTime, formatNumber, sentence } from "../../../lib/format";
import { type AdminRaffle, adminKeys } from "../api/admin-api";
import { archiveRaffle, unarchiveRaffle } from "../api/refunds-api";
import { SectionCard } from "../shared/section-card";
import { CancelRaffleDialog } from "./cancel-raffle-dialog";
import { ExtendDialog } from "./extend-dialog";

export { CANCEL_REFUNDS_TEXT } from "./cancel-raffle-dialog";

/** Below the minimum this close to the end date, the organiser is warned before the raffle stops. */
const WARN_BEFORE_END_MS = 48 * 3_600_000;

/** The minimum is not reached and the end date is near or past (or the raffle already waits for a decision). */
export function needsDecision(raffle: AdminRaffle, now: number = Date.now()): boolean {
  if (raffle.lifecycle.awaitingDecision) return true;
  if (raffle.minTickets === null || raffle.soldTickets >= raffle.minTickets) return false;
  if (raffle.lifecycle.state !== "active" || !raffle.endDate) return false;
  return Date.parse(raffle.endDate) - now <= WARN_BEFORE_END_MS;
}

/** Below the minimum near (or past) the end date: how far from it, and the decisions available. */
function MinimumAlert({
  raffle,
  minTickets,
  remaining,
  extendable,
  onExtend,
  onCancel,
}: {
  raffle: AdminRaffle;
  minTickets: number;
  remaining: number;
  extendable: boolean;
  onExtend: () => void;
  onCancel: () => void;
}) {
  return (
    <Alert
      variant="warning"
      title={
        raffle.lifecycle.awaitingDecision
          ? "No alcanzó el mínimo: decide si prorrogar o cancelar"
          : "Va por debajo del mínimo y cierra pronto"
      }
      action={
        <div className="flex flex-wrap gap-2">
          {extendable ? (
            <Button size="sm" onClick={onExtend} disabled={remaining === 0}>
              Extender fecha
            </Button>
          ) : null}
          {stateAllows(raffle.lifecycle.state, "cancel") ? (
            <Button size="sm" variant="danger" onClick={onCancel}>
              Cancelar rifa
            </Button>
          ) : null}
        </div>
      }
    >
      {formatNumber(raffle.soldTickets)} de {countText(minTickets, "boleto", "boletos")} vendidos necesarios
      para sortear
      {sentence(raffle.endDate ? `; cierre: ${formatDateTime(raffle.endDate)}` : "")} La rifa no se sortea por
      debajo del mínimo. Prórrogas disponibles: {remaining} de {raffle.maxExtensions}.
    </Alert>
  );
}

/** The minimum, the extensions used and whether the raffle is archived. */
function UndersoldFacts({ raffle }: { raffle: AdminRaffle }) {
  return (
    <dl className="grid gap-2 text-sm sm:grid-cols-3">
      <div>
        <dt className="font-semibold text-muted">Mínimo para sortear</dt>
        <dd className="text-ink">
          {raffle.minTickets === null ? "Sin mínimo" : countText(raffle.minTickets, "boleto", "boletos")}
        </dd>
      </div>
      <div>
        <dt className="font-semibold text-muted">Prórrogas usadas</dt>
        <dd className="text-ink">
          {raffle.extensionsUsed} de {raffle.maxExtensions}
        </dd>
      </div>
      <div>
        <dt className="font-semibold text-muted">Archivo</dt>
        <dd className="text-ink">
          {raffle.archivedAt ? `Archivada el ${formatDateTime(raffle.archivedAt)}` : "En las listas"}
        </dd>
      </div>
    </dl>
  );
}

/** The organiser's decisions on a raffle that does not sell: extend, cancel (refunds), archive. */
export function UndersoldPanel({ raffle }: { raffle: AdminRaffle }) {
  const queryClient = useQueryClient();
  const [extending, setExtending] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const state = raffle.lifecycle.state;
  const remaining = Math.max(0, raffle.maxExtensions - raffle.extensionsUsed);
  const extendable =
    raffle.activationType === "date" && (state === "active" || raffle.lifecycle.awaitingDecision);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: adminKeys.all });

  const archive = useMutation({
    mutationFn: () => (raffle.archivedAt ? unarchiveRaffle(raffle.id) : archiveRaffle(raffle.id)),
    onSuccess: (updated) => {
      toast({
        title: updated.archivedAt ? "Rifa archivada" : "Rifa desarchivada",
        description: updated.archivedAt
          ? "Ya no aparece en las listas; su página sigue accesible por enlace."
          : "Vuelve a aparecer en las listas.",
        variant: "success",
      });
      refresh();
    },
    onError: (error) => {
      toast({ title: "No se pudo archivar", description: errorMessage(error), variant: "error" });
    },
  });

  const decision = needsDecision(raffle);
  return (
    <SectionCard title="Mínimo, prórrogas y archivo">
      <div className="space-y-4">
        {decision && raffle.minTickets !== null ? (
          <MinimumAlert
            raffle={raffle}
            minTickets={raffle.minTickets}
            remaining={remaining}
            extendable={extendable}
            onExtend={() => setExtending(true)}
            onCancel={() => setCancelling(true)}
          />
        ) : null}
        <UndersoldFacts raffle={raffle} />
        <div className="flex flex-wrap gap-2">
          {extendable && !decision ? (
            <Button size="sm" variant="outline" onClick={() => setExtending(true)} disabled={remaining === 0}>
              Extender fecha
            </Button>
          ) : null}
          <Button size="sm" variant="outline" loading={archive.isPending} onClick={() => archive.mutate()}>
            {raffle.archivedAt ? "Desarchivar" : "Archivar"}
          </Button>
        </div>
      </div>

      <ExtendDialog raffle={raffle} open={extending} onOpenChange={setExtending} remaining={remaining} />

      <CancelRaffleDialog raffle={raffle} open={cancelling} onOpenChange={setCancelling} refresh={refresh} />
    </SectionCard>
  );
}
