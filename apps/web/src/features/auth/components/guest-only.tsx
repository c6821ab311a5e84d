import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { useSession } from "../hooks/use-session";
import { postLoginPath, readFrom } from "../redirects";
import { useSigningOut } from "../sign-out-state";

/**
 * /login and /registro: a signed-in user is sent on (to where they came from, else their area). This is
 * also how a successful login leaves the page: the session query gets the user and this redirects.
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const location = useLocation();
  const signingOut = useSigningOut();
  if (user && !signingOut)
    return <Navigate to={postLoginPath(user.role, readFrom(location.state))} replace />;
  return children;
}
