import { type Currency, DEFAULT_CURRENCY, PAYMENT_METHOD_LABELS } from "@rifazo/shared/constants";
import { convertAmount, methodCurrency, type PriceQuote, quotePurchase } from "@rifazo/shared/domain/pricing";
import { purchaseTotal } from "@rifazo/shared/domain/tickets";
import { RESERVATION_MESSAGES } from "@rifazo/shared/schemas/reservation-messages";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { Link, useLocation, useParams, useSearchParams } from "react-router";
import { Page } from "../../components/layout/page";
import { Alert } from "../../components/ui/alert";
import { Button, buttonClasses } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { toast } from "../../components/ui/toast";
import { useRenderedSession } from "../../features/auth";
import { useExchangeRate } from "../../features/exchange-rate";
import {
  type FixedPrice,
  GENERAL_RAFFLE_ID,
  type PaymentOption,
  PROOF_FORM_TEXT,
  PriceSummary,
  ProofUploadForm,
  prefetchCheckout,
  purchaseAllowanceQuery,
  RaffleQuoteNotice,
  ReservationCheckout,
  raffleQuoteQuery,
  readProofPrefill,
  ticketsLabel,
} from "../../features/proofs";
import { type RaffleDetail, raffleDetailQuery } from "../../features/raffles";
import { isApiError } from "../../lib/api-client";
import { formatMoney } from "../../lib/format";
import { paths } from "../../lib/paths";

/** The summary's heading: the raffle being paid for, with what else the summary says of it. */
function RaffleName({ name, children }: { name: string; children?: ReactNode }) {
  return (
    <div className="min-w-0">
      <p className="text-xs font-bold tracking-wide text-brand-700 uppercase">Rifa</p>
      <p className="text-lg font-bold text-ink">{name}</p>
      {children}
    </div>
  );
}

