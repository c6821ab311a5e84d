import { DropdownMenu } from "radix-ui";
import { buttonClasses } from "../../../components/ui/button";
import { ChevronDownIcon } from "../../../components/ui/icons";
import type { AdminUser } from "../api/admin-api";

export type UserAction = "participations" | "notify" | "email" | "suspend" | "reactivate";

const itemClasses =
  "flex min-h-10 cursor-pointer items-center rounded-md px-3 text-sm font-medium text-ink outline-none select-none data-highlighted:bg-brand-50 data-highlighted:text-brand-900";

/**
 * The row's actions in one menu, so the table stays readable on a laptop and a phone. Not modal: the
 * dialogs the items open must receive focus as the menu closes.
 */
export function UserActionsMenu({
  user,
  onAction,
}: {
  user: AdminUser;
  onAction: (action: UserAction) => void;
}) {
  const active = user.status === "active";
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className={buttonClasses({ variant: "outline", size: "sm" })}
        aria-label={`Acciones para ${user.fullName || user.email}`}
      >
        Acciones <ChevronDownIcon />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 w-60 rounded-card border border-line bg-surface p-1.5 shadow-pop animate-fade-in"
        >
          <DropdownMenu.Item className={itemClasses} onSelect={() => onAction("participations")}>
            Ver participaciones y boletos
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemClasses} onSelect={() => onAction("notify")}>
            Enviar notificación
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemClasses} onSelect={() => onAction("email")}>
            Enviar correo
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          {active ? (
            <DropdownMenu.Item
              className={`${itemClasses} text-danger-700! data-highlighted:bg-danger-50!`}
              onSelect={() => onAction("suspend")}
            >
              Suspender cuenta
            </DropdownMenu.Item>
          ) : (
            <DropdownMenu.Item className={itemClasses} onSelect={() => onAction("reactivate")}>
              Reactivar cuenta
            </DropdownMenu.Item>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
