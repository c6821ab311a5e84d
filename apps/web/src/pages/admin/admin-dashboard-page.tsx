import { Page } from "../../components/layout/page";
import { Card, CardContent } from "../../components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";

const TABS = [
  { value: "stats", label: "Estadísticas" },
  { value: "raffles", label: "Rifas" },
  { value: "external-winners", label: "Ganadores Externos" },
  { value: "payments", label: "Comprobantes" },
  { value: "users", label: "Usuarios" },
] as const;

export function AdminDashboardPage() {
  return (
    <Page
      title="Panel Administrativo"
      eyebrow="Administración"
      description="Gestiona rifas, comprobantes y usuarios."
    >
      <meta name="robots" content="noindex, nofollow" />
      <Tabs defaultValue="stats">
        <TabsList aria-label="Secciones del panel">
          {TABS.map((tab) => (
            <TabsTrigger key={tab.value} value={tab.value}>
              {tab.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map((tab) => (
          <TabsContent key={tab.value} value={tab.value}>
            <Card>
              <CardContent className="py-10! text-center text-sm text-muted">
                La sección {tab.label} estará disponible muy pronto.
              </CardContent>
            </Card>
          </TabsContent>
        ))}
      </Tabs>
    </Page>
  );
}
