import { AUTH_MESSAGES } from "@rifazo/shared/schemas/auth";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { toast } from "../../../components/ui/toast";
import { clearPrivateOfflineData } from "../../../lib/offline-snapshot";
import { paths } from "../../../lib/paths";
import { forgetAdminSession } from "../admin-session";
import { logout } from "../api/account-api";
import { beginSignOut, isSigningOut, markSessionCleared, useSigningOut } from "../sign-out-state";
import { sessionQueryKey, useSession } from "./use-session";

/**
 * Spec 1 §4: sign-out clears the profile, notifications and the stored admin session, then goes to /
 * (admins to the admin sign-in). The local session is cleared even when the server call fails.
 */
export function useSignOut(): { signOut: () => Promise<void>; signingOut: boolean } {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { isAdmin } = useSession();
  const signingOut = useSigningOut();

  const signOut = useCallback(async () => {
    if (isSigningOut()) return;
    const destination = isAdmin ? paths.adminSignIn : paths.home;
    beginSignOut(destination);
    let failed = false;
    try {
      await logout();
    } catch {
      failed = true;
    }
    forgetAdminSession();
    // Phones are shared: nothing of this account stays readable offline (decision 0017).
    clearPrivateOfflineData();
    // Raised before leaving, as the announcement of that navigation: it is shown on the destination.
    const survivesRedirect = window.location.pathname !== destination;
    if (failed) {
      toast({
        title: AUTH_MESSAGES.signOutErrorTitle,
        description: AUTH_MESSAGES.signOutError,
        variant: "error",
        survivesRedirect,
      });
    } else {
      toast({
        title: AUTH_MESSAGES.signOutTitle,
        description: AUTH_MESSAGES.signOut,
        variant: "success",
        survivesRedirect,
      });
    }
    // Leave the protected page first; guards stand still until the destination is on screen.
    await navigate(destination, { replace: true });
    await queryClient.cancelQueries();
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
    queryClient.setQueryData(sessionQueryKey, null);
    markSessionCleared();
  }, [isAdmin, navigate, queryClient]);

  return { signOut, signingOut };
}
