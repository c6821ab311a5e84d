import { ERROR_MESSAGES } from "@rifazo/shared/errors";
import { useEffect } from "react";
import { Outlet, useLocation } from "react-router";
import { FullScreenOverlay } from "../../../components/layout/full-screen-overlay";
import { toast } from "../../../components/ui/toast";
import { errorMessage } from "../../../lib/api-client";
import { paths } from "../../../lib/paths";
import { useSession } from "../hooks/use-session";
import type { RedirectState } from "../redirects";
import { useSigningOut } from "../sign-out-state";
import { RedirectWithToast } from "./redirect-with-toast";
import { SessionError } from "./session-error";

const SIGN_IN_REQUIRED = {
  id: "admin-guard",
  title: "Acceso Denegado. Debes iniciar sesión para acceder al panel administrativo.",
  variant: "error",
} as const;

const NOT_ADMIN = {
  id: "admin-guard",
  title: "Acceso No Autorizado",
  description: ERROR_MESSAGES.ADMIN_ONLY,
  variant: "error",
} as const;

/** /admin*: spec 2 §2. Visitors go to the admin sign-in (origin remembered), non-admins to the home. */
export function AdminGuard() {
  const session = useSession();
  const location = useLocation();
  const signingOut = useSigningOut();

  useEffect(() => {
    if (session.status !== "error") return;
    toast({
      id: "admin-guard",
      title: "Error de Perfil Administrativo",
      description: errorMessage(session.error),
      variant: "error",
    });
  }, [session.status, session.error]);

  if (signingOut) return null;
  if (session.status === "loading") return <FullScreenOverlay message="Verificando acceso..." />;
  if (session.status === "error") {
    return (
      <SessionError title="Error de Perfil Administrativo" error={session.error} onRetry={session.refetch} />
    );
  }
  if (!session.user) {
    const state: RedirectState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
    };
    return <RedirectWithToast to={paths.adminSignIn} state={state} notice={SIGN_IN_REQUIRED} />;
  }
  if (!session.isAdmin) return <RedirectWithToast to={paths.home} notice={NOT_ADMIN} />;
  return <Outlet />;
}
