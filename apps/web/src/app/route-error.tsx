import { Component, type ErrorInfo, type ReactNode } from "react";
import { LogoMark } from "../components/brand/logo";
import { DocumentTitle } from "../components/layout/document-title";
import { Button, buttonClasses } from "../components/ui/button";
import { isOfflineError, OfflineScreen } from "../features/offline";
import { paths } from "../lib/paths";
import { retryFailedPages } from "./lazy-page";

/** Last resort when a page fails to render or its code cannot be downloaded (e.g. after a deploy). */
export function RouteError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-canvas px-4 text-center">
      <DocumentTitle title="Algo salió mal" />
      <LogoMark className="size-16" />
      <div className="max-w-md space-y-2">
        <h1 className="text-2xl font-black text-ink">Algo salió mal</h1>
        <p className="text-muted">
          No pudimos mostrar esta página. Recarga para intentarlo de nuevo; si el problema continúa, vuelve
          más tarde.
        </p>
      </div>
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
    </div>
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
}

export class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, RouteErrorBoundaryState> {
  override state: RouteErrorBoundaryState = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<RouteErrorBoundaryState> {
    return { error: error ?? new Error("Error desconocido") };
  }

  static getDerivedStateFromProps(
    props: RouteErrorBoundaryProps,
    state: RouteErrorBoundaryState,
  ): Partial<RouteErrorBoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  private readonly retry = () => {
    retryFailedPages();
    this.setState({ error: null });
  };

  // Back online, whatever failed for want of a connection gets another chance by itself: the screen
  // never outlives the outage.
  private readonly onOnline = () => {
    if (this.state.error) this.retry();
  };

  override componentDidMount(): void {
    window.addEventListener("online", this.onOnline);
  }

  override componentWillUnmount(): void {
    window.removeEventListener("online", this.onOnline);
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    if (import.meta.env.DEV) console.error(error, info.componentStack);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    // Offline is not "something went wrong": say so, and what still works (decision 0017).
    if (isOfflineError(error)) return <OfflineScreen onRetry={this.retry} />;
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
