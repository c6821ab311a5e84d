import { Link } from "react-router";
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
import { useSession } from "../features/auth";
import { paths } from "../lib/paths";

// The home page's sections under the featured raffles: the three-step guide with the 24-hour note, the
// trust points and the sign-up call. They are off screen when the page opens, so they arrive as their own
// chunk right after the entry instead of making the first paint wait for them.

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
          <p>Revisamos tu comprobante y, al aprobarlo, recibes tus números de boleto al instante.</p>
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

export default function HomeBelowFold() {
  return (
    <>
      <HowItWorks />
      <Trust />
      <SignUpCallToAction />
    </>
  );
}
