import { useEffect } from "react";
import { Navigate } from "react-router";
import { type ToastOptions, toast } from "../../../components/ui/toast";

interface RedirectWithToastProps {
  to: string;
  state?: unknown;
  notice: ToastOptions & { id: string };
}

/** Redirects and explains why. The toast id keeps StrictMode's double effect from showing it twice. */
export function RedirectWithToast({ to, state, notice }: RedirectWithToastProps) {
  useEffect(() => {
    toast({ ...notice, survivesRedirect: true });
  }, [notice]);
  return <Navigate to={to} replace state={state} />;
}
