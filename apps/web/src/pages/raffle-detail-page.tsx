import { PlaceholderPage } from "../components/layout/placeholder-page";

export function RaffleDetailPage() {
  return (
    <PlaceholderPage
      title="Detalle de la Rifa"
      eyebrow="Rifas"
      description="Premios, precio del boleto, progreso de ventas y compra de boletos."
    />
  );
}
