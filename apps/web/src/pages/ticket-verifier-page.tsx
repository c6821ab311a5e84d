import { PlaceholderPage } from "../components/layout/placeholder-page";

export function TicketVerifierPage() {
  return (
    <PlaceholderPage
      title="Verificar Boleto"
      eyebrow="Verificador"
      description="Ingresa tu número de boleto de 4 dígitos y descubre si resultó ganador."
    />
  );
}
