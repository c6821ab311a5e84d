import { PlaceholderPage } from "../components/layout/placeholder-page";

export function ContactPage() {
  return (
    <PlaceholderPage
      title="Contacto"
      eyebrow="Estamos para ayudarte"
      description="Escríbenos y te responderemos lo antes posible."
    />
  );
}
