import { PlaceholderPage } from "../components/layout/placeholder-page";

export function TransparencyPage() {
  return (
    <PlaceholderPage
      title="Transparencia de Sorteos"
      eyebrow="Confianza"
      description="Nuestro compromiso con sorteos justos y verificables."
    />
  );
}
