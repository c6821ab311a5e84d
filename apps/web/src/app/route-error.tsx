import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { LogoMark } from "../components/brand/logo";
import { DocumentTitle } from "../components/layout/document-title";
import { Button, buttonClasses } from "../components/ui/button";
import { paths } from "../lib/paths";

/** Last resort when a page fails to render or its code cannot be downloaded (e.g. after a deploy). */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (import.meta.env.DEV) console.error(error);
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-canvas px-4 text-center">
      <DocumentTitle title="Algo salió mal" />
      <LogoMark className="size-16" />
      <div className="max-w-md space-y-2">
        <h1 className="text-2xl font-black text-ink">
          {notFound ? "Página no encontrada" : "Algo salió mal"}
        </h1>
        <p className="text-muted">
          {notFound
            ? "La página que buscas no existe o fue movida."
            : "No pudimos mostrar esta página. Recarga para intentarlo de nuevo; si el problema continúa, vuelve más tarde."}
        </p>
      </div>
      <div className="flex flex-wrap justify-center gap-3">
        <Button onClick={() => window.location.reload()}>Recargar página</Button>
        <Link to={paths.home} reloadDocument className={buttonClasses({ variant: "outline" })}>
          Ir al inicio
        </Link>
      </div>
    </div>
  );
}

/** Shown only while the first page's code downloads. */
export function AppLoading() {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-canvas" role="status">
      <LogoMark className="size-14 animate-pulse" />
      <span className="sr-only">Cargando Rifazo...</span>
    </div>
  );
}
