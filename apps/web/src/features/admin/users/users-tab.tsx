import { ERROR_MESSAGES } from "@rifazo/shared/errors";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { SearchField } from "../../../components/ui/search-field";
import { toast } from "../../../components/ui/toast";
import { errorMessage, isApiError } from "../../../lib/api-client";
import { cn } from "../../../lib/cn";
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
import { ParticipationsDialog } from "./participations-dialog";
import type { UserAction } from "./user-actions-menu";
import { UserMessageDialog } from "./user-message-dialog";
import { UsersTable } from "./users-table";

type Open = { action: UserAction; user: AdminUser } | null;

function loadErrorText(error: unknown): string {
  // Spec 2 §6: permission errors read as access denied; anything else is "Error al cargar usuarios: ...".
  if (isApiError(error) && error.status === 403) return ERROR_MESSAGES.ADMIN_ONLY;
  return `Error al cargar usuarios: ${errorMessage(error)}`;
}

/** Suspends or reactivates an account, refreshes the users and says which it did. */
function useSetUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({
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
}

/** Spec 2 §2 "Users tab": 10 per page, newest first, search, suspend/reactivate, notify, email, participations. */
export function UsersTab() {
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

  const setStatus = useSetUserStatus();

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
          <UsersTable users={data.items} onAction={onAction} />
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
