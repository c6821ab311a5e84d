import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { useSession } from "../hooks/use-session";
import { postLoginPath, readFrom, readReturnTo } from "../redirects";
import { useSigningOut } from "../sign-out-state";

/**
 * /login and /registro: a signed-in user is sent on (to where they came from, else their area). This is
 * also how a successful login leaves the page: the session query gets the user and this redirects. The
 * page to return to comes from the guard's location state, or from ?volver= (a link rendered on the server).
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const location = useLocation();
  const signingOut = useSigningOut();
  if (user && !signingOut)
    return (
      <Navigate
        to={postLoginPath(user.role, readFrom(location.state) ?? readReturnTo(location.search))}
        replace
      />
    );
  return children;
}
