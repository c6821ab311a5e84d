import { PlaceholderPage } from "../components/layout/placeholder-page";

export function TestimonialsPage() {
  return (
    <PlaceholderPage
      title="Testimonios"
      eyebrow="Historias reales"
      description="Lo que dicen quienes ya ganaron con Rifazo."
    />
  );
}
