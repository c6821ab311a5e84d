// The /admin tabs (spec 2 §2) plus the audit and settings panels, and how `?tab=` maps to them.

export const ADMIN_TABS = [
  { value: "stats", label: "Estadísticas" },
  { value: "raffles", label: "Rifas" },
  { value: "external-winners", label: "Ganadores Externos" },
  { value: "payments", label: "Comprobantes" },
  { value: "refunds", label: "Reembolsos" },
  { value: "users", label: "Usuarios" },
  { value: "audit", label: "Auditoría" },
  { value: "settings", label: "Configuración" },
] as const;

export type AdminTab = (typeof ADMIN_TABS)[number]["value"];

/** The raffle detail's back button lands here (spec 2 §2). */
export const DEFAULT_ADMIN_TAB: AdminTab = "raffles";

export function parseAdminTab(value: string | null | undefined): AdminTab {
  return ADMIN_TABS.some((tab) => tab.value === value) ? (value as AdminTab) : DEFAULT_ADMIN_TAB;
}

/** /admin?tab=payments; the default tab keeps the bare /admin. */
export function adminTabHref(base: string, tab: AdminTab): string {
  return tab === DEFAULT_ADMIN_TAB ? base : `${base}?tab=${tab}`;
}
