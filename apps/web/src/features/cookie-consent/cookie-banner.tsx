import { Link } from "react-router";
import { Button } from "../../components/ui/button";
import { CookieIcon } from "../../components/ui/icons";
import { paths } from "../../lib/paths";
import { ACCEPT_ALL, REJECT_NON_ESSENTIAL } from "./consent";
import { openCookiePreferences, saveCookieConsent, useCookieConsent } from "./use-cookie-consent";

/** Shown at the bottom until the visitor makes a choice (accept, reject or save preferences). */
export function CookieBanner() {
  const consent = useCookieConsent();
  if (consent) return null;
  return (
    <section aria-label="Aviso de cookies" className="fixed inset-x-0 bottom-0 z-40 p-2 sm:p-4 print:hidden">
      <div className="mx-auto flex max-w-page flex-col gap-3 rounded-card border border-line bg-surface p-4 shadow-pop sm:gap-4 sm:p-5 lg:flex-row lg:items-center">
        <div className="flex gap-3">
          <span className="mt-0.5 hidden text-2xl text-brand-700 sm:block">
            <CookieIcon />
          </span>
          <div className="space-y-1 text-sm">
            <h2 className="font-bold text-ink">Usamos cookies</h2>
            <p className="text-[13px] leading-snug text-muted sm:text-sm">
              Las necesarias hacen funcionar Rifazo. Con tu permiso usamos también cookies analíticas y de
              marketing.{" "}
              <Link
                to={paths.cookiePolicy}
                className="font-semibold text-brand-700 underline underline-offset-2"
              >
                Política de Cookies
              </Link>
            </p>
          </div>
        </div>
        <div className="grid shrink-0 grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:justify-end">
          <Button
            variant="ghost"
            size="sm"
            className="order-last col-span-2 h-8! sm:order-none sm:h-9!"
            onClick={openCookiePreferences}
          >
            Preferencias
          </Button>
          <Button
            variant="outline"
            size="sm"
            className="h-auto! min-h-9 px-2! py-1.5 whitespace-normal! sm:px-3!"
            onClick={() => saveCookieConsent(REJECT_NON_ESSENTIAL)}
          >
            Rechazar No Esenciales
          </Button>
          <Button size="sm" className="h-auto! min-h-9 py-1.5" onClick={() => saveCookieConsent(ACCEPT_ALL)}>
            Aceptar Todas
          </Button>
        </div>
      </div>
    </section>
  );
}
