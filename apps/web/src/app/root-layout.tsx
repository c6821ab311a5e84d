import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import { Outlet } from "react-router";
import { FullScreenOverlay } from "../components/layout/full-screen-overlay";
import { useToasterRequested } from "../components/ui/toast";
import { ToastsEndWithPage } from "../components/ui/toasts-end-with-page";
import { usePageViewTracking } from "../features/analytics";
import { AppUpdatePrompt } from "../features/app-update";
import { useSigningOut, useSignOutCompletion } from "../features/auth";
import { useCookieConsent, useCookiePreferencesOpen } from "../features/cookie-consent";
import { loadCookieBanner, loadCookiePreferencesDialog } from "../features/cookie-consent/lazy";
import { useHydrated } from "../lib/use-hydrated";
import { HydrationTurn } from "./hydration-turns";
import { Header } from "./layout/header";
import { usePageLoading } from "./lazy-page";
import { AppLoading } from "./route-error";
import { ScrollRestoration } from "./scroll-restoration";

// Loaded the first time someone opens the preferences: Dialog and Switch stay off the home bundle.
const CookiePreferencesDialog = lazy(loadCookiePreferencesDialog);
// Below the fold, or only for visitors who have not chosen yet: off the entry. A failed download leaves
// them out instead of turning the page into the error screen.
const Nothing = (): React.ReactNode => null;
const Footer = lazy(() =>
  import("./layout/footer").then(
    (m): { default: () => React.ReactNode } => ({ default: m.Footer }),
    () => ({ default: Nothing }),
  ),
);
const CookieBanner = lazy(() =>
  loadCookieBanner().then(
    (m): { default: () => React.ReactNode } => ({ default: m.CookieBanner }),
    () => ({ default: Nothing }),
  ),
);

function DeferredCookieBanner() {
  const consent = useCookieConsent();
  // The choice lives in this browser: the server cannot know it, so the banner waits for hydration.
  const hydrated = useHydrated();
  if (consent || !hydrated) return null;
  return (
    <Suspense fallback={null}>
      <CookieBanner />
    </Suspense>
  );
}

/**
 * The toaster (sonner) downloads with the first toast, not before: most visits to the home page never
 * show one, and the home page's JavaScript budget is tight. toast() queues until it has mounted.
 */
function DeferredToaster() {
  const attempt = useToasterRequested();
  // Offline its code may not be on the device: a failed download leaves it out rather than turning the
  // page into the error screen, and the next toast (a new attempt) tries again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt is what makes a new download.
  const Toaster = useMemo(
    () =>
      lazy(() =>
        import("../components/ui/toaster").then(
          (m): { default: () => React.ReactNode } => m,
          () => ({ default: Nothing }),
        ),
      ),
    [attempt],
  );
  if (!attempt) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

function CookiePreferences() {
  const open = useCookiePreferencesOpen();
  const [requested, setRequested] = useState(open);
  useEffect(() => {
    if (open) setRequested(true);
  }, [open]);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <CookiePreferencesDialog />
    </Suspense>
  );
}

/** A thin bar while the next page's code loads, so a click never seems ignored. */
function NavigationProgress() {
  const loading = usePageLoading();
  if (!loading) return null;
  return (
    <div className="fixed inset-x-0 top-0 z-[70] h-1 overflow-hidden bg-brand-100" aria-hidden="true">
      <div className="h-full w-1/3 animate-progress bg-accent-400" />
    </div>
  );
}

export function RootLayout() {
  usePageViewTracking();
  useSignOutCompletion();
  const signingOut = useSigningOut();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#contenido"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[80] focus:rounded-control focus:bg-surface focus:px-4 focus:py-2 focus:font-semibold focus:text-brand-800 focus:shadow-pop"
      >
        Saltar al contenido
      </a>
      <NavigationProgress />
      <HydrationTurn>
        <Header />
      </HydrationTurn>
      <main id="contenido" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        {/* Only a page opened directly shows this; navigations keep the current page until the next is ready. */}
        <HydrationTurn fallback={<AppLoading />}>
          <Outlet />
        </HydrationTurn>
      </main>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
      <DeferredCookieBanner />
      <CookiePreferences />
      <DeferredToaster />
      <ToastsEndWithPage />
      <AppUpdatePrompt />
      {signingOut ? <FullScreenOverlay message="Cerrando sesión..." /> : null}
      <ScrollRestoration />
    </div>
  );
}
