import { Component, type ErrorInfo, type ReactNode } from "react";
import { LogoMark } from "../components/brand/logo";
import { FullPageMessage } from "../components/layout/full-page-message";
import { Button, buttonClasses } from "../components/ui/button";
import { isOfflineError, OfflineScreen } from "../features/offline";
import { paths } from "../lib/paths";
import { isOffline } from "../lib/use-online";
import { retryFailedPages } from "./lazy-page";

/** Last resort when a page fails to render or its code cannot be downloaded (e.g. after a deploy). */
export function RouteError({ onRetry }: { onRetry: () => void }) {
  return (
    <FullPageMessage
      title="Algo salió mal"
      description="No pudimos mostrar esta página. Recarga para intentarlo de nuevo; si el problema continúa, vuelve más tarde."
    >
      <div className="flex flex-wrap justify-center gap-3">
        {/* Tries the page again in place (a passing failure); the reload below also replaces old code. */}
        <Button onClick={onRetry}>Reintentar</Button>
        <Button variant="outline" onClick={() => window.location.reload()}>
          Recargar página
        </Button>
        {/* A full load: the app in memory may be the broken part (old code after a deploy). */}
        <a href={paths.home} className={buttonClasses({ variant: "outline" })}>
          Ir al inicio
        </a>
      </div>
    </FullPageMessage>
  );
}

interface RouteErrorBoundaryProps {
  /** Changing it (the URL) clears the error, so the back button leaves the error screen. */
  resetKey: string;
  children: ReactNode;
}

interface RouteErrorBoundaryState {
  error: unknown;
  resetKey: string;
  /** Downloads retried by themselves since the last navigation or reconnection. */
  autoRetries: number;
}

/** How browsers word a page's code that could not be downloaded (Chromium, Safari, Firefox). */
const DOWNLOAD_FAILED = /dynamically imported module|importing a module script failed/i;

export function isDownloadFailure(error: unknown): boolean {
  return error instanceof TypeError && DOWNLOAD_FAILED.test(error.message);
}

/**
 * Online, a page's code that failed to download is tried again by itself after these waits before the
 * generic error: right after a reconnection the first requests can still fail (a network handing over,
 * the service worker not yet back online), and that is no reason to say "Algo salió mal". After a deploy
 * the old file is gone for good, and the generic error's reload follows a few seconds later.
 */
export const DOWNLOAD_RETRY_MS = [500, 1_500, 3_000] as const;

export class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, RouteErrorBoundaryState> {
  override state: RouteErrorBoundaryState = { error: null, resetKey: this.props.resetKey, autoRetries: 0 };
  private retryTimer: ReturnType<typeof setTimeout> | undefined;

  static getDerivedStateFromError(error: unknown): Partial<RouteErrorBoundaryState> {
    return { error: error ?? new Error("Error desconocido") };
  }

  static getDerivedStateFromProps(
    props: RouteErrorBoundaryProps,
    state: RouteErrorBoundaryState,
  ): Partial<RouteErrorBoundaryState> | null {
    return props.resetKey === state.resetKey
      ? null
      : { error: null, resetKey: props.resetKey, autoRetries: 0 };
  }

  private readonly retry = () => {
    clearTimeout(this.retryTimer);
    retryFailedPages();
    this.setState({ error: null });
  };

  // Back online, whatever failed for want of a connection gets another chance by itself: the screen
  // never outlives the outage.
  private readonly onOnline = () => {
    if (!this.state.error) return;
    this.setState({ autoRetries: 0 });
    this.retry();
  };

  private willRetryByItself(error: unknown): boolean {
    return !isOffline() && isDownloadFailure(error) && this.state.autoRetries < DOWNLOAD_RETRY_MS.length;
  }

  override componentDidMount(): void {
    window.addEventListener("online", this.onOnline);
  }

  override componentWillUnmount(): void {
    clearTimeout(this.retryTimer);
    window.removeEventListener("online", this.onOnline);
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    if (import.meta.env.DEV) console.error(error, info.componentStack);
    if (!this.willRetryByItself(error)) return;
    const attempt = this.state.autoRetries;
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      this.setState({ autoRetries: attempt + 1 });
      this.retry();
    }, DOWNLOAD_RETRY_MS[attempt]);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    // Offline is not "something went wrong": say so, and what still works (decision 0017).
    if (isOfflineError(error)) return <OfflineScreen onRetry={this.retry} />;
    // The page's code is being fetched again: it is still loading, not broken.
    if (this.willRetryByItself(error)) return <AppLoading />;
    return <RouteError onRetry={this.retry} />;
  }
}

/** Shown while the first page's code downloads (pages that are not rendered by the server). */
export function AppLoading() {
  return (
    <div className="flex flex-1 items-center justify-center py-24" role="status">
      <LogoMark className="size-14 animate-pulse" />
      <span className="sr-only">Cargando Rifazo...</span>
    </div>
  );
}
