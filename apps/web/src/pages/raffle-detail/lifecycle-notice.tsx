import { countText, pluralWord } from "@rifazo/shared/domain/plural";
import type { ReactNode } from "react";
import { ClockIcon, ShieldIcon } from "../../components/ui/icons";
import type { RaffleDetail } from "../../features/raffles";
import { formatDateTime, sentence } from "../../lib/format";

/** "Quedan 3 pagos en revisión" (a count only). */
export function pendingProofsText(count: number): string {
  if (count === 0) return "No quedan pagos en revisión.";
  return `${pluralWord(count, "Queda", "Quedan")} ${countText(count, "pago", "pagos")} en revisión.`;
}

/** A lifecycle notice: its label (the status's name) with an icon, then what it means. */
function StatusBox({
  label,
  tone,
  icon,
  textClassName,
  children,
}: {
  label: string;
  tone: string;
  icon: ReactNode;
  textClassName: string;
  children: ReactNode;
}) {
  return (
    <div role="status" aria-label={label} className={`space-y-2 rounded-card border ${tone} p-5`}>
      <p className="flex items-center gap-2 font-bold text-ink">
        {icon}
        {label}
      </p>
      <p className={`text-sm ${textClassName}`}>{children}</p>
    </div>
  );
}

/**
 * The server's lifecycle state once sales stopped (decision 0012): closed while the last payments are reviewed,
 * frozen while the list awaits the draw, or cancelled with its reason.
 */
export function LifecycleNotice({ raffle }: { raffle: RaffleDetail }) {
  const { lifecycle } = raffle;
  if (lifecycle.state === "closed") {
    return (
      <StatusBox
        label={lifecycle.label}
        tone="border-warning-700/25 bg-warning-50"
        icon={<ClockIcon className="text-brand-700" />}
        textClassName="text-ink/85"
      >
        {lifecycle.awaitingDecision
          ? "Las ventas cerraron sin alcanzar el mínimo de boletos: no se sortea por ahora. El organizador decidirá si prorroga la fecha o cancela la rifa (con reembolso de cada compra). "
          : "Las ventas cerraron. "}
        {pendingProofsText(lifecycle.pendingProofs)}
        {lifecycle.reviewDeadline
          ? ` ${sentence(`Los pagos enviados antes del cierre se revisan hasta el ${formatDateTime(lifecycle.reviewDeadline)}`)}`
          : ""}
      </StatusBox>
    );
  }
  if (lifecycle.state === "frozen") {
    return (
      <StatusBox
        label={lifecycle.label}
        tone="border-line bg-canvas"
        icon={<ShieldIcon className="text-brand-700" />}
        textClassName="text-muted"
      >
        {raffle.drawTrust === "announced"
          ? "Las ventas cerraron. Los ganadores los anunciará el organizador; esta rifa no tiene un acta pública que lo verifique."
          : `La lista de boletos quedó fija${lifecycle.frozenAt ? ` el ${formatDateTime(lifecycle.frozenAt)}` : ""} y ya no puede cambiar.`}
      </StatusBox>
    );
  }
  if (lifecycle.state === "cancelled") {
    return (
      <div
        role="status"
        aria-label={lifecycle.label}
        className="space-y-2 rounded-card border border-danger-600/30 bg-danger-50 p-5"
      >
        <p className="font-bold text-danger-700">{lifecycle.label}</p>
        <p className="text-sm text-ink/85">
          Esta rifa fue cancelada y no tendrá sorteo.
          {raffle.cancelReason ? ` Motivo: ${raffle.cancelReason}` : ""}
        </p>
      </div>
    );
  }
  return null;
}
