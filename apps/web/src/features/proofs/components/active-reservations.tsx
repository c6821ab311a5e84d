import { formatMoney } from "@rifazo/shared/domain/money";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { Badge } from "../../../components/ui/badge";
import { buttonClasses } from "../../../components/ui/button";
import { Card, CardContent } from "../../../components/ui/card";
import { paths } from "../../../lib/paths";
import { myReservationsQuery, type Reservation } from "../api/reservations-api";
import { useReservationCountdown } from "../hooks/use-reservation-countdown";
import { ticketsLabel } from "../payments";
import { abonoDeadlineText, abonoPaidText, abonoUnderReview, acceptsProof, isTimed } from "../reservation";
import { ReservationCountdown } from "./reservation-countdown";

/** The payment page of a reservation. */
export function reservationPaymentPath(reservation: Pick<Reservation, "id" | "raffleId">): string {
  return `${paths.proofUpload(reservation.raffleId)}?reserva=${encodeURIComponent(reservation.id)}`;
}

/** The payment page's link: «Abonar» for an abono (decision 0034), a new proof after a rejection. */
function actionText(reservation: Reservation): string {
  if (reservation.status === "rejected") return "Subir nuevo comprobante";
  if (abonoUnderReview(reservation)) return "Ver abono";
  return reservation.kind === "abono" ? "Abonar" : "Continuar pago";
}

function ReservationItem({ reservation }: { reservation: Reservation }) {
  const remaining = useReservationCountdown(reservation);
  const rejected = reservation.status === "rejected";
  // An abono part paid (or under review) waits for the close, not for the reservation timer.
  const timed = isTimed(reservation);
  const expired = timed && remaining === 0;
  const action = actionText(reservation);
  return (
    <li>
      <Card className={rejected ? "border-danger-600/40" : "border-brand-200"}>
        <CardContent className="space-y-3 p-4! sm:p-5!">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0">
              <h3 className="text-base font-bold text-ink">{reservation.raffleTitle}</h3>
              <p className="text-sm text-muted">
                {ticketsLabel(reservation.quantity)}
                {reservation.numbers?.length ? `: ${reservation.numbers.join(", ")}` : ""} ·{" "}
                {formatMoney(reservation.pricing.total, reservation.pricing.currency)}
              </p>
            </div>
            <Badge variant={rejected ? "danger" : reservation.status === "partial" ? "info" : "warning"}>
              {reservation.statusLabel}
            </Badge>
          </div>
          {reservation.abono ? (
            <p className="text-sm font-semibold text-ink">{abonoPaidText(reservation)}</p>
          ) : null}
          {rejected && reservation.rejectionReason ? (
            <p className="rounded-control bg-danger-50 px-3 py-2 text-sm font-semibold text-danger-700">
              Motivo del rechazo: {reservation.rejectionReason}
            </p>
          ) : null}
          <div className="flex flex-wrap items-center justify-between gap-3">
            {expired ? (
              <p className="text-sm font-semibold text-danger-700">Tu reserva venció</p>
            ) : timed && remaining !== null ? (
              <ReservationCountdown remaining={remaining} label="Tiempo para pagar" />
            ) : reservation.abono ? (
              <p className="text-sm text-muted">{abonoDeadlineText(reservation.abono.dueAt)}</p>
            ) : null}
            {expired ? null : (
              <Link
                to={reservationPaymentPath(reservation)}
                className={buttonClasses({ size: "sm" })}
                aria-label={`${action}: ${reservation.raffleTitle}`}
              >
                {action}
              </Link>
            )}
          </div>
        </CardContent>
      </Card>
    </li>
  );
}

/**
 * Mis Pagos, above the proofs: the reservations still waiting for a (new) proof, with their time left, and
 * the abonos not yet complete with what is paid (decision 0034).
 */
export function ActiveReservations() {
  const query = useQuery(myReservationsQuery);
  const open = (query.data?.items ?? []).filter((r) => acceptsProof(r) || abonoUnderReview(r));
  if (open.length === 0) return null;
  return (
    <section aria-labelledby="reservas-activas" className="space-y-3">
      <h2 id="reservas-activas" className="text-lg font-bold text-ink">
        Reservas por pagar
      </h2>
      <ul className="space-y-3">
        {open.map((reservation) => (
          <ReservationItem key={reservation.id} reservation={reservation} />
        ))}
      </ul>
    </section>
  );
}
