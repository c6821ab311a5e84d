import { DEFAULT_PRIZE_LABEL, MIN_TICKETS_PER_PURCHASE } from "@rifazo/shared/constants";
import { proofReviewPromise } from "@rifazo/shared/domain/glossary";
import { countText } from "@rifazo/shared/domain/plural";
import { type RaffleCardState, raffleCardState } from "@rifazo/shared/domain/raffle-card-state";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useEffect } from "react";
import { Link, useParams } from "react-router";
import { DocumentTitle } from "../components/layout/document-title";
import { PageContainer } from "../components/layout/page";
import { Alert } from "../components/ui/alert";
import { buttonClasses } from "../components/ui/button";
import { ArrowRightIcon, BellIcon, ClockIcon, TrophyIcon } from "../components/ui/icons";
import { Skeleton } from "../components/ui/skeleton";
import { publicSettingsQuery } from "../features/exchange-rate";
import {
  DETAIL_IMAGE_SIZES,
  DrawResultLink,
  InstantPrizes,
  PrizeGallery,
  RAFFLE_TEXT,
  RaffleAction,
  type RaffleDetail,
  RaffleImageActions,
  raffleDetailQuery,
  raffleKeys,
  raffleNumbersQuery,
  TicketPurchase,
  toCardInput,
  WinnerList,
} from "../features/raffles";
import { loadNumberPicker, loadSellerLeaderboard } from "../features/raffles/lazy";
import { isApiError } from "../lib/api-client";
import { formatMoney } from "../lib/format";
import type { PrefetchPage } from "../lib/page-data";
import { paths } from "../lib/paths";
import { useHydrated } from "../lib/use-hydrated";
import { useNow } from "../lib/use-now";
import { useRaffleEvents } from "../lib/use-raffle-events";
import { DrawMethod } from "./raffle-detail/draw-method";
import { LifecycleNotice } from "./raffle-detail/lifecycle-notice";
import { RaffleFacts } from "./raffle-detail/raffle-facts";

/** The number grid is its own chunk: only chosen-number raffles download it. */
const NumberPicker = lazy(() =>
  loadNumberPicker().catch(() => ({
    default: () => (
      <Alert variant="danger">No pudimos cargar la cuadrícula de números. Recarga la página.</Alert>
    ),
  })),
);

/** «Vendedores destacados»: its own chunk, asked only where the organiser shows it (decision 0034). */
const SellerLeaderboard = lazy(() => loadSellerLeaderboard().catch(() => ({ default: () => null })));

function PickerLoading() {
  return (
    <div role="status" aria-label="Cargando números...">
      <Skeleton className="h-112 w-full rounded-card!" />
    </div>
  );
}

function BackLink() {
  return (
    <Link
      to={paths.raffles}
      className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline underline-offset-4"
    >
      <ArrowRightIcon className="rotate-180" />
      Todas las rifas
    </Link>
  );
}

function Section({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <section
      className={`rounded-card border border-line bg-surface p-5 shadow-card sm:p-6 ${className ?? ""}`}
    >
      <h2 className="mb-4 text-lg font-bold text-ink">{title}</h2>
      {children}
    </section>
  );
}

function LoadingView() {
  return (
    <PageContainer className="py-6 sm:py-10">
      <DocumentTitle title="Rifa" />
      <div role="status" aria-label="Cargando rifa..." className="grid gap-8 lg:grid-cols-2">
        <Skeleton className="aspect-[4/3] w-full rounded-card!" />
        <div className="space-y-4">
          <Skeleton className="h-6 w-32 rounded-pill!" />
          <Skeleton className="h-10 w-4/5" />
          <Skeleton className="h-9 w-2/5" />
          <Skeleton className="h-3 w-full rounded-pill!" />
          <Skeleton className="h-56 w-full rounded-card!" />
        </div>
      </div>
    </PageContainer>
  );
}

function FailureView({ error }: { error: unknown }) {
  const notFound = isApiError(error) && error.status === 404;
  return (
    <PageContainer className="py-12 sm:py-16">
      <DocumentTitle title={notFound ? RAFFLE_TEXT.notFound : "Rifa"} />
      <div className="mx-auto max-w-lg space-y-5 text-center">
        <h1 className="text-2xl font-black text-ink">{notFound ? RAFFLE_TEXT.notFound : "Algo salió mal"}</h1>
        <Alert variant="danger" className="text-left">
          {RAFFLE_TEXT.detailError}
        </Alert>
        <Link to={paths.raffles} className={buttonClasses({ size: "lg" })}>
          {RAFFLE_TEXT.backToRaffles}
        </Link>
      </div>
    </PageContainer>
  );
}

