import type { ReactNode } from "react";
import { Link } from "react-router";
import { DocumentTitle } from "../components/layout/document-title";
import { PageContainer } from "../components/layout/page";
import { buttonClasses } from "../components/ui/button";
import {
  ArrowRightIcon,
  CheckCircleIcon,
  ClockIcon,
  SearchIcon,
  ShieldIcon,
  TicketIcon,
  TrophyIcon,
  UploadIcon,
} from "../components/ui/icons";
import { useSession } from "../features/auth/hooks/use-session";
import { paths } from "../lib/paths";

const STEPS = [
  {
    icon: <SearchIcon />,
    title: "Elige tu rifa",
    text: "Explora las rifas activas y escoge el premio que más te guste.",
  },
  {
    icon: <TicketIcon />,
    title: "Compra tus boletos",
    text: "Selecciona cuántos boletos quieres (mínimo 2) y paga con Pago Móvil, Zelle o Binance Pay.",
  },
  {
    icon: <TrophyIcon />,
    title: "Paga y gana",
    text: "Sube tu comprobante de pago. Al aprobarlo recibes tus números de boleto y sumas RifaPuntos.",
  },
] as const;

const TRUST = [
  {
    icon: <ShieldIcon />,
    title: "Sorteos transparentes",
    text: "Cada sorteo es público y puedes revisar el historial completo.",
    to: paths.transparency,
    cta: "Ver transparencia",
  },
  {
    icon: <CheckCircleIcon />,
    title: "Verifica tu boleto",
    text: "Consulta en segundos si tu número de boleto resultó ganador.",
    to: paths.ticketVerifier,
    cta: "Verificar boleto",
  },
  {
    icon: <UploadIcon />,
    title: "Paga como prefieras",
    text: "Pago Móvil, Zelle, Binance Pay y más opciones para tu comodidad.",
    to: paths.paymentMethods,
    cta: "Ver métodos de pago",
  },
] as const;

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
            Validamos tu comprobante en menos de 24 horas.
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

function HowItWorks() {
  return (
    <section aria-labelledby="how-title" className="py-14 sm:py-20">
      <PageContainer>
        <div className="mx-auto max-w-2xl space-y-3 text-center">
          <p className="text-sm font-bold tracking-wide text-brand-700 uppercase">Así de fácil</p>
          <h2 id="how-title" className="text-3xl font-black tracking-tight text-ink sm:text-4xl">
            ¿Cómo participar?
          </h2>
          <p className="text-muted">Tres pasos te separan de tu próximo premio.</p>
        </div>
        <ol className="mt-10 grid gap-5 md:grid-cols-3">
          {STEPS.map((step, index) => (
            <li
              key={step.title}
              className="relative rounded-card border border-line bg-surface p-6 shadow-card"
            >
              <span className="absolute top-5 right-5 text-5xl font-black text-brand-100" aria-hidden="true">
                {index + 1}
              </span>
              <span className="flex size-12 items-center justify-center rounded-control bg-brand-700 text-2xl text-white">
                {step.icon}
              </span>
              <h3 className="mt-5 text-lg font-bold text-ink">
                <span className="sr-only">Paso {index + 1}: </span>
                {step.title}
              </h3>
              <p className="mt-2 text-sm leading-relaxed text-muted">{step.text}</p>
            </li>
          ))}
        </ol>
        <div className="mt-8 flex items-center justify-center gap-3 rounded-card bg-accent-100 px-5 py-4 text-center text-sm font-semibold text-brand-950 sm:text-base">
          <ClockIcon className="shrink-0 text-xl text-accent-700" />
          <p>Tu comprobante se valida en menos de 24 horas y recibes tus números de boleto al instante.</p>
        </div>
      </PageContainer>
    </section>
  );
}

function Trust() {
  return (
    <section aria-labelledby="trust-title" className="border-y border-line bg-surface py-14 sm:py-16">
      <PageContainer>
        <h2 id="trust-title" className="sr-only">
          Por qué confiar en Rifazo
        </h2>
        <ul className="grid gap-8 lg:grid-cols-3">
          {TRUST.map((item) => (
            <li key={item.title} className="flex gap-4">
              <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xl text-brand-700">
                {item.icon}
              </span>
              <div className="space-y-1.5">
                <h3 className="font-bold text-ink">{item.title}</h3>
                <p className="text-sm text-muted">{item.text}</p>
                <Link
                  to={item.to}
                  className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline underline-offset-4"
                >
                  {item.cta}
                  <ArrowRightIcon className="text-xs" />
                </Link>
              </div>
            </li>
          ))}
        </ul>
      </PageContainer>
    </section>
  );
}

function SignUpCallToAction() {
  const { user } = useSession();
  return (
    <section aria-labelledby="cta-title" className="py-14 sm:py-20">
      <PageContainer>
        <div className="on-dark flex flex-col items-start gap-6 rounded-card bg-gradient-to-r from-brand-800 to-brand-600 p-8 text-white shadow-card sm:p-10 md:flex-row md:items-center md:justify-between">
          <div className="space-y-2">
            <h2 id="cta-title" className="text-2xl font-black sm:text-3xl">
              {user ? "¡Tu próxima rifa te espera!" : "¿Listo para tu primer Rifazo?"}
            </h2>
            <p className="max-w-xl text-brand-100">
              {user
                ? "Revisa las rifas activas y asegura tus boletos antes de que se agoten."
                : "Crea tu cuenta gratis en menos de un minuto y empieza a participar. Solo para mayores de 18 años."}
            </p>
          </div>
          <Link
            to={user ? paths.raffles : paths.register}
            className={buttonClasses({ variant: "accent", size: "lg", className: "shrink-0" })}
          >
            {user ? "Ver Rifas" : "Registrarme ahora"}
          </Link>
        </div>
      </PageContainer>
    </section>
  );
}

export function HomePage() {
  return (
    <>
      <DocumentTitle title="" />
      <Hero />
      <HowItWorks />
      <Trust />
      <SignUpCallToAction />
    </>
  );
}
