import { LogoMark } from "../brand/logo";
import { Spinner } from "../ui/spinner";

/** Covers the page while access is checked or the session closes ("Verificando acceso...", "Cerrando sesión..."). */
export function FullScreenOverlay({ message }: { message: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed inset-0 z-[60] flex flex-col items-center justify-center gap-4 bg-canvas/95 backdrop-blur-sm animate-fade-in"
    >
      <LogoMark className="size-14 animate-pulse" />
      <p className="flex items-center gap-2 text-base font-semibold text-brand-900">
        <Spinner label={null} className="text-brand-700" />
        {message}
      </p>
    </div>
  );
}
