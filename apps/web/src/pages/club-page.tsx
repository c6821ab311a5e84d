import { PlaceholderPage } from "../components/layout/placeholder-page";

export function ClubPage() {
  return (
    <PlaceholderPage
      title="Rifazo Club"
      eyebrow="Programa de lealtad"
      description="Acumula RifaPuntos con cada compra aprobada, sube de nivel y canjea recompensas."
    />
  );
}
