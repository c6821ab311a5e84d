import { proofReviewPromise } from "@rifazo/shared/domain/glossary";
import { usePrefetchQuery } from "@tanstack/react-query";
import { type ComponentType, lazy, type ReactNode, Suspense } from "react";
import { Link } from "react-router";
import { DocumentTitle } from "../components/layout/document-title";
import { PageContainer } from "../components/layout/page";
import { buttonClasses } from "../components/ui/button";
import { ArrowRightIcon, ClockIcon, TicketIcon, TrophyIcon } from "../components/ui/icons";
import { useSession } from "../features/auth";
import { publicSettingsQuery } from "../features/exchange-rate";
import { featuredRafflesQuery, RaffleCardSkeleton } from "../features/raffles";
import { loadFeaturedRaffles } from "../features/raffles/lazy";
import type { PrefetchPage } from "../lib/page-data";
import { paths } from "../lib/paths";

// The cards (with their logic, price formatting and favourites) are a separate chunk shared with /rifas,
// so the home entry stays small; HomePage starts the data requests while that chunk downloads.
// A chunk that cannot be downloaded (offline, or a deploy replaced the files) must not take the whole page
// down with it: the featured list says so and offers a reload, the static sections are simply left out.
const FeaturedRaffles = lazy(() => loadFeaturedRaffles().catch(() => ({ default: FeaturedUnavailable })));
const HomeBelowFold = lazy(
  (): Promise<{ default: ComponentType }> =>
    import("./home-below-fold").catch(() => ({ default: () => null })),
);

// Same text as RAFFLE_TEXT.featuredError, written out so the entry does not carry the whole text table.
const FEATURED_ERROR = "Hubo un problema al cargar las rifas destacadas. Por favor, inténtalo más tarde.";

function FeaturedUnavailable() {
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-3 rounded-card border border-danger-600/25 bg-danger-50 p-4 text-sm text-danger-700"
    >
      <p>{FEATURED_ERROR}</p>
      <button
        type="button"
        className={buttonClasses({ variant: "outline", size: "sm" })}
        onClick={() => window.location.reload()}
      >
        Recargar página
      </button>
    </div>
  );
}

function Ticket({ className, children }: { className: string; children: ReactNode }) {
  return (
    <div
      aria-hidden="true"
      className={`absolute flex w-64 items-center gap-4 rounded-2xl border border-white/20 bg-white/10 px-5 py-4 text-white shadow-2xl backdrop-blur-md ${className}`}
    >
      <span className="flex size-11 items-center justify-center rounded-full bg-accent-400 text-xl text-brand-950">
        <TicketIcon />
      </span>
      <span className="space-y-0.5">
        <span className="block text-xs font-semibold tracking-wider text-brand-200 uppercase">Boleto</span>
        <span className="block font-mono text-2xl font-bold tracking-[0.2em]">{children}</span>
      </span>
    </div>
  );
}

function Hero() {
  const { user } = useSession();
  return (
    <section
      aria-labelledby="hero-title"
      className="on-dark relative overflow-hidden bg-gradient-to-br from-brand-950 via-brand-900 to-brand-700 text-white"
    >
      <div
        aria-hidden="true"
        className="absolute -top-24 -right-24 size-96 rounded-full bg-accent-400/20 blur-3xl"
      />
      <div
        aria-hidden="true"
        className="absolute -bottom-32 -left-16 size-80 rounded-full bg-brand-400/30 blur-3xl"
      />
      <PageContainer className="relative grid items-center gap-10 py-14 sm:py-20 lg:grid-cols-[1.3fr_1fr] lg:py-24">
        <div className="space-y-6">
          <p className="inline-flex items-center gap-2 rounded-pill bg-white/10 px-3 py-1 text-sm font-semibold text-accent-200 ring-1 ring-white/15">
            <TrophyIcon /> Rifas en línea en Venezuela
          </p>
          <h1
            id="hero-title"
            className="text-4xl leading-tight font-black tracking-tight text-balance sm:text-5xl lg:text-6xl"
          >
            Bienvenido a Rifazo, <span className="text-accent-300">tu próximo premio</span> te espera
          </h1>
          <p className="max-w-xl text-lg text-brand-100">
            Participa en rifas de premios increíbles desde tu teléfono. Compra tus boletos, sube tu
            comprobante y sigue el sorteo en vivo.
          </p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Link to={paths.raffles} className={buttonClasses({ variant: "accent", size: "lg" })}>
              Ver Rifas Activas
              <ArrowRightIcon />
            </Link>
            {user ? null : (
              <Link
                to={paths.register}
                className={buttonClasses({
                  variant: "outline",
                  size: "lg",
                  className: "border-white/30 bg-white/5 text-white hover:border-white/60 hover:bg-white/15",
                })}
              >
                Crear cuenta gratis
              </Link>
            )}
          </div>
          <p className="flex items-center gap-2 text-sm text-brand-200">
            <ClockIcon className="text-accent-300" />
            {proofReviewPromise()}
          </p>
        </div>
        <div className="relative hidden h-80 lg:block">
          <Ticket className="top-6 left-4 -rotate-6 opacity-80">0427</Ticket>
          <Ticket className="top-28 right-0 rotate-3">1985</Ticket>
          <Ticket className="bottom-4 left-12 -rotate-2 opacity-90">7310</Ticket>
        </div>
      </PageContainer>
    </section>
  );
}

function FeaturedSkeleton() {
  return (
    <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3" role="status" aria-label="Cargando rifas...">
      <RaffleCardSkeleton />
      <RaffleCardSkeleton />
      <RaffleCardSkeleton />
    </div>
  );
}

function Featured() {
  return (
    <section aria-labelledby="featured-title" className="pt-12 sm:pt-16">
      <PageContainer>
        <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
          <div className="space-y-1">
            <p className="text-sm font-bold tracking-wide text-brand-700 uppercase">No te quedes fuera</p>
            <h2 id="featured-title" className="text-3xl font-black tracking-tight text-ink sm:text-4xl">
              Rifas destacadas
            </h2>
          </div>
          <Link
            to={paths.raffles}
            className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline underline-offset-4"
          >
            Ver todas las rifas
            <ArrowRightIcon />
          </Link>
        </div>
        <Suspense fallback={<FeaturedSkeleton />}>
          <FeaturedRaffles />
        </Suspense>
      </PageContainer>
    </section>
  );
}

/** Rendered on the server with the featured raffles and the bolívar rate (entry-server). */
export const prefetchPage: PrefetchPage = ({ queryClient }) =>
  Promise.all([
    queryClient.prefetchQuery(featuredRafflesQuery),
    queryClient.prefetchQuery(publicSettingsQuery),
  ]);

export function HomePage() {
  usePrefetchQuery(featuredRafflesQuery);
  usePrefetchQuery(publicSettingsQuery);
  return (
    <>
      <DocumentTitle title="" />
      <Hero />
      <Featured />
      <Suspense fallback={null}>
        <HomeBelowFold />
      </Suspense>
    </>
  );
}
