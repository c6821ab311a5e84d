import { ERROR_MESSAGES } from "@rifazo/shared/errors";
import type { SellerArea as SellerAreaData } from "@rifazo/shared/schemas/sellers";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { Link } from "react-router";
import { FullPageMessage } from "../../components/layout/full-page-message";
import { Page } from "../../components/layout/page";
import { Alert } from "../../components/ui/alert";
import { buttonClasses } from "../../components/ui/button";
import { QueryErrorAlert } from "../../components/ui/query-error-alert";
import { Skeleton } from "../../components/ui/skeleton";
import { errorMessage, isApiError } from "../../lib/api-client";
import { formatDateTime } from "../../lib/format";
import { paths } from "../../lib/paths";
import { useOnline } from "../../lib/use-online";
import { SignedInOnly, useSession } from "../auth";
import { raffleNumbersQuery } from "../raffles";
import { sellerAreaQuery } from "./api";
import { QueuedSales } from "./queued-sales";
import { SellerRaffleCard } from "./seller-raffle-card";
import { SellerSales } from "./seller-sales";
import { SellerSettlements } from "./seller-settlements";
import { useOfflineSessionRestore, useQueueSync } from "./use-sale-queue";

const TITLE = "Área de vendedor";

/**
 * /vendedor (docs/decisions/0034-vendedores.md): who the vendedor is, their code, the raffles they may sell
 * now with their terms, their place among the raffle's vendedores (and «Registrar venta» on each), the
 * settlements with the organiser and the sales they recorded ("Mis ventas").
 * Rendered in the browser, for signed-in users only. Without signal it opens from the phone's last copy,
 * and sales are saved on the phone to send later ("Ventas por enviar").
 */
export function SellerArea() {
  useOfflineSessionRestore();
  return (
    <SignedInOnly errorTitle="Error del área de vendedor">
      <meta name="robots" content="noindex, nofollow" />
      <SellerAreaScreen />
    </SignedInOnly>
  );
}

/** Without signal, the area says so: sales are kept on this phone, and what it shows may be old. */
function OfflineNotice({ savedAt }: { savedAt: string | null }) {
  const online = useOnline();
  if (online && !savedAt) return null;
  return (
    <Alert variant="warning" title="Sin conexión: las ventas se guardan en este teléfono" className="mb-6">
      {savedAt
        ? `Estás viendo tus rifas como estaban el ${formatDateTime(savedAt, "short")}: los números disponibles y tu efectivo por entregar pueden no estar al día.`
        : "Los números disponibles pueden no estar al día."}
    </Alert>
  );
}

/**
 * While there is signal, the numbers of each raffle sold by number are loaded ahead: the sale form's grid
 * then opens from them when the signal is gone (marked as possibly old).
 */
function usePrefetchedNumbers(raffles: SellerAreaData["raffles"] | undefined) {
  const client = useQueryClient();
  const online = useOnline();
  useEffect(() => {
    if (!online || !raffles) return;
    for (const raffle of raffles) {
      // Kept for a day unobserved (not the default five minutes): the form may be opened hours later.
      if (raffle.numberMode === "chosen")
        void client.prefetchQuery({ ...raffleNumbersQuery(raffle.raffleId), gcTime: 86_400_000 });
    }
  }, [client, online, raffles]);
}

function SellerAreaScreen() {
  const query = useQuery(sellerAreaQuery);
  const session = useSession();
  const syncNow = useQueueSync(session.user?.id);
  usePrefetchedNumbers(query.data?.raffles);

  if (query.isPending) {
    return (
      <Page title={TITLE} eyebrow="Vendedor" className="max-w-2xl!">
        <div role="status" aria-label="Cargando tus rifas..." className="space-y-4">
          <Skeleton className="h-48 w-full rounded-card!" />
          <Skeleton className="h-48 w-full rounded-card!" />
        </div>
      </Page>
    );
  }

  if (query.isError) {
    const code = isApiError(query.error) ? query.error.code : null;
    if (code === "NOT_A_SELLER" || code === "SELLER_SUSPENDED") {
      return <NotSellingScreen suspended={code === "SELLER_SUSPENDED"} message={errorMessage(query.error)} />;
    }
    return (
      <Page title={TITLE} eyebrow="Vendedor" className="max-w-2xl!">
        <QueryErrorAlert query={query} title="No pudimos cargar tus rifas">
          {errorMessage(query.error)}
        </QueryErrorAlert>
      </Page>
    );
  }

  const { seller, raffles, exchangeRate, savedAt, settlements } = query.data;
  return (
    <Page
      title={`Hola, ${seller.name}`}
      documentTitle={TITLE}
      eyebrow="Vendedor"
      className="max-w-2xl!"
      description="Las rifas que el organizador te permite vender ahora, con tu comisión y tu límite de efectivo: lo más que puedes tener cobrado sin entregar al organizador."
    >
      <OfflineNotice savedAt={savedAt} />
      <QueuedSales area={query.data} onSync={syncNow} />
      <p className="mb-6 flex flex-wrap items-center gap-2 text-sm text-muted">
        Tu código de vendedor:
        <span className="rounded-control bg-brand-100 px-2.5 py-1 font-mono text-base font-bold tracking-wider text-brand-900">
          {seller.code}
        </span>
      </p>
      {raffles.length === 0 ? (
        <div className="rounded-card border border-dashed border-line bg-surface px-4 py-10 text-center">
          <p className="font-bold text-ink">Aún no tienes rifas para vender</p>
          <p className="mt-1 text-sm text-muted">
            Cuando el organizador te asigne una rifa activa, aparecerá aquí con tu comisión.
          </p>
        </div>
      ) : (
        <ul aria-label="Rifas que puedes vender" className="space-y-4">
          {raffles.map((raffle) => (
            <li key={raffle.raffleId}>
              <SellerRaffleCard raffle={raffle} exchangeRate={exchangeRate} />
            </li>
          ))}
        </ul>
      )}
      <SellerSettlements settlements={settlements} />
      <SellerSales area={query.data} />
    </Page>
  );
}

/** A signed-in user who is not a vendedor, or one whose selling is suspended: the whole page says so. */
function NotSellingScreen({ suspended, message }: { suspended: boolean; message: string }) {
  return (
    <FullPageMessage
      title={suspended ? "Cuenta de vendedor suspendida" : "No eres vendedor"}
      description={message || ERROR_MESSAGES[suspended ? "SELLER_SUSPENDED" : "NOT_A_SELLER"]}
      className="py-10"
    >
      <div className="flex flex-wrap justify-center gap-3">
        <Link to={paths.raffles} className={buttonClasses({ variant: "primary" })}>
          Ver rifas
        </Link>
        {suspended ? (
          <Link to={paths.contact} className={buttonClasses({ variant: "outline" })}>
            Contacto
          </Link>
        ) : null}
      </div>
    </FullPageMessage>
  );
}
