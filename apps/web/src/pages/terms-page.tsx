import { PlaceholderPage } from "../components/layout/placeholder-page";

export function TermsPage() {
  return (
    <PlaceholderPage
      title="Términos y Condiciones"
      eyebrow="Legal"
      description="Las reglas para participar en las rifas de Rifazo."
    />
  );
}
