import { PlaceholderPage } from "../components/layout/placeholder-page";

export function LivePage() {
  return (
    <PlaceholderPage
      title="Transmisiones en Vivo"
      eyebrow="En vivo"
      description="Sigue nuestros sorteos en Instagram, Facebook, YouTube, televisión y radio."
    />
  );
}
