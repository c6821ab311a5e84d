import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Label } from "../../../components/ui/label";
import { Select } from "../../../components/ui/select";
import { Skeleton } from "../../../components/ui/skeleton";
import { errorMessage } from "../../../lib/api-client";
import { cn } from "../../../lib/cn";
import { formatDateTime } from "../../../lib/format";
import { useSession } from "../../auth/hooks/use-session";
import { type AdminAuditEntry, type AuditFilters, adminKeys, fetchAudit } from "../api/admin-api";
import { Pagination } from "../shared/pagination";
import { SectionCard } from "../shared/section-card";
import { AUDIT_ENTITIES, auditActionLabel, auditEntityLabel, changedKeys } from "./audit-labels";

const ENTITY_OPTIONS = [
  { value: "all", label: "Todas las entidades" },
  ...Object.entries(AUDIT_ENTITIES)
    .filter(([value]) => value !== "user")
    .map(([value, label]) => ({ value, label })),
];

/** Who changed what: the append-only audit log, newest first, filtered by entity and actor. */
export function AuditTab() {
  const { user } = useSession();
  const [entity, setEntity] = useState("all");
  const [actorId, setActorId] = useState("all");
  const [page, setPage] = useState(1);
  // Actors seen so far, so the actor filter can offer names instead of ids.
  const [actors, setActors] = useState<Map<string, string>>(new Map());
  const filters: AuditFilters = { entity, actorId, page };

  const audit = useQuery({
    queryKey: adminKeys.audit(filters),
    queryFn: ({ signal }) => fetchAudit(filters, signal),
    placeholderData: keepPreviousData,
  });

  useEffect(() => {
    const items = audit.data?.items;
    if (!items?.length) return;
    setActors((current) => {
      let next: Map<string, string> | null = null;
      for (const item of items) {
        if (item.actorId && !current.has(item.actorId)) {
          next ??= new Map(current);
          next.set(item.actorId, item.actorName ?? item.actorId);
        }
      }
      return next ?? current;
    });
  }, [audit.data]);

  const actorOptions = [
    { value: "all", label: "Todos los usuarios" },
    ...(user ? [{ value: user.id, label: `Yo (${user.fullName || user.email})` }] : []),
    ...[...actors.entries()]
      .filter(([id]) => id !== user?.id)
      .map(([id, name]) => ({ value: id, label: name })),
  ];
  const data = audit.data;

  return (
    <SectionCard
      title="Auditoría"
      description="Registro de cambios: quién hizo qué y cuándo. No se puede modificar."
    >
      <div className="mb-4 grid gap-3 sm:grid-cols-2 lg:max-w-2xl">
        <div className="space-y-1.5">
          <Label htmlFor="audit-entity">Entidad</Label>
          <Select
            id="audit-entity"
            options={ENTITY_OPTIONS}
            value={entity}
            onValueChange={(value) => {
              setEntity(value);
              setPage(1);
            }}
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="audit-actor">Realizado por</Label>
          <Select
            id="audit-actor"
            options={actorOptions}
            value={actorId}
            onValueChange={(value) => {
              setActorId(value);
              setPage(1);
            }}
          />
        </div>
      </div>

      {audit.isPending ? (
        <div className="space-y-2" aria-busy="true">
          <p className="sr-only" role="status">
            Cargando auditoría...
          </p>
          {[1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-14" />
          ))}
        </div>
      ) : audit.isError && !data ? (
        <Alert
          variant="danger"
          title="Error de Carga"
          action={
            <Button variant="outline" size="sm" onClick={() => audit.refetch()}>
              Reintentar
            </Button>
          }
        >
          {errorMessage(audit.error)}
        </Alert>
      ) : data && data.items.length === 0 ? (
        <p className="py-10 text-center text-sm text-muted">No hay registros con estos filtros.</p>
      ) : data ? (
        <>
          <ul
            aria-label="Registros de auditoría"
            aria-busy={audit.isFetching}
            className={cn("divide-y divide-line", audit.isFetching && "opacity-70 transition-opacity")}
          >
            {data.items.map((entry) => (
              <AuditRow
                key={entry.id}
                entry={entry}
                onActor={(id) => {
                  setActorId(id);
                  setPage(1);
                }}
              />
            ))}
          </ul>
          <Pagination
            page={data.page}
            pageSize={data.pageSize}
            total={data.total}
            onPageChange={setPage}
            noun="registros"
            disabled={audit.isFetching}
          />
        </>
      ) : null}
    </SectionCard>
  );
}

function AuditRow({ entry, onActor }: { entry: AdminAuditEntry; onActor: (id: string) => void }) {
  const keys = changedKeys(entry.before, entry.after);
  const actor = entry.actorName ?? (entry.actorId ? "Usuario eliminado" : "Sistema");
  return (
    <li className="space-y-1.5 py-3 text-sm">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <Badge variant="neutral">{auditEntityLabel(entry.entity)}</Badge>
        <span className="font-semibold text-ink">{auditActionLabel(entry.action)}</span>
        <span className="text-muted">·</span>
        {entry.actorId ? (
          <button
            type="button"
            className="font-medium text-brand-700 hover:underline"
            onClick={() => onActor(entry.actorId as string)}
            title="Ver solo las acciones de esta persona"
          >
            {actor}
          </button>
        ) : (
          <span className="text-muted">{actor}</span>
        )}
      </div>
      <p className="text-xs text-muted">
        {formatDateTime(entry.createdAt)}
        {entry.entityId ? <span className="break-all"> · Id {entry.entityId}</span> : null}
        {entry.ipAddress ? <span> · IP {entry.ipAddress}</span> : null}
      </p>
      {keys.length > 0 || entry.before || entry.after ? (
        <details className="rounded-control bg-canvas px-3 py-2">
          <summary className="cursor-pointer text-xs font-semibold text-brand-800">
            {keys.length > 0 ? `Campos: ${keys.join(", ")}` : "Ver datos"}
          </summary>
          <div className="mt-2 grid gap-2 md:grid-cols-2">
            <JsonBlock label="Antes" value={pick(entry.before, keys)} />
            <JsonBlock label="Después" value={pick(entry.after, keys)} />
          </div>
        </details>
      ) : null}
    </li>
  );
}

function pick(value: unknown, keys: string[]): unknown {
  if (!value || typeof value !== "object" || keys.length === 0) return value;
  const record = value as Record<string, unknown>;
  return Object.fromEntries(keys.filter((key) => key in record).map((key) => [key, record[key]]));
}

function JsonBlock({ label, value }: { label: string; value: unknown }) {
  return (
    <div className="min-w-0">
      <p className="text-xs font-semibold text-muted">{label}</p>
      <pre className="max-h-60 overflow-auto rounded-md bg-surface p-2 font-mono text-xs whitespace-pre-wrap break-words text-ink">
        {value === null || value === undefined ? "—" : JSON.stringify(value, null, 2)}
      </pre>
    </div>
  );
}
