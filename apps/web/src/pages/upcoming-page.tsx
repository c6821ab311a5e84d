import { PlaceholderPage } from "../components/layout/placeholder-page";

export function UpcomingPage() {
  return (
    <PlaceholderPage
      title="Próximamente"
      eyebrow="Próximas rifas"
      description="Las rifas que vienen en camino, con su cuenta regresiva."
    />
  );
}
