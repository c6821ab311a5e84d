import type { PaymentMethod } from "@rifazo/shared/constants";
import { RESERVATION_MESSAGES } from "@rifazo/shared/schemas/reservation-messages";
import type { Reservation } from "@rifazo/shared/schemas/reservations";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Button, buttonClasses } from "../../../components/ui/button";
import { Card, CardContent } from "../../../components/ui/card";
import { Skeleton } from "../../../components/ui/skeleton";
import { toast } from "../../../components/ui/toast";
import { errorMessage, isApiError } from "../../../lib/api-client";
import { formatDateTime, timeWithArticle } from "../../../lib/format";
import { paths } from "../../../lib/paths";
import { useHydrated } from "../../../lib/use-hydrated";
import { toastIfOffline } from "../../offline";
import { cancelReservation, reservationKeys, reservationQuery } from "../api/reservations-api";
import { useLivePayments } from "../hooks/use-live-payments";
import { useReservationCountdown } from "../hooks/use-reservation-countdown";
import { loadProofUploadForm } from "../lazy";
import { ticketsLabel } from "../payments";
import type { HandedOverValues, ProofPrefill } from "../proof-form";
import { abonoUnderReview, acceptsProof, isTimed, payableMethods } from "../reservation";
import { ABONO_ENDED_NOTICES, AbonoSummary } from "./abono-summary";
import { ProofUploadForm } from "./lazy-proof-upload-form";
import { NativeProofForm } from "./native-proof-form";
import { PaymentInstructions } from "./payment-instructions";
import { PriceSummary } from "./price-summary";
import { ReservationCountdown } from "./reservation-countdown";

// The payment page of a reservation (decision 0013): what was reserved, the time left by the server's
// clock, the price, how to pay by each accepted method and the proof form bound to the reservation.

function Numbers({ reservation }: { reservation: Reservation }) {
  if (!reservation.numbers || reservation.numbers.length === 0) {
    return (
      <p className="text-sm text-muted">
        {ticketsLabel(reservation.quantity)}: los números se asignan al azar cuando se apruebe tu pago.
      </p>
    );
  }
  return (
    <div className="space-y-1">
      <p className="text-sm text-muted">{ticketsLabel(reservation.quantity)}</p>
      <ul className="flex flex-wrap gap-1.5" aria-label="Tus números">
        {reservation.numbers.map((number) => (
          <li key={number} className="rounded-md bg-brand-100 px-2 py-0.5 font-mono font-bold text-brand-800">
            {number}
          </li>
        ))}
      </ul>
    </div>
  );
}

