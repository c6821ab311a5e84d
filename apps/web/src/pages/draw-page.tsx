import { PlaceholderPage } from "../components/layout/placeholder-page";

export function DrawPage() {
  return (
    <PlaceholderPage
      title="Sorteo"
      eyebrow="Sorteo en vivo"
      description="Sigue la cuenta regresiva y la animación del sorteo hasta conocer al ganador."
    />
  );
}