/** What replaces the quantity box when the raffle is not selling. */
function ClosedPanel({ raffle, state }: { raffle: RaffleDetail; state: RaffleCardState }) {
  if (state.phase === "cancelled") return null;
  if (state.phase === "ready_to_announce") {
    return (
      <div className="space-y-3 rounded-card border border-accent-300 bg-accent-50 p-5">
        <p className="flex items-center gap-2 font-bold text-brand-950">
          <TrophyIcon className="text-accent-600" />
          ¡Rifa lista para el anuncio!
        </p>
        <p className="text-sm text-ink/85">
          Las ventas cerraron. El ganador{" "}
          {raffle.drawTrust === "lottery"
            ? "saldrá del resultado oficial de la lotería y se anunciará"
            : "lo anunciará el organizador en vivo"}
          {raffle.externalAnnouncementPlatform ? ` por ${raffle.externalAnnouncementPlatform}` : ""}. Mira los
          detalles del anuncio:
        </p>
        <RaffleAction raffle={raffle} state={state} size="lg" />
      </div>
    );
  }
  if (state.phase === "upcoming") {
    return (
      <div className="space-y-3 rounded-card border border-info-700/20 bg-info-50 p-5">
        <p className="flex items-center gap-2 font-bold text-info-700">
          <BellIcon />
          Muy pronto podrás participar
        </p>
        <p className="text-sm text-ink/85">Esta rifa aún no ha comenzado. Vuelve cuando esté activa.</p>
        <RaffleAction raffle={raffle} state={state} size="lg" />
      </div>
    );
  }
  return (
    <div className="space-y-3 rounded-card border border-line bg-canvas p-5">
      <p className="flex items-center gap-2 font-bold text-ink">
        <ClockIcon className="text-brand-700" />
        {raffle.hasWinners ? "¡Esta rifa ya tiene ganador!" : "Las ventas de esta rifa cerraron"}
      </p>
      <p className="text-sm text-muted">
        {raffle.hasWinners
          ? "Gracias a todos por participar. Mira quién ganó y verifica el sorteo con su acta."
          : "El sorteo está listo: síguelo en vivo en la página del sorteo."}
      </p>
      <RaffleAction raffle={raffle} state={state} size="lg" />
      {state.canViewDrawAnimation ? <DrawResultLink raffleId={raffle.id} /> : null}
    </div>
  );
}

function PrizeLevels({ raffle }: { raffle: RaffleDetail }) {
  if (raffle.prizeLevels.length === 0) return <p className="text-sm text-muted">{DEFAULT_PRIZE_LABEL}</p>;
  return (
    <ol className="space-y-3">
      {raffle.prizeLevels.map((level) => (
        <li key={level.level} className="flex gap-3 rounded-control border border-line bg-canvas p-3">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-black text-white">
            {level.level}°
          </span>
          <div className="min-w-0 flex-1 space-y-0.5">
            <p className="font-semibold text-ink">{level.description}</p>
            <p className="text-sm text-muted">
              {countText(level.winnerCount, "ganador", "ganadores")}
              {level.prizeValue !== null ? (
                <>
                  {" · "}Valor {formatMoney(level.prizeValue, raffle.currency)}
                </>
              ) : null}
            </p>
          </div>
        </li>
      ))}
    </ol>
  );
}

