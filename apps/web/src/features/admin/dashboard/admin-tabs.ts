// The /admin tabs (spec 2 §2) plus today's summary (the first screen), the audit and settings panels, and how `?tab=` maps to them.
import { paths } from "../../../lib/paths";

export const ADMIN_TABS = [
  { value: "today", label: "Hoy" },
  { value: "stats", label: "Estadísticas" },
  { value: "raffles", label: "Rifas" },
  { value: "external-winners", label: "Ganadores Externos" },
  { value: "payments", label: "Comprobantes" },
  { value: "reconciliation", label: "Conciliación" },
  { value: "refunds", label: "Reembolsos" },
  { value: "users", label: "Usuarios" },
  { value: "sellers", label: "Vendedores" },
  { value: "audit", label: "Auditoría" },
  { value: "settings", label: "Configuración" },
] as const;

export type AdminTab = (typeof ADMIN_TABS)[number]["value"];

/** The first screen answers "what needs me today"; the raffle detail's back button names the raffles tab. */
export const DEFAULT_ADMIN_TAB: AdminTab = "today";

export function parseAdminTab(value: string | null | undefined): AdminTab {
  return ADMIN_TABS.some((tab) => tab.value === value) ? (value as AdminTab) : DEFAULT_ADMIN_TAB;
}

/** Tabs at an address of their own instead of `?tab=` (docs/decisions/0034-vendedores.md: /admin/vendedores). */
const TAB_PATHS: Partial<Record<AdminTab, string>> = { sellers: paths.adminSellers };

/** The tab a path of its own shows (/admin/vendedores), else null: `?tab=` decides. */
export function adminTabOfPath(pathname: string): AdminTab | null {
  const found = Object.entries(TAB_PATHS).find(([, path]) => path === pathname);
  return found ? (found[0] as AdminTab) : null;
}

/** /admin?tab=payments; the default tab keeps the bare /admin; a tab with its own path goes there. */
export function adminTabHref(base: string, tab: AdminTab): string {
  const own = TAB_PATHS[tab];
  if (own) return own;
  return tab === DEFAULT_ADMIN_TAB ? base : `${base}?tab=${tab}`;
}
