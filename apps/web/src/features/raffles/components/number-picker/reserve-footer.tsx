import { countText } from "@rifazo/shared/domain/plural";
import { useRef } from "react";
import { Button } from "../../../../components/ui/button";
import { TicketIcon } from "../../../../components/ui/icons";
import { useHydrated } from "../../../../lib/use-hydrated";
import { OfflineActionAlert } from "../../../offline";
import type { RaffleDetail } from "../../api/raffles-api";
import type { useReserve } from "../../hooks/use-reserve";
import { AbonoChoice, type ReserveChoice } from "../abono-choice";

/**
 * "Reservar" with the count, «Apartar con abono» when the raffle takes abonos, what happens next, and the
 * offline prompt («Reintentar» repeats the last choice).
 */
export function ReserveFooter({
  raffle,
  count,
  signedIn,
  reserve,
  onSubmit,
}: {
  raffle: RaffleDetail;
  count: number;
  signedIn: boolean;
  reserve: ReturnType<typeof useReserve<ReserveChoice<number[]>>>;
  onSubmit: (abono: boolean) => void;
}) {
  const hydrated = useHydrated();
  const lastAbono = useRef(false);
  const submit = (abono: boolean) => {
    lastAbono.current = abono;
    onSubmit(abono);
  };
  const abonoPending = reserve.pendingValue?.abono === true;
  // A submit button: before the code runs the browser posts the form itself (decision 0029).
  return (
    <>
      <Button
        type="submit"
        variant="accent"
        size="lg"
        className="w-full"
        loading={reserve.isPending && !abonoPending}
        loadingText="Reservando..."
        disabled={abonoPending}
        onClick={() => {
          lastAbono.current = false;
        }}
      >
        <TicketIcon />
        Reservar {count ? countText(count, "número", "números") : "números"}
      </Button>
      <AbonoChoice
        raffle={raffle}
        pending={abonoPending}
        disabled={(reserve.isPending && !abonoPending) || reserve.sessionLoading}
        onChoose={() => submit(true)}
      />
      {reserve.offlineFailed ? (
        <OfflineActionAlert action="reservar" onRetry={() => submit(lastAbono.current)} />
      ) : null}
      <p className="text-center text-xs text-muted">
        {signedIn
          ? `Tus números quedan apartados ${countText(raffle.reservationMinutes, "minuto", "minutos")} mientras pagas y subes el comprobante.`
          : hydrated
            ? "Te pediremos iniciar sesión; tu selección se guarda mientras tanto."
            : // Rendered for everyone alike (decision 0005): the session is not known yet.
              `Tus números quedan apartados ${countText(raffle.reservationMinutes, "minuto", "minutos")}; si no has iniciado sesión, te la pediremos.`}
      </p>
    </>
  );
}