/** The payment methods the raffle accepts, and the link to their details. */
function AcceptedPayments({ methods }: { methods: RaffleDetail["paymentMethods"] }) {
  return (
    <>
      {methods.length > 0 ? (
        <ul className="flex flex-wrap gap-2">
          {methods.map((method) => (
            <li
              key={method}
              className="rounded-pill bg-brand-100 px-3 py-1 text-sm font-semibold text-brand-800"
            >
              {method}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">Consulta los métodos disponibles.</p>
      )}
      <Link
        to={paths.paymentMethods}
        className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline underline-offset-4"
      >
        Ver datos de pago
        <ArrowRightIcon className="text-xs" />
      </Link>
    </>
  );
}

function DetailView({ raffle }: { raffle: RaffleDetail }) {
  const state = raffleCardState(toCardInput(raffle), useNow());
  // Once the page is up, never on the server: the page's HTML and first paint do not wait for it.
  const hydrated = useHydrated();

  return (
    <PageContainer className="py-6 sm:py-10">
      <DocumentTitle title={raffle.title} />
      <BackLink />
      <div className="mt-4 grid items-start gap-6 lg:grid-cols-2 lg:gap-10">
        <PrizeGallery
          images={raffle.images}
          title={raffle.title}
          sizes={DETAIL_IMAGE_SIZES}
          overlay={<RaffleImageActions raffle={raffle} />}
        />

        <div className="space-y-5">
          <RaffleFacts raffle={raffle} state={state} />
          <LifecycleNotice raffle={raffle} />
          {state.salesOpen ? (
            raffle.numberMode === "chosen" && raffle.remaining >= MIN_TICKETS_PER_PURCHASE ? (
              <Suspense fallback={<PickerLoading />}>
                <NumberPicker raffle={raffle} />
              </Suspense>
            ) : (
              <TicketPurchase raffle={raffle} />
            )
          ) : (
            <ClosedPanel raffle={raffle} state={state} />
          )}
          {/* Goal reached: sales stay open, and anyone may start the 24 h countdown on the draw page. */}
          {state.salesOpen && state.primaryAction.kind === "start_draw" ? (
            <RaffleAction raffle={raffle} state={state} size="lg" />
          ) : null}
        </div>
      </div>

      <div className="mt-8 grid gap-6 lg:grid-cols-[1.4fr_1fr]">
        <div className="space-y-6">
          <Section title="Premios">
            <PrizeLevels raffle={raffle} />
          </Section>
          {/* Decision 0035: instant prizes, only where the raffle sells them. */}
          {raffle.instantPrizes ? (
            <Section title="Premios instantáneos">
              <InstantPrizes prizes={raffle.instantPrizes} />
            </Section>
          ) : null}
          <Section title="Descripción">
            <p className="leading-relaxed whitespace-pre-line text-ink/90">{raffle.description}</p>
          </Section>
          {raffle.hasWinners ? (
            <Section title="Ganadores">
              <WinnerList raffle={raffle} />
            </Section>
          ) : null}
        </div>
        <div className="space-y-6">
          <Section title="Métodos de pago aceptados">
            <AcceptedPayments methods={raffle.paymentMethods} />
          </Section>
          <Section title="Cómo se decide el ganador">
            <DrawMethod raffle={raffle} />
          </Section>
          {hydrated && raffle.sellerLeaderboardPublic ? (
            <Suspense fallback={null}>
              <SellerLeaderboard raffleId={raffle.id} />
            </Suspense>
          ) : null}
        </div>
      </div>
      <p className="mt-8 text-center text-xs text-muted">
        Compra mínima de {countText(MIN_TICKETS_PER_PURCHASE, "boleto", "boletos")}.{" "}
        {proofReviewPromise(raffle.lifecycle.reviewWindowHours)} Juega con responsabilidad: prohibida la venta
        a menores de 18 años.
      </p>
    </PageContainer>
  );
}

/** Rendered on the server with the raffle, its taken numbers and the bolívar rate (entry-server). */
export const prefetchPage: PrefetchPage = ({ queryClient, params, preloadCode, prefetchNextPage }) =>
  Promise.all([
    queryClient.fetchQuery(raffleDetailQuery(params.id ?? "")).then(
      (raffle) => {
        // A signed-in buyer here is about to reserve: the payment page's code is fetched while they choose,
        // so when «Reservar» answers with that page its scripts are already on the phone.
        // The payment page is nested in the profile's guard (app/routes.tsx): both are fetched.
        if (raffle.status === "active") {
          prefetchNextPage("ProfileGuard");
          prefetchNextPage("ProofUploadPage");
          prefetchNextPage("ProofUploadForm");
        }
        if (raffle.numberMode !== "chosen") return;
        // The grid's code comes with the page's, not after the page has run (decision 0031), and the grid
        // is a form of checkboxes before the code runs (decision 0029).
        preloadCode("NumberPicker");
        return queryClient.prefetchQuery(raffleNumbersQuery(raffle.id));
      },
      // A failed query renders as still loading (entry-server), as prefetchQuery would leave it.
      () => undefined,
    ),
    queryClient.prefetchQuery(publicSettingsQuery),
  ]);

/** /rifas/{id} (spec 1 §2 "Raffle detail"). */
export function RaffleDetailPage() {
  const { id = "" } = useParams();
  useRaffleEvents(raffleKeys.all);
  const query = useQuery(raffleDetailQuery(id));
  const chosen = query.data?.numberMode === "chosen";
  const queryClient = useQueryClient();
  // The grid's code and its bitmap are fetched side by side, not one after the other.
  useEffect(() => {
    if (chosen) void queryClient.prefetchQuery(raffleNumbersQuery(id));
  }, [chosen, id, queryClient]);
  if (query.isPending) return <LoadingView />;
  // A failed refresh keeps showing the raffle we have; only a first load failure shows the error view.
  if (!query.data) return <FailureView error={query.error} />;
  return <DetailView raffle={query.data} />;
}
