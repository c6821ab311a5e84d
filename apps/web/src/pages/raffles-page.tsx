import { PlaceholderPage } from "../components/layout/placeholder-page";

export function RafflesPage() {
  return (
    <PlaceholderPage
      title="Rifas"
      eyebrow="Participa y gana"
      description="Explora todas las rifas activas y próximas, busca por premio y filtra por estado."
    />
  );
}
