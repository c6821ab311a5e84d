import { proofReviewPromise } from "@rifazo/shared/domain/glossary";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Logo } from "../../components/brand/logo";
import { SocialLinks } from "../../components/layout/social-links";
import { WAITING_TEXT } from "../../components/ui/button";
import { CookieIcon, MailIcon } from "../../components/ui/icons";
import { openCookiePreferences } from "../../features/cookie-consent";
import { paths } from "../../lib/paths";
import { SUPPORT_EMAIL } from "../../lib/site";
import { useHydrated } from "../../lib/use-hydrated";

const QUICK_LINKS = [
  { to: paths.raffles, label: "Rifas Activas" },
  { to: paths.upcoming, label: "Próximamente" },
  { to: paths.winners, label: "Ganadores" },
  { to: paths.ticketVerifier, label: "Verificar Boleto" },
  { to: paths.paymentMethods, label: "Métodos de Pago" },
  { to: paths.live, label: "Transmisiones en Vivo" },
  { to: paths.transparency, label: "Transparencia de Sorteos" },
  { to: paths.testimonials, label: "Testimonios" },
  { to: paths.contact, label: "Contacto" },
  { to: paths.terms, label: "Términos y Condiciones" },
  { to: paths.privacy, label: "Política de Privacidad" },
] as const;

function FooterHeading({ children }: { children: ReactNode }) {
  return <h2 className="text-sm font-bold tracking-wider text-accent-300 uppercase">{children}</h2>;
}

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="on-dark mt-auto bg-brand-950 text-brand-100 print:hidden">
      <div className="mx-auto grid w-full max-w-page gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-[1.2fr_1.5fr_1fr] lg:px-8">
        <section aria-labelledby="footer-about" className="space-y-4">
          <h2 id="footer-about" className="sr-only">
            Sobre Rifazo
          </h2>
          <Link to={paths.home} className="inline-block rounded-control" aria-label="Rifazo, ir al inicio">
            <Logo inverted />
          </Link>
          <p className="max-w-sm text-sm leading-relaxed text-brand-200">
            Rifazo es la plataforma de rifas en línea de Venezuela. Elige tu rifa, paga con el método que
            prefieras y sigue cada sorteo: cada rifa dice cómo se decide su ganador. {proofReviewPromise()}
          </p>
        </section>

        <nav aria-labelledby="footer-links" className="space-y-4">
          <FooterHeading>
            <span id="footer-links">Enlaces Rápidos</span>
          </FooterHeading>
          <ul className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm">
            {QUICK_LINKS.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="text-brand-200 hover:text-white hover:underline underline-offset-4"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <section aria-labelledby="footer-social" className="space-y-4 md:col-span-2 lg:col-span-1">
          <FooterHeading>
            <span id="footer-social">Síguenos</span>
          </FooterHeading>
          <SocialLinks
            className="flex gap-2"
            linkClassName="inline-flex size-10 items-center justify-center rounded-full bg-white/10 text-lg text-white hover:bg-accent-400 hover:text-brand-950"
            linkName={(network) => `Rifazo en ${network} (se abre en una pestaña nueva)`}
          />
          <div className="space-y-1 text-sm">
            <p className="text-brand-200">¿Tienes preguntas? Escríbenos:</p>
            <a
              href={`mailto:${SUPPORT_EMAIL}`}
              className="inline-flex items-center gap-2 font-semibold text-white hover:underline underline-offset-4"
            >
              <MailIcon className="text-accent-300" />
              {SUPPORT_EMAIL}
            </a>
          </div>
        </section>
      </div>

      <FooterLegal year={year} />
    </footer>
  );
}

function FooterLegal({ year }: { year: number }) {
  return (
    <div className="border-t border-white/10">
      <div className="mx-auto flex w-full max-w-page flex-col gap-3 px-4 py-6 text-xs text-brand-200 sm:px-6 md:flex-row md:items-center md:justify-between lg:px-8">
        <div className="space-y-1">
          <p>© {year} Rifazo. Todos los derechos reservados.</p>
          <p>
            Juega responsablemente. Prohibida la venta a menores de 18 años. Solo para residentes en
            Venezuela.
          </p>
        </div>
        <CookiePreferencesButton />
      </div>
    </div>
  );
}

/**
 * The preferences dialog needs the page's code: on a server-rendered page the button waits for it and
 * says so (decision 0018).
 */
function CookiePreferencesButton() {
  const hydrated = useHydrated();
  return (
    <button
      type="button"
      disabled={!hydrated}
      aria-busy={!hydrated || undefined}
      title={hydrated ? undefined : "Cargando…"}
      onClick={openCookiePreferences}
      className="inline-flex shrink-0 items-center gap-1.5 self-start whitespace-nowrap rounded-control py-1 font-semibold text-white hover:underline underline-offset-4 disabled:cursor-wait md:self-auto"
    >
      <CookieIcon className="text-accent-300" />
      Preferencias de Cookies
      {hydrated ? null : <span className="sr-only">{` (${WAITING_TEXT})`}</span>}
    </button>
  );
}