function Summary({
  name,
  quantity,
  total,
  currency,
  pricing,
}: {
  name: string;
  quantity: number | null;
  total: number | null;
  currency: Currency;
  pricing: PriceQuote | null;
}) {
  if (pricing) {
    return (
      <Card className="border-brand-200 bg-brand-50/60">
        <CardContent className="space-y-3 p-4! sm:p-5!">
          <RaffleName name={name} />
          <PriceSummary pricing={pricing} />
        </CardContent>
      </Card>
    );
  }
  return (
    <Card className="border-brand-200 bg-brand-50/60">
      <CardContent className="grid gap-3 p-4! sm:grid-cols-[1fr_auto] sm:items-center sm:p-5!">
        <RaffleName name={name}>
          {quantity ? <p className="text-sm text-muted">{ticketsLabel(quantity)}</p> : null}
        </RaffleName>
        {total ? (
          <div className="sm:text-right">
            <p className="text-xs font-bold tracking-wide text-brand-700 uppercase">Total a pagar</p>
            <p className="text-2xl font-black text-brand-800">{formatMoney(total, currency)}</p>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** The payment page of a reservation renders on the server for its buyer (decision 0029). */
export const prefetchPage = prefetchCheckout;

/**
 * /perfil/subir-comprobante/{raffleId}?reserva={id}: the payment page of a reservation (decision 0013).
 * Without a reservation: the proof of a payment for a random-mode raffle (the server reserves on upload)
 * or a general payment ('general'). Raffle info comes from the purchase box (navigation state), else from
 * ?tickets=&amount=, and the raffle itself is fetched for its price, combos, methods and tickets left.
 */
export function ProofUploadPage() {
  const { raffleId = GENERAL_RAFFLE_ID } = useParams();
  const [searchParams] = useSearchParams();
  const reservationId = searchParams.get("reserva");
  const { user } = useRenderedSession();
  if (reservationId && raffleId !== GENERAL_RAFFLE_ID) {
    return (
      <Page
        title="Pagar reserva"
        eyebrow="Pago de rifa"
        description="Paga con uno de los métodos de la rifa y sube tu comprobante antes de que venza tu reserva."
        className="max-w-3xl!"
      >
        <div className="space-y-4">
          <Link
            to={paths.raffle(raffleId)}
            className="text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
          >
            ← Volver a la rifa
          </Link>
          <ReservationCheckout raffleId={raffleId} reservationId={reservationId} signedIn={Boolean(user)} />
        </div>
      </Page>
    );
  }
  return <DirectProofUpload raffleId={raffleId} signedIn={Boolean(user)} isAdmin={user?.role === "admin"} />;
}

/** Each accepted method in its own currency: bolívares at today's BCV rate for Pago Móvil and transfers. */
function paymentOptions(
  raffle: RaffleDetail | undefined,
  pricing: PriceQuote | null,
  rate: number | null,
): PaymentOption[] | null {
  if (!raffle || raffle.acceptedMethods.length === 0) return null;
  return raffle.acceptedMethods.map((method) => {
    const currency = methodCurrency(method, raffle.currency);
    return {
      method,
      label: PAYMENT_METHOD_LABELS[method],
      currency,
      amount: pricing ? convertAmount(pricing.total, raffle.currency, currency, rate) : null,
    };
  });
}

/** The price the form fixes: the raffle's, else the purchase box's own total (the raffle did not load). */
function fixedPrice(
  raffle: RaffleDetail | undefined,
  prefill: ReturnType<typeof readProofPrefill>,
  isGeneral: boolean,
): FixedPrice | null {
  if (raffle) return { unitPrice: raffle.price, currency: raffle.currency, remaining: raffle.remaining };
  if (isGeneral || !prefill.amount || !prefill.quantity) return null;
  return {
    unitPrice: prefill.amount / prefill.quantity,
    currency: prefill.currency ?? DEFAULT_CURRENCY,
    remaining: null,
  };
}

/** The purchase a direct upload pays: the raffle, its price for the quantity typed, its methods. */
function useDirectPurchase(raffleId: string, signedIn: boolean, isAdmin: boolean) {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  // Administrators do not buy (the server answers 403 to their uploads): no allowance to read.
  const allowanceQuery = useQuery({
    ...purchaseAllowanceQuery(raffleId),
    enabled: signedIn && !isAdmin,
  });
  const isGeneral = raffleId === GENERAL_RAFFLE_ID;
  // Read once: later navigation state changes (none expected) must not reset a half-filled form.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the prefill is taken when the page opens.
  const prefill = useMemo(() => readProofPrefill(raffleId, location.state, searchParams), [raffleId]);

  const raffleQuery = useQuery({ ...raffleDetailQuery(raffleId), enabled: !isGeneral, retry: 1 });
  const raffle = raffleQuery.data;

  useEffect(() => {
    if (raffleQuery.isError) {
      toast({
        id: "proof-raffle",
        title: "Error",
        description: PROOF_FORM_TEXT.raffleLoadError,
        variant: "error",
      });
    }
  }, [raffleQuery.isError]);

  const rate = useExchangeRate();
  const [quantity, setQuantity] = useState<number | null>(prefill.quantity);
  // The server's quote carries the buyer's level discount; the shared rule alone (combos) until it answers.
  const quoteQuery = useQuery({
    ...raffleQuoteQuery(raffleId, quantity ?? 1),
    enabled: Boolean(raffle) && signedIn && !isAdmin && quantity !== null,
  });
  const serverQuote = quoteQuery.data && quoteQuery.data.quantity === quantity ? quoteQuery.data : null;
  const pricing: PriceQuote | null =
    raffle && quantity
      ? (serverQuote ??
        quotePurchase({
          quantity,
          unitPrice: raffle.price,
          currency: raffle.currency,
          combos: raffle.combos,
        }))
      : null;
  return {
    isGeneral,
    prefill,
    raffleQuery,
    raffle,
    notFound: isApiError(raffleQuery.error) && raffleQuery.error.status === 404,
    rate,
    quantity,
    setQuantity,
    pricing,
    options: paymentOptions(raffle, pricing, rate?.rate ?? null),
    fixed: fixedPrice(raffle, prefill, isGeneral),
    allowance: allowanceQuery.data ?? null,
  };
}

type DirectPurchase = ReturnType<typeof useDirectPurchase>;

/** The summary, the notices and the form of a direct upload whose raffle is known (or a general payment). */
function DirectUploadForm({
  raffleId,
  signedIn,
  purchase,
}: {
  raffleId: string;
  signedIn: boolean;
  purchase: DirectPurchase;
}) {
  const { isGeneral, prefill, raffle, raffleQuery, notFound, fixed, quantity, pricing, options, rate } =
    purchase;
  const name = raffle?.title ?? prefill.raffleName;
  const currency = fixed?.currency ?? prefill.currency ?? DEFAULT_CURRENCY;
  const total = fixed && quantity ? purchaseTotal(quantity, fixed.unitPrice) : prefill.amount;
  return (
    <div className="space-y-5">
      {isGeneral ? (
        <Alert variant="info" title="Pago general">
          Usa este formulario si pagaste sin elegir una rifa desde la página de la rifa. Indica el monto y la
          cantidad de boletos que pagaste.
        </Alert>
      ) : name ? (
        <Summary name={name} quantity={quantity} total={total} currency={currency} pricing={pricing} />
      ) : null}
      {options && pricing ? <RaffleQuoteNotice options={options} rate={rate} /> : null}
      {raffleQuery.isError && !notFound ? (
        <Alert
          variant="danger"
          action={
            <Button size="sm" variant="outline" onClick={() => void raffleQuery.refetch()}>
              Reintentar
            </Button>
          }
        >
          {PROOF_FORM_TEXT.raffleLoadError}
        </Alert>
      ) : null}
      <Card>
        <CardContent>
          <ProofUploadForm
            key={raffleId}
            raffleId={raffleId}
            options={options}
            onQuantityChange={purchase.setQuantity}
            prefill={prefill}
            fixed={fixed}
            signedIn={signedIn}
            allowance={purchase.allowance}
            salesOpen={!raffle || raffle.lifecycle.salesOpen}
          />
        </CardContent>
      </Card>
    </div>
  );
}

/** Why there is no form yet: the raffle loading, missing, or one whose numbers are chosen on its page. */
function directUploadState(raffleId: string, purchase: DirectPurchase): React.ReactNode {
  const { isGeneral, raffleQuery, prefill, notFound, raffle } = purchase;
  if (!isGeneral && raffleQuery.isPending && !prefill.raffleName) {
    return (
      <div className="space-y-4" aria-busy="true">
        <Skeleton className="h-24 w-full rounded-card" />
        <Skeleton className="h-96 w-full rounded-card" />
      </div>
    );
  }
  if (notFound) {
    return (
      <Alert
        variant="danger"
        title={PROOF_FORM_TEXT.raffleLoadError}
        action={
          <Link to={paths.raffles} className={buttonClasses({ variant: "outline", size: "sm" })}>
            Volver a Rifas
          </Link>
        }
      >
        La rifa no existe o ya no está disponible.
      </Alert>
    );
  }
  if (raffle?.numberMode === "chosen") {
    return (
      <Alert
        variant="info"
        title="Elige tus números"
        action={
          <Link to={paths.raffle(raffleId)} className={buttonClasses({ size: "sm" })}>
            Ir a la rifa
          </Link>
        }
      >
        {RESERVATION_MESSAGES.chooseNumbers}
      </Alert>
    );
  }
  return null;
}

function DirectProofUpload({
  raffleId,
  signedIn,
  isAdmin,
}: {
  raffleId: string;
  signedIn: boolean;
  isAdmin: boolean;
}) {
  const purchase = useDirectPurchase(raffleId, signedIn, isAdmin);
  const { isGeneral } = purchase;
  return (
    <Page
      title="Subir Comprobante"
      eyebrow={isGeneral ? "Pago general" : "Pago de rifa"}
      description="Sube el comprobante de tu pago para que validemos tu compra."
      className="max-w-3xl!"
    >
      <div className="space-y-4">
        <Link
          to={isGeneral ? paths.paymentMethods : paths.raffle(raffleId)}
          className="text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
        >
          ← {isGeneral ? "Métodos de pago" : "Volver a la rifa"}
        </Link>
        {directUploadState(raffleId, purchase) ?? (
          <DirectUploadForm raffleId={raffleId} signedIn={signedIn} purchase={purchase} />
        )}
      </div>
    </Page>
  );
}
