import { useLocation, useNavigate, useSearchParams } from "react-router";
import { Page } from "../../../components/layout/page";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../components/ui/tabs";
import { paths } from "../../../lib/paths";
import { PendingCountBadge, usePendingCount } from "../../inbox-count";
import { AuditTab } from "../audit/audit-tab";
import { ExternalWinnersTab } from "../external-winners/external-winners-tab";
import { PaymentsTab } from "../payments/payments-tab";
import { RafflesTab } from "../raffles/raffles-tab";
import { ReconciliationTab } from "../reconciliation/reconciliation-tab";
import { RefundsTab } from "../refunds/refunds-tab";
import { SellersTab } from "../sellers/sellers-tab";
import { SettingsTab } from "../settings/settings-tab";
import { StatsTab } from "../stats/stats-tab";
import { TodayTab } from "../today/today-tab";
import { UsersTab } from "../users/users-tab";
import { ADMIN_TABS, type AdminTab, adminTabHref, adminTabOfPath, parseAdminTab } from "./admin-tabs";

const PANELS: Record<AdminTab, () => React.ReactNode> = {
  today: () => <TodayTab />,
  stats: () => <StatsTab />,
  raffles: () => <RafflesTab />,
  "external-winners": () => <ExternalWinnersTab />,
  payments: () => <PaymentsTab />,
  reconciliation: () => <ReconciliationTab />,
  refunds: () => <RefundsTab />,
  users: () => <UsersTab />,
  sellers: () => <SellersTab />,
  audit: () => <AuditTab />,
  settings: () => <SettingsTab />,
};

/**
 * /admin: the tab lives in `?tab=` (or its own path, /admin/vendedores) so a reload, a shared link or the
 * back button keep it.
 */
export function AdminDashboard() {
  const [searchParams] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const tab = adminTabOfPath(pathname) ?? parseAdminTab(searchParams.get("tab"));
  const pending = usePendingCount();

  const selectTab = (value: string) => {
    const next = parseAdminTab(value);
    if (next === tab) return;
    // Tabs activate on Enter/Space or click (manual mode), so each choice is a history entry: the
    // browser's back button returns to the previous tab.
    void navigate(adminTabHref(paths.admin, next));
  };

  return (
    <Page
      title="Panel Administrativo"
      documentTitle={pending ? `(${pending}) Panel Administrativo` : "Panel Administrativo"}
      eyebrow="Administración"
      description="Gestiona rifas, comprobantes, usuarios y la configuración de Rifazo."
    >
      <meta name="robots" content="noindex, nofollow" />
      <Tabs value={tab} onValueChange={selectTab} activationMode="manual">
        <TabsList aria-label="Secciones del panel" className="flex-wrap justify-start">
          {ADMIN_TABS.map((item) => (
            <TabsTrigger key={item.value} value={item.value}>
              {item.label}
              {item.value === "payments" ? <PendingCountBadge count={pending} /> : null}
            </TabsTrigger>
          ))}
        </TabsList>
        {ADMIN_TABS.map((item) => (
          <TabsContent key={item.value} value={item.value} className="focus-visible:outline-offset-4">
            {tab === item.value ? PANELS[item.value]() : null}
          </TabsContent>
        ))}
      </Tabs>
    </Page>
  );
}
