import { countText } from "@rifazo/shared/domain/plural";
import type { BackgroundJobStatus } from "@rifazo/shared/schemas/admin";
import { Badge } from "../../../components/ui/badge";
import { formatDateTime } from "../../../lib/format";
import { SectionCard } from "../shared/section-card";

/** The API's job names (each module registers its own with the scheduler, decision 0027) in Spanish. */
const JOB_NAMES: Record<string, string> = {
  "reservation-expiry": "Vencimiento de reservas",
  draw: "Sorteos programados",
  "drand-relay-probe": "Prueba de los relés de drand",
  "orphan-proof-files": "Limpieza de comprobantes huérfanos",
  "events-cleanup": "Limpieza de eventos antiguos",
  "mail-outbox": "Envío de correos",
  "proof-analysis": "Análisis de comprobantes",
  "raffle-lifecycle": "Cierre y ciclo de vida de rifas",
  "draft-statements": "Limpieza de extractos sin importar",
};

/** A job the web does not know yet still shows, under its own name. */
export function jobLabel(name: string): string {
  return JOB_NAMES[name] ?? name;
}

function JobState({ job }: { job: BackgroundJobStatus }) {
  if (job.running) return <Badge variant="info">Ejecutándose</Badge>;
  if (job.failures > 0) {
    return (
      <Badge variant="danger">
        Falló: {job.lastError ?? "error desconocido"}
        {/* One failure is just «Falló»; a streak says how long it is. */}
        {job.failures > 1 ? ` (${countText(job.failures, "vez", "veces")} seguidas)` : null}
      </Badge>
    );
  }
  // «Al día» only after a run that worked: a job that never ran yet is not up to date.
  if (!job.lastSuccessAt) return <Badge variant="neutral">Pendiente</Badge>;
  return <Badge variant="success">Al día</Badge>;
}

/**
 * The API's background jobs as the instance that answered sees them, so the organiser notices at a
 * glance when one is stuck or failing (the same figures as /api/health).
 */
export function BackgroundJobs({ jobs }: { jobs: readonly BackgroundJobStatus[] }) {
  if (jobs.length === 0) return null;
  return (
    <SectionCard title="Tareas en segundo plano" headingLevel="h2">
      <ul className="divide-y divide-line" aria-label="Tareas en segundo plano">
        {jobs.map((job) => (
          <li key={job.name} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div className="min-w-0 space-y-1">
              <p className="font-semibold text-ink">{jobLabel(job.name)}</p>
              <p className="text-sm text-muted">
                {job.lastSuccessAt
                  ? `Último éxito: ${formatDateTime(job.lastSuccessAt)}`
                  : "Aún sin ejecuciones exitosas"}
              </p>
            </div>
            <JobState job={job} />
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}
