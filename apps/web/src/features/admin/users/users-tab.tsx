import { countText } from "@rifazo/shared/domain/plural";
import { ERROR_MESSAGES } from "@rifazo/shared/errors";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Badge } from "../../../components/ui/badge";
import { SearchField } from "../../../components/ui/search-field";
import { toast } from "../../../components/ui/toast";
import { errorMessage, isApiError } from "../../../lib/api-client";
import { cn } from "../../../lib/cn";
import { formatDate, formatNumber } from "../../../lib/format";
import { useDebouncedValue } from "../../../lib/use-debounced-value";
import {
  type AdminUser,
  adminKeys,
  EXPORTS,
  fetchUsers,
  reactivateUser,
  suspendUser,
  type UserFilters,
} from "../api/admin-api";
import { ConfirmDialog } from "../shared/confirm-dialog";
import { ExportMenu } from "../shared/export-menu";
import { EmptyState, LoadError, LoadingList } from "../shared/load-states";
import { Pagination } from "../shared/pagination";
import { SectionCard } from "../shared/section-card";
import { buyerMessage, WhatsappLink } from "../shared/whatsapp-link";
import { ParticipationsDialog } from "./participations-dialog";
import { type UserAction, UserActionsMenu } from "./user-actions-menu";
import { UserMessageDialog } from "./user-message-dialog";

type Open = { action: UserAction; user: AdminUser } | null;

function loadErrorText(error: unknown): string {
  // Spec 2 §6: permission errors read as access denied; anything else is "Error al cargar usuarios: ...".
  if (isApiError(error) && error.status === 403) return ERROR_MESSAGES.ADMIN_ONLY;
  return `Error al cargar usuarios: ${errorMessage(error)}`;
}

