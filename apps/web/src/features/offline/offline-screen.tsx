import { Link } from "react-router";
import { FullPageMessage } from "../../components/layout/full-page-message";
import { Button, buttonClasses } from "../../components/ui/button";
import { paths } from "../../lib/paths";

/**
 * Instead of the generic error when a page cannot load offline (decision 0017): what still works, and a
 * retry that asks again without reloading the app (public/offline.html says the same before the app runs).
 */
export function OfflineScreen({ onRetry }: { onRetry: () => void }) {
  return (
    <FullPageMessage
      title="Sin conexión"
      description="No pudimos abrir esta página: no hay conexión a internet en este momento."
      className="py-10"
    >
      <section aria-labelledby="sin-conexion-funciona" className="w-full max-w-md space-y-2 text-left">
        <h2 id="sin-conexion-funciona" className="font-bold text-ink">
          Lo que sigue funcionando
        </h2>
        <ul className="space-y-2">
          <li className="rounded-control bg-brand-50 px-3.5 py-3">
            <p className="font-semibold text-ink">Las páginas que ya visitaste</p>
            <p className="text-sm text-muted">
              Se muestran como estaban la última vez que las abriste en este dispositivo.
            </p>
          </li>
          <li className="rounded-control bg-brand-50 px-3.5 py-3">
            <Link to={paths.profilePayments} className="font-semibold text-brand-800 underline">
              Mis boletos
            </Link>
            <p className="text-sm text-muted">
              Tus boletos y pagos tal como se sincronizaron la última vez, si iniciaste sesión aquí.
            </p>
          </li>
        </ul>
      </section>
      <div className="flex flex-wrap justify-center gap-3">
        <Button onClick={onRetry}>Reintentar</Button>
        <Link to={paths.home} className={buttonClasses({ variant: "outline" })}>
          Ir al inicio
        </Link>
      </div>
    </FullPageMessage>
  );
}
