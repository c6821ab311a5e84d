import { Navigate, useLocation } from "react-router";
import { AuthShell } from "../components/layout/auth-shell";
import { AdminLoginForm, postLoginPath, readFrom, useSession, useSigningOut } from "../features/auth";

/** /adminrifazo2025: unlinked admin door (spec 2 §2). A signed-in admin goes straight to the panel. */
export function AdminLoginPage() {
  const { isAdmin } = useSession();
  const location = useLocation();
  // An admin signing out lands here before the session is cleared: do not bounce them back.
  const signingOut = useSigningOut();
  if (isAdmin && !signingOut)
    return <Navigate to={postLoginPath("admin", readFrom(location.state))} replace />;
  return (
    <AuthShell
      title="Inicio de Admin"
      description="Acceso exclusivo para el equipo administrativo de Rifazo."
    >
      <meta name="robots" content="noindex, nofollow" />
      <AdminLoginForm />
    </AuthShell>
  );
}
