import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Badge } from "../../../components/ui/badge";
import { errorMessage } from "../../../lib/api-client";
import { formatDateTime } from "../../../lib/format";
import { useSession } from "../../auth";
import { type AdminAuditEntry, type AuditFilters, adminKeys, fetchAudit } from "../api/admin-api";
import { EmptyState, LoadError, LoadingList, RefetchingList } from "../shared/load-states";
import { Pagination } from "../shared/pagination";
import { SectionCard } from "../shared/section-card";
import { SelectFilter } from "../shared/select-filter";
import { AUDIT_ENTITIES, auditActionLabel, auditEntityLabel, changedKeys } from "./audit-labels";

const ENTITY_OPTIONS = [
  { value: "all", label: "Todas las entidades" },
  ...Object.entries(AUDIT_ENTITIES)
    .filter(([value]) => value !== "user")
    .map(([value, label]) => ({ value, label })),
];

/** The actor filter's options: everyone, me, and the actors seen so far. */
function useActorOptions(items: AdminAuditEntry[] | undefined) {
  const { user } = useSession();
  // Actors seen so far, so the actor filter can offer names instead of ids.
  const [actors, setActors] = useState<Map<string, string>>(new Map());
  useEffect(() => {
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
  }, [items]);

  return [
    { value: "all", label: "Todos los usuarios" },
    ...(user ? [{ value: user.id, label: `Yo (${user.fullName || user.email})` }] : []),
    ...[...actors.entries()]
      .filter(([id]) => id !== user?.id)
      .map(([id, name]) => ({ value: id, label: name })),
  ];
}

/** Who changed what: the append-only audit log, newest first, filtered by entity and actor. */
export function AuditTab() {
  const [entity, setEntity] = useState("all");
  const [actorId, setActorId] = useState("all");
  const [page, setPage] = useState(1);
  const filters: AuditFilters = { entity, actorId, page };

  const audit = useQuery({
    queryKey: adminKeys.audit(filters),
    queryFn: ({ signal }) => fetchAudit(filters, signal),
    placeholderData: keepPreviousData,
  });

  const actorOptions = useActorOptions(audit.data?.items);
  const data = audit.data;
  // A new filter starts again from the first page.
  const filterBy = (set: (value: string) => void) => (value: string) => {
    set(value);
    setPage(1);
  };
  const filterFields = [
    { id: "audit-entity", label: "Entidad", options: ENTITY_OPTIONS, value: entity, set: setEntity },
    { id: "audit-actor", label: "Realizado por", options: actorOptions, value: actorId, set: setActorId },
  ];

  return (
    <SectionCard
      title="Auditoría"
      description="Registro de cambios: quién hizo qué y cuándo. No se puede modificar."
    >
      <div className="mb-4 grid gap-3 sm:grid-cols-2 lg:max-w-2xl">
        {filterFields.map(({ set, ...field }) => (
          <SelectFilter key={field.id} {...field} onChange={filterBy(set)} />
        ))}
      </div>

      {audit.isPending ? (
        <LoadingList label="Cargando auditoría..." count={3} className="space-y-2" itemClassName="h-14" />
      ) : audit.isError && !data ? (
        <LoadError onRetry={() => audit.refetch()}>{errorMessage(audit.error)}</LoadError>
      ) : data && data.items.length === 0 ? (
        <EmptyState>No hay registros con estos filtros.</EmptyState>
      ) : data ? (
        <>
          <RefetchingList
            label="Registros de auditoría"
            busy={audit.isFetching}
            className="divide-y divide-line"
          >
            {data.items.map((entry) => (
              <AuditRow key={entry.id} entry={entry} onActor={filterBy(setActorId)} />
            ))}
          </RefetchingList>
          <Pagination data={data} onPageChange={setPage} noun="registros" disabled={audit.isFetching} />
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
