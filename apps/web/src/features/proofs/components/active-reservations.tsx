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
import { acceptsProof } from "../reservation";
import { ReservationCountdown } from "./reservation-countdown";

/** The payment page of a reservation. */
export function reservationPaymentPath(reservation: Pick<Reservation, "id" | "raffleId">): string {
  return `${paths.proofUpload(reservation.raffleId)}?reserva=${encodeURIComponent(reservation.id)}`;
}

function ReservationItem({ reservation }: { reservation: Reservation }) {
  const remaining = useReservationCountdown(reservation);
  const rejected = reservation.status === "rejected";
  const expired = remaining === 0;
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
            <Badge variant={rejected ? "danger" : "warning"}>{reservation.statusLabel}</Badge>
          </div>
          {rejected && reservation.rejectionReason ? (
            <p className="rounded-control bg-danger-50 px-3 py-2 text-sm font-semibold text-danger-700">
              Motivo del rechazo: {reservation.rejectionReason}
            </p>
          ) : null}
          <div className="flex flex-wrap items-center justify-between gap-3">
            {expired ? (
              <p className="text-sm font-semibold text-danger-700">Tu reserva venció</p>
            ) : remaining !== null ? (
              <ReservationCountdown remaining={remaining} label="Tiempo para pagar" />
            ) : null}
            {expired ? null : (
              <Link
                to={reservationPaymentPath(reservation)}
                className={buttonClasses({ size: "sm" })}
                aria-label={`${rejected ? "Subir nuevo comprobante" : "Continuar pago"}: ${reservation.raffleTitle}`}
              >
                {rejected ? "Subir nuevo comprobante" : "Continuar pago"}
              </Link>
            )}
          </div>
        </CardContent>
      </Card>
    </li>
  );
}

/** Mis Pagos, above the proofs: the reservations still waiting for a (new) proof, with their time left. */
export function ActiveReservations() {
  const query = useQuery(myReservationsQuery);
  const open = (query.data?.items ?? []).filter(acceptsProof);
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
