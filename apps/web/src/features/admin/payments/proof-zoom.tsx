import { useEffect, useState } from "react";
import { Button } from "../../../components/ui/button";
import { OpenInNewTab } from "../../../components/ui/open-in-new-tab";
import { cn } from "../../../lib/cn";
import { AdminDialog } from "../shared/admin-dialog";

const ZOOMS = [1, 2, 3] as const;

interface ProofZoomProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  url: string;
  label: string;
}

/**
 * The receipt large enough to read: fitted to the window at first; a click on the image, Enter, or
 * "+"/"-" zooms in steps, and the enlarged image pans by scrolling (or the arrow keys, the frame being
 * focusable). Escape closes.
 */
export function ProofZoom({ open, onOpenChange, url, label }: ProofZoomProps) {
  const [level, setLevel] = useState(0);
  useEffect(() => {
    if (open) setLevel(0);
  }, [open]);
  const zoom = ZOOMS[level] ?? 1;
  const zoomIn = () => setLevel((l) => Math.min(ZOOMS.length - 1, l + 1));
  const zoomOut = () => setLevel((l) => Math.max(0, l - 1));
  const cycle = () => setLevel((l) => (l + 1) % ZOOMS.length);
  return (
    <AdminDialog
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      className="max-w-[min(96vw,72rem)]"
      title="Comprobante ampliado"
      description={`${label}. Haz clic en la imagen o usa + y − para acercar; desplázate para moverla.`}
    >
      <div className="mb-2 flex items-center gap-2">
        <Button size="sm" variant="outline" onClick={zoomOut} disabled={level === 0}>
          Alejar
        </Button>
        <Button size="sm" variant="outline" onClick={zoomIn} disabled={level === ZOOMS.length - 1}>
          Acercar
        </Button>
        <span className="text-sm text-muted" aria-live="polite">
          Zoom {zoom * 100} %
        </span>
        <OpenInNewTab href={url} className="ml-auto text-sm" />
      </div>
      <section
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the frame scrolls (pans) with the keyboard.
        tabIndex={0}
        aria-label="Imagen del comprobante (desplázate para moverla)"
        className="max-h-[70vh] overflow-auto rounded-control border border-line bg-canvas"
        onKeyDown={(event) => {
          if (event.key === "+" || event.key === "=") {
            event.preventDefault();
            zoomIn();
          } else if (event.key === "-") {
            event.preventDefault();
            zoomOut();
          } else if (event.key === "Enter" || event.key === " ") {
            event.preventDefault();
            cycle();
          }
        }}
      >
        {/* biome-ignore lint/a11y/useKeyWithClickEvents: the frame around it handles the same keys. */}
        <img
          src={url}
          alt={label}
          onClick={cycle}
          style={zoom === 1 ? undefined : { width: `${zoom * 100}%`, maxWidth: "none" }}
          className={cn(
            "mx-auto block",
            zoom === 1 && "max-h-[68vh] w-auto max-w-full object-contain",
            level === ZOOMS.length - 1 ? "cursor-zoom-out" : "cursor-zoom-in",
          )}
        />
      </section>
    </AdminDialog>
  );
}
