import { PlaceholderPage } from "../components/layout/placeholder-page";

export function WinnersPage() {
  return (
    <PlaceholderPage
      title="Ganadores"
      eyebrow="Historial"
      description="Conoce a los ganadores de nuestras rifas finalizadas."
    />
  );
}
