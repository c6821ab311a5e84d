import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import type { UploadProgress } from "../../../lib/api-client";
import { cn } from "../../../lib/cn";
import { formatBytes } from "../file-size";
import type { UploadPhase } from "../hooks/use-proof-submission";

// The upload's real progress in bytes (decision 0030): a bar for the eye, and a polite live region that
// speaks at each quarter, not at every percent, so a screen reader is not flooded on a slow connection.

export function percentOf(progress: UploadProgress): number {
  return progress.total > 0 ? Math.min(100, Math.floor((progress.loaded / progress.total) * 100)) : 0;
}

/** "45 % (320 kB de 700 kB)" */
export function progressText(progress: UploadProgress): string {
  return `${percentOf(progress)} % (${formatBytes(progress.loaded)} de ${formatBytes(progress.total)})`;
}

/**
 * What the live region says: it changes only at 25 %, 50 %, 75 % and the end. An interruption is said by
 * its own alert (a status region), so this one falls silent then.
 */
export function progressMilestone(progress: UploadProgress, phase: UploadPhase): string {
  if (phase === "done") return "Comprobante enviado.";
  if (phase === "interrupted") return "";
  const quarter = Math.floor(percentOf(progress) / 25) * 25;
  return quarter === 0 ? "Subiendo comprobante." : `Subido el ${quarter} %.`;
}

function label(progress: UploadProgress, phase: UploadPhase): string {
  if (phase === "done") return "Comprobante enviado";
  if (phase === "interrupted") return `Envío detenido en ${percentOf(progress)} %`;
  return `Subiendo… ${progressText(progress)}`;
}

export function UploadProgressBar({ progress, phase }: { progress: UploadProgress; phase: UploadPhase }) {
  const percent = phase === "done" ? 100 : percentOf(progress);
  return (
    <div className="space-y-1.5">
      <p id="proof-progress-label" className="text-sm font-semibold text-ink">
        {label(progress, phase)}
      </p>
      <div
        role="progressbar"
        aria-labelledby="proof-progress-label"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={phase === "done" ? "Comprobante enviado" : progressText(progress)}
        className="h-2.5 overflow-hidden rounded-pill bg-brand-100"
      >
        <div
          className={cn(
            "h-full rounded-pill transition-[width] duration-200",
            phase === "done" ? "bg-success-600" : phase === "interrupted" ? "bg-warning-700" : "bg-brand-600",
          )}
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="sr-only" aria-live="polite">
        {progressMilestone(progress, phase)}
      </p>
    </div>
  );
}

/** The connection dropped: what was typed and the file are kept, and it is sent again by itself. */
export function UploadInterrupted({ onRetry, onCancel }: { onRetry: () => void; onCancel: () => void }) {
  return (
    <Alert variant="warning" title="Se cortó la conexión">
      <p>
        Tu comprobante y los datos que escribiste siguen aquí. Lo enviaremos de nuevo automáticamente en
        cuanto vuelva la conexión, sin duplicarlo.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button type="button" size="sm" onClick={onRetry}>
          Reintentar
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
          Cancelar envío
        </Button>
      </div>
    </Alert>
  );
}
