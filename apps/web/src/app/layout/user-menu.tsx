import { countText } from "@rifazo/shared/domain/plural";
import { DropdownMenu } from "radix-ui";
import { Link } from "react-router";
import { Avatar } from "../../components/ui/avatar";
import { ChevronDownIcon, DashboardIcon, LogOutIcon, TicketIcon, UserIcon } from "../../components/ui/icons";
import { type SessionUser, useSignOut } from "../../features/auth";
import { PendingCountBadge, usePendingCount } from "../../features/inbox-count";
import { paths } from "../../lib/paths";

const itemClasses =
  "flex min-h-10 cursor-pointer select-none items-center gap-2.5 rounded-md px-3 text-sm font-medium text-ink outline-none " +
  "data-highlighted:bg-brand-50 data-highlighted:text-brand-900 [&_svg]:text-base [&_svg]:text-muted";

/** The avatar menu (loaded once signed in: visitors never download the menu primitives). */
export default function UserMenu({ user }: { user: SessionUser }) {
  const { signOut } = useSignOut();
  const isAdmin = user.role === "admin";
  const pending = usePendingCount(isAdmin);
  return (
    <DropdownMenu.Root modal={false}>
      {/* Named by its (hidden) text rather than aria-label: the initials and the count are pictures of
          the account, and a name given by aria-label must contain the visible text (WCAG 2.5.3). */}
      <DropdownMenu.Trigger className="group inline-flex items-center gap-1 rounded-pill p-0.5 text-muted hover:bg-brand-50 data-[state=open]:bg-brand-50">
        <span className="sr-only">
          {isAdmin && pending
            ? `Abrir menú de usuario (${countText(pending, "comprobante pendiente", "comprobantes pendientes")})`
            : "Abrir menú de usuario"}
        </span>
        <Avatar name={user.fullName} src={user.avatarUrl} />
        {isAdmin ? (
          <span aria-hidden="true" className="inline-flex">
            <PendingCountBadge count={pending} className="ml-0" />
          </span>
        ) : null}
        <ChevronDownIcon className="hidden text-sm transition-transform group-data-[state=open]:rotate-180 sm:block" />
      </DropdownMenu.Trigger>
      {/* Not portalled: rendered in the header, the open menu stays inside the banner landmark. */}
      <DropdownMenu.Content
        align="end"
        sideOffset={8}
        collisionPadding={12}
        className="z-50 w-64 rounded-card border border-line bg-surface p-1.5 shadow-pop animate-fade-in"
      >
        <DropdownMenu.Label className="flex items-center gap-3 px-3 py-2.5">
          <Avatar name={user.fullName} src={user.avatarUrl} className="size-10!" />
          <span className="min-w-0">
            <span className="block truncate font-bold text-ink">{user.fullName || "Usuario"}</span>
            <span className="block truncate text-xs text-muted">{user.email}</span>
          </span>
        </DropdownMenu.Label>
        <DropdownMenu.Separator className="my-1 h-px bg-line" />
        <DropdownMenu.Item asChild className={itemClasses}>
          {isAdmin ? (
            <Link to={paths.admin}>
              <DashboardIcon />
              Dashboard Admin
              <PendingCountBadge count={pending} className="ml-auto" />
            </Link>
          ) : (
            <Link to={paths.profileInfo}>
              <UserIcon />
              Mi Perfil
            </Link>
          )}
        </DropdownMenu.Item>
        {user.isSeller ? (
          <DropdownMenu.Item asChild className={itemClasses}>
            <Link to={paths.seller}>
              <TicketIcon />
              Área de vendedor
            </Link>
          </DropdownMenu.Item>
        ) : null}
        <DropdownMenu.Separator className="my-1 h-px bg-line" />
        <DropdownMenu.Item
          className={`${itemClasses} text-danger-700 data-highlighted:bg-danger-50 data-highlighted:text-danger-700 [&_svg]:text-danger-600`}
          onSelect={() => void signOut()}
        >
          <LogOutIcon />
          Cerrar Sesión
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
