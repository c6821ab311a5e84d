import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { FullScreenOverlay } from "../../../components/layout/full-screen-overlay";
import { paths } from "../../../lib/paths";
import { useRenderedSession } from "../hooks/use-rendered-session";
import type { RedirectState } from "../redirects";
import { useSigningOut } from "../sign-out-state";
import { SessionError } from "./session-error";

/**
 * A page for signed-in users (the profile, the vendedor area of docs/decisions/0034-vendedores.md):
 * visitors go to /login, which sends them back here afterwards.
 */
export function SignedInOnly({ errorTitle, children }: { errorTitle: string; children: ReactNode }) {
  // The payment page may arrive rendered with the buyer's session (decision 0029).
  const session = useRenderedSession();
  const location = useLocation();
  const signingOut = useSigningOut();

  if (signingOut) return null;
  if (session.status === "loading") return <FullScreenOverlay message="Verificando acceso..." />;
  if (session.status === "error") {
    return <SessionError title={errorTitle} error={session.error} onRetry={session.refetch} />;
  }
  if (!session.user) {
    const state: RedirectState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
    };
    return <Navigate to={paths.login} replace state={state} />;
  }
  return children;
}
