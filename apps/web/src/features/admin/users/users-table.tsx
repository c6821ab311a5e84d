import { countText } from "@rifazo/shared/domain/plural";
import { Badge } from "../../../components/ui/badge";
import { DataTable, type DataTableColumn } from "../../../components/ui/data-table";
import { formatDate, formatNumber } from "../../../lib/format";
import type { AdminUser } from "../api/admin-api";
import { buyerMessage, WhatsappLink } from "../shared/whatsapp-link";
import { type UserAction, UserActionsMenu } from "./user-actions-menu";

type OnAction = (user: AdminUser, action: UserAction) => void;

function columns(onAction: OnAction): Array<DataTableColumn<AdminUser>> {
  return [
    {
      key: "user",
      header: "Usuario",
      headerClassName: "py-2 pr-3 font-semibold",
      className: "max-w-72 py-3 pr-3",
      cell: (user) => (
        <>
          <p className="flex items-center gap-1.5 font-semibold text-ink">
            <span className="truncate">{user.fullName || "Sin nombre"}</span>
            {user.role === "admin" ? <Badge variant="brand">Admin</Badge> : null}
          </p>
          <p className="truncate text-muted">{user.email}</p>
          {user.phone ? <p className="truncate text-muted">{user.phone}</p> : null}
        </>
      ),
    },
    {
      key: "status",
      header: "Estado",
      headerClassName: "px-3 py-2 font-semibold",
      className: "px-3 py-3",
      cell: (user) => <UserStatusBadge user={user} />,
    },
    {
      key: "registration",
      header: "Registro",
      headerClassName: "px-3 py-2 font-semibold",
      className: "px-3 py-3 whitespace-nowrap",
      cell: (user) => formatDate(user.registrationDate, "medium"),
    },
    {
      key: "level",
      header: "Nivel",
      headerClassName: "px-3 py-2 font-semibold",
      className: "px-3 py-3 whitespace-nowrap",
      cell: (user) => `${user.level} · ${formatNumber(user.points)} pts`,
    },
    {
      key: "tickets",
      header: "Boletos",
      align: "right",
      headerClassName: "px-3 py-2 font-semibold",
      className: "px-3 py-3 tabular-nums",
      cell: (user) => formatNumber(user.totalTicketsPurchased),
    },
    {
      key: "proofs",
      header: "Comprobantes",
      align: "right",
      headerClassName: "px-3 py-2 font-semibold",
      className: "px-3 py-3 tabular-nums",
      cell: (user) => formatNumber(user.totalPaymentProofs),
    },
    {
      key: "actions",
      header: <span className="sr-only">Acciones</span>,
      align: "right",
      headerClassName: "py-2 pl-3 font-semibold",
      className: "py-3 pl-3",
      cell: (user) => (
        <div className="flex items-center justify-end gap-2">
          <WhatsappLink
            phone={user.phone}
            message={buyerMessage(user.fullName)}
            name={user.fullName || user.email}
          />
          <UserActionsMenu user={user} onAction={(action) => onAction(user, action)} />
        </div>
      ),
    },
  ];
}

/** Laptop and up: a table. Phones: one card per user with the same data and actions. */
export function UsersTable({ users, onAction }: { users: AdminUser[]; onAction: OnAction }) {
  return (
    <>
      {/* relative: the table's sr-only texts (absolute) stay inside the scroll area, not past the page. */}
      <div className="relative hidden overflow-x-auto lg:block">
        <DataTable
          columns={columns(onAction)}
          rows={users}
          rowKey={(user) => user.id}
          caption="Usuarios registrados"
        />
      </div>
      <ul className="divide-y divide-line lg:hidden" aria-label="Usuarios registrados">
        {users.map((user) => (
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
    </>
  );
}

function UserStatusBadge({ user }: { user: AdminUser }) {
  return user.status === "active" ? (
    <Badge variant="success">Activo</Badge>
  ) : (
    <Badge variant="danger">Suspendido</Badge>
  );
}