/** Spec 2 §2 "Users tab": 10 per page, newest first, search, suspend/reactivate, notify, email, participations. */
export function UsersTab() {
  const queryClient = useQueryClient();
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const q = useDebouncedValue(search.trim(), 350);
  const filters: UserFilters = { q, page };
  const [open, setOpen] = useState<Open>(null);

  const users = useQuery({
    queryKey: adminKeys.users(filters),
    queryFn: ({ signal }) => fetchUsers(filters, signal),
    placeholderData: keepPreviousData,
  });

  const setStatus = useMutation({
    mutationFn: ({ user, suspend }: { user: AdminUser; suspend: boolean }) =>
      suspend ? suspendUser(user.id) : reactivateUser(user.id),
    onSuccess: (_data, { user, suspend }) => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.usersAll() });
      toast({
        title: suspend ? "Cuenta Suspendida" : "Cuenta Reactivada",
        description: suspend
          ? `${user.fullName || user.email} ya no puede iniciar sesión.`
          : `${user.fullName || user.email} puede volver a iniciar sesión.`,
        variant: "success",
      });
    },
    onError: (error, { suspend }) =>
      toast({
        title: suspend ? "Error al Suspender" : "Error al Reactivar",
        description: errorMessage(error),
        variant: "error",
      }),
  });

  const onAction = (user: AdminUser, action: UserAction) => {
    if (action === "reactivate") setStatus.mutate({ user, suspend: false });
    else setOpen({ action, user });
  };

  const data = users.data;
  const pick = (action: UserAction) => (open?.action === action ? open.user : null);
  const close = () => setOpen(null);

  return (
    <SectionCard
      title="Usuarios"
      description="Cuentas registradas, de la más reciente a la más antigua."
      actions={<ExportMenu files={EXPORTS.users} noun="usuarios" />}
    >
      <SearchField
        id="users-search"
        label="Buscar"
        visibleLabel
        className="mb-4 max-w-md"
        placeholder="Nombre o correo"
        value={search}
        onChange={(value) => {
          setSearch(value);
          setPage(1);
        }}
      />

      {users.isPending ? (
        <LoadingList label="Cargando usuarios..." count={4} className="space-y-2" itemClassName="h-14" />
      ) : users.isError && !data ? (
        <LoadError onRetry={() => users.refetch()}>{loadErrorText(users.error)}</LoadError>
      ) : data && data.items.length === 0 ? (
        <EmptyState>
          {q ? "Ningún usuario coincide con la búsqueda." : "Aún no hay usuarios registrados."}
        </EmptyState>
      ) : data ? (
        <div aria-busy={users.isFetching} className={cn(users.isFetching && "opacity-70 transition-opacity")}>
          <IncompleteWarning users={data.items} />
          {/* Laptop and up: a table. Phones: one card per user with the same data and actions. */}
          {/* relative: the table's sr-only texts (absolute) stay inside the scroll area, not past the page. */}
          <div className="relative hidden overflow-x-auto lg:block">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Usuarios registrados</caption>
              <thead className="border-b border-line text-xs tracking-wide text-muted uppercase">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-semibold">
                    Usuario
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Estado
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Registro
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Nivel
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-semibold">
                    Boletos
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-semibold">
                    Comprobantes
                  </th>
                  <th scope="col" className="py-2 pl-3 text-right font-semibold">
                    <span className="sr-only">Acciones</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {data.items.map((user) => (
                  <tr key={user.id}>
                    <td className="max-w-72 py-3 pr-3">
                      <p className="flex items-center gap-1.5 font-semibold text-ink">
                        <span className="truncate">{user.fullName || "Sin nombre"}</span>
                        {user.role === "admin" ? <Badge variant="brand">Admin</Badge> : null}
                      </p>
                      <p className="truncate text-muted">{user.email}</p>
                      {user.phone ? <p className="truncate text-muted">{user.phone}</p> : null}
                    </td>
                    <td className="px-3 py-3">
                      <UserStatusBadge user={user} />
                    </td>
                    <td className="px-3 py-3 whitespace-nowrap">
                      {formatDate(user.registrationDate, "medium")}
                    </td>
                    <td className="px-3 py-3 whitespace-nowrap">
                      {user.level} · {formatNumber(user.points)} pts
                    </td>
                    <td className="px-3 py-3 text-right tabular-nums">
                      {formatNumber(user.totalTicketsPurchased)}
                    </td>
                    <td className="px-3 py-3 text-right tabular-nums">
                      {formatNumber(user.totalPaymentProofs)}
                    </td>
                    <td className="py-3 pl-3 text-right">
                      <div className="flex items-center justify-end gap-2">
                        <WhatsappLink
                          phone={user.phone}
                          message={buyerMessage(user.fullName)}
                          name={user.fullName || user.email}
                        />
                        <UserActionsMenu user={user} onAction={(action) => onAction(user, action)} />
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="divide-y divide-line lg:hidden" aria-label="Usuarios registrados">
            {data.items.map((user) => (
              <li key={user.id} className="space-y-2 py-3">
                <div className="flex items-start justify-between gap-3">
                  <p className="flex min-w-0 flex-wrap items-center gap-1.5 pt-1.5 font-semibold text-ink">
                    <span className="break-words">{user.fullName || "Sin nombre"}</span>
                    {user.role === "admin" ? <Badge variant="brand">Admin</Badge> : null}
                  </p>
                  <UserActionsMenu user={user} onAction={(action) => onAction(user, action)} />
                </div>
                <p className="text-sm text-muted [overflow-wrap:anywhere]">
                  {user.email}
                  {user.phone ? ` · ${user.phone}` : ""}
                </p>
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
                  <UserStatusBadge user={user} />
                  <span>Desde {formatDate(user.registrationDate, "medium")}</span>
                  <span>
                    {user.level} · {formatNumber(user.points)} pts
                  </span>
                  <span>
                    {countText(user.totalTicketsPurchased, "boleto", "boletos")} ·{" "}
                    {countText(user.totalPaymentProofs, "comprobante", "comprobantes")}
                  </span>
                </div>
                <WhatsappLink
                  phone={user.phone}
                  message={buyerMessage(user.fullName)}
                  name={user.fullName || user.email}
                />
              </li>
            ))}
          </ul>
          <Pagination data={data} onPageChange={setPage} noun="usuarios" disabled={users.isFetching} />
        </div>
      ) : null}

      <ParticipationsDialog user={pick("participations")} onClose={close} />
      <UserMessageDialog kind="notify" user={pick("notify")} onClose={close} />
      <UserMessageDialog kind="email" user={pick("email")} onClose={close} />
      <ConfirmDialog
        open={open?.action === "suspend"}
        onOpenChange={(next) => (next ? undefined : close())}
        title="¿Suspender esta cuenta?"
        description={
          <p>
            <strong className="text-ink">{open?.user.fullName || open?.user.email}</strong> no podrá iniciar
            sesión ni participar hasta que reactives la cuenta. Sus sesiones abiertas se cerrarán.
          </p>
        }
        confirmLabel="Suspender Cuenta"
        busy={setStatus.isPending}
        onConfirm={() => (open ? setStatus.mutateAsync({ user: open.user, suspend: true }) : undefined)}
      />
    </SectionCard>
  );
}

/** Spec 2 §8 "Advertencia": some accounts on this page lack data (no name yet). */
function IncompleteWarning({ users }: { users: AdminUser[] }) {
  const missing = users.filter((user) => !user.fullName.trim()).length;
  if (missing === 0) return null;
  return (
    <Alert variant="warning" title="Advertencia" className="mb-4">
      {missing === 1
        ? "Un usuario de esta página no tiene nombre registrado."
        : `${missing} usuarios de esta página no tienen nombre registrado.`}
    </Alert>
  );
}

function UserStatusBadge({ user }: { user: AdminUser }) {
  return user.status === "active" ? (
    <Badge variant="success">Activo</Badge>
  ) : (
    <Badge variant="danger">Suspendido</Badge>
  );
}
