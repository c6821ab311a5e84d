import { Navigate, Outlet, useLocation } from "react-router";
import { FullScreenOverlay } from "../../../components/layout/full-screen-overlay";
import { paths } from "../../../lib/paths";
import { useRenderedSession } from "../hooks/use-rendered-session";
import type { RedirectState } from "../redirects";
import { useSigningOut } from "../sign-out-state";
import { SessionError } from "./session-error";

/** /perfil/*: visitors go to /login, which sends them back here after signing in. */
export function ProfileGuard() {
  // The payment page may arrive rendered with the buyer's session (decision 0029).
  const session = useRenderedSession();
  const location = useLocation();
  const signingOut = useSigningOut();

  if (signingOut) return null;
  if (session.status === "loading") return <FullScreenOverlay message="Verificando acceso..." />;
  if (session.status === "error") {
    return <SessionError title="Error de Perfil" error={session.error} onRetry={session.refetch} />;
  }
  if (!session.user) {
    const state: RedirectState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
    };
    return <Navigate to={paths.login} replace state={state} />;
  }
  return <Outlet />;
}