function CancelReservation({ reservation }: { reservation: Reservation }) {
  const [confirming, setConfirming] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const cancel = useMutation({
    mutationFn: () => cancelReservation(reservation.id),
    onSuccess: () => {
      toast({
        id: "reservation",
        title: "Reserva cancelada",
        description: RESERVATION_MESSAGES.cancelled,
        survivesRedirect: true,
      });
      void queryClient.invalidateQueries({ queryKey: reservationKeys.all });
      void queryClient.invalidateQueries({ queryKey: ["raffles"] });
      void navigate(paths.raffle(reservation.raffleId));
    },
    onError: (error) => {
      setConfirming(false);
      if (toastIfOffline(error, "cancelar la reserva", () => cancel.mutate())) return;
      toast({ id: "reservation", title: "Error", description: errorMessage(error), variant: "error" });
    },
  });
  if (!confirming) {
    return (
      <Button variant="outline" size="sm" waitsForCode onClick={() => setConfirming(true)}>
        Cancelar reserva
      </Button>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-2">
      <p className="text-sm text-ink">¿Cancelar la reserva? Tus boletos quedarán libres.</p>
      <Button
        variant="danger"
        size="sm"
        loading={cancel.isPending}
        loadingText="Cancelando..."
        onClick={() => cancel.mutate()}
      >
        Sí, cancelar
      </Button>
      <Button variant="ghost" size="sm" onClick={() => setConfirming(false)} disabled={cancel.isPending}>
        No, seguir pagando
      </Button>
    </div>
  );
}

function BackToRaffle({ raffleId }: { raffleId: string }) {
  return (
    <Link to={paths.raffle(raffleId)} className={buttonClasses({ variant: "outline", size: "sm" })}>
      Volver a la rifa
    </Link>
  );
}

function MyPaymentsLink() {
  return (
    <Link to={paths.profilePayments} className={buttonClasses({ variant: "outline", size: "sm" })}>
      Ver Mis Pagos
    </Link>
  );
}

/** A reservation that ended without a purchase: nothing to pay here any more, only the way back. */
const ENDED_NOTICES = {
  expired: { variant: "warning", title: "Tu reserva venció", text: RESERVATION_MESSAGES.expired },
  cancelled: { variant: "info", title: "Reserva cancelada", text: RESERVATION_MESSAGES.cancelled },
} as const;

function StatusNotice({ reservation, expired }: { reservation: Reservation; expired: boolean }) {
  // An abono released at the close or by a cancelled raffle: what was paid comes back (decision 0034).
  const notices = (reservation.abono?.paid ?? 0) > 0 ? ABONO_ENDED_NOTICES : ENDED_NOTICES;
  const ended = expired ? notices.expired : reservation.status === "cancelled" ? notices.cancelled : null;
  if (ended) {
    return (
      <Alert
        variant={ended.variant}
        title={ended.title}
        action={<BackToRaffle raffleId={reservation.raffleId} />}
      >
        {ended.text}
      </Alert>
    );
  }
  if (abonoUnderReview(reservation)) {
    return (
      <Alert variant="info" title="Tu abono está en revisión" action={<MyPaymentsLink />}>
        Te avisaremos por correo cuando lo revisemos. Podrás enviar el siguiente abono cuando se apruebe.
      </Alert>
    );
  }
  switch (reservation.status) {
    case "submitted":
      return (
        <Alert variant="info" title="Comprobante en revisión" action={<MyPaymentsLink />}>
          Recibimos tu comprobante. Te avisaremos por correo cuando lo revisemos.
        </Alert>
      );
    case "approved":
      return (
        <Alert variant="success" title="Pago aprobado" action={<MyPaymentsLink />}>
          Tu pago fue aprobado y tus boletos ya son tuyos.
        </Alert>
      );
    case "rejected":
      return (
        <Alert variant="danger" title="Tu comprobante fue rechazado">
          {reservation.rejectionReason ? (
            <p>
              <span className="font-semibold">Motivo: </span>
              {reservation.rejectionReason}
            </p>
          ) : null}
          <p>
            Tus números siguen apartados para ti hasta el {formatDateTime(reservation.expiresAt)}: sube un
            comprobante nuevo para esta misma compra antes de esa hora.
          </p>
        </Alert>
      );
    default:
      return null;
  }
}

function CheckoutLoading() {
  return (
    <div className="space-y-4" aria-busy="true">
      <Skeleton className="h-32 w-full rounded-card" />
      <Skeleton className="h-72 w-full rounded-card" />
    </div>
  );
}

/** The reservation could not be shown: gone (or someone else's), or the request failed («Reintentar»). */
function CheckoutFailure({
  raffleId,
  error,
  onRetry,
}: {
  raffleId: string;
  error: unknown;
  onRetry: () => void;
}) {
  const missing = isApiError(error) && error.status === 404;
  return (
    <Alert
      variant="danger"
      title={missing ? RESERVATION_MESSAGES.notFound : "No se pudo cargar tu reserva"}
      action={
        missing ? (
          <BackToRaffle raffleId={raffleId} />
        ) : (
          <Button size="sm" variant="outline" onClick={onRetry}>
            Reintentar
          </Button>
        )
      }
    >
      {missing ? "Puede que haya vencido o que pertenezca a otra cuenta." : errorMessage(error)}
    </Alert>
  );
}

function uploadHeading(reservation: Reservation): string {
  if (reservation.status === "rejected") return "Sube un nuevo comprobante";
  return reservation.kind === "abono" ? "Sube el comprobante de tu abono" : "Sube tu comprobante";
}

/** "Cómo pagar" by the chosen method and the proof form bound to the reservation; both share the method. */
function PayAndUpload({
  reservation,
  method,
  onMethodChange,
  signedIn,
  nativeKey,
}: {
  reservation: Reservation;
  method: PaymentMethod | undefined;
  onMethodChange: (method: PaymentMethod | undefined) => void;
  signedIn: boolean;
  /** Set when the server rendered this page: the browser's own form, with this idempotency key. */
  nativeKey: string | null;
}) {
  const hydrated = useHydrated();
  // The browser's own form until the code runs; then the full form, unless the buyer already typed in
  // the first one or it came back refused (their values stay where they are) (decision 0029).
  const [native, setNative] = useState(nativeKey !== null);
  const handedOver = useRef<HandedOverValues | null>(null);
  return (
    <>
      <Card>
        <CardContent className="space-y-3">
          <h2 className="text-lg font-bold text-ink">Cómo pagar</h2>
          <PaymentInstructions
            reservation={reservation}
            method={method}
            onSelect={onMethodChange}
            allOpen={!hydrated && nativeKey !== null}
          />
        </CardContent>
      </Card>
      <Card>
        <CardContent className="space-y-4">
          <h2 className="text-lg font-bold text-ink">{uploadHeading(reservation)}</h2>
          {native && nativeKey !== null ? (
            <NativeProofForm
              reservation={reservation}
              idempotencyKey={nativeKey}
              prepare={loadProofUploadForm}
              onUntouched={() => setNative(false)}
              onLeave={(typed) => {
                handedOver.current = typed;
              }}
            />
          ) : (
            <ProofUploadForm
              key={reservation.id}
              raffleId={reservation.raffleId}
              reservation={{ id: reservation.id, quantity: reservation.quantity }}
              options={payableMethods(reservation)}
              onMethodChange={onMethodChange}
              method={method}
              prefill={
                {
                  raffleName: reservation.raffleTitle,
                  amount: null,
                  currency: reservation.pricing.currency,
                  quantity: reservation.quantity,
                } satisfies ProofPrefill
              }
              fixed={{
                unitPrice: reservation.pricing.unitPrice,
                currency: reservation.pricing.currency,
                remaining: null,
              }}
              signedIn={signedIn}
              allowance={null}
              salesOpen
              handedOver={handedOver}
            />
          )}
        </CardContent>
      </Card>
    </>
  );
}

export function ReservationCheckout({
  raffleId,
  reservationId,
  signedIn,
}: {
  raffleId: string;
  reservationId: string;
  signedIn: boolean;
}) {
  const query = useQuery(reservationQuery(reservationId));
  const nativeKey = useQueryClient().getQueryData<string>(reservationKeys.formKey(reservationId)) ?? null;
  const hydrated = useHydrated();
  // An approval or rejection while the page is open shows at once.
  useLivePayments();
  const reservation = query.data;
  const remaining = useReservationCountdown(reservation);
  const [method, setMethod] = useState<PaymentMethod | undefined>();

  if (query.isPending) return <CheckoutLoading />;
  if (!reservation)
    return <CheckoutFailure raffleId={raffleId} error={query.error} onRetry={() => void query.refetch()} />;

  // An abono part paid waits for the close, not for the reservation timer (decision 0034).
  const timed = isTimed(reservation);
  const expired = reservation.status === "expired" || (timed && remaining === 0);
  const payable = acceptsProof(reservation) && !expired;

  return (
    <div className="space-y-5">
      <Card className="border-brand-200 bg-brand-50/60">
        <CardContent className="space-y-3 p-4! sm:p-5!">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="text-xs font-bold tracking-wide text-brand-700 uppercase">Rifa</p>
              <h2 className="text-lg font-bold text-ink">{reservation.raffleTitle}</h2>
            </div>
            {payable && timed && remaining !== null ? (
              hydrated ? (
                <ReservationCountdown remaining={remaining} />
              ) : (
                // The live countdown needs the phone's clock: until the code runs, the time it ends.
                <p className="rounded-pill bg-accent-100 px-3 py-1 text-sm font-bold text-accent-800">
                  Apartado hasta {timeWithArticle(reservation.expiresAt)}
                </p>
              )
            ) : null}
          </div>
          <Numbers reservation={reservation} />
          <PriceSummary pricing={reservation.pricing} />
          <AbonoSummary reservation={reservation} open={payable || reservation.status === "submitted"} />
        </CardContent>
      </Card>

      <StatusNotice reservation={reservation} expired={expired} />

      {payable ? (
        <>
          <PayAndUpload
            reservation={reservation}
            method={method}
            onMethodChange={setMethod}
            signedIn={signedIn}
            nativeKey={nativeKey}
          />
          {reservation.status === "active" ? (
            <div className="flex justify-end">
              <CancelReservation reservation={reservation} />
            </div>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
