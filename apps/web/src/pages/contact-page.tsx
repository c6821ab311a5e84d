import { Page } from "../components/layout/page";
import { Card, CardContent } from "../components/ui/card";
import { ContactDetails, ContactForm } from "../features/contact";
import { publicSettingsQuery } from "../features/exchange-rate";
import type { PrefetchPage } from "../lib/page-data";

/** The form and the support details, rendered on the server with the published WhatsApp line. */
export const prefetchPage: PrefetchPage = ({ queryClient }) => queryClient.prefetchQuery(publicSettingsQuery);

// A lazy route of its own: zod and react-hook-form load here, never with the home page.
export function ContactPage() {
  return (
    <Page
      title="Contacto"
      eyebrow="Estamos para ayudarte"
      description="Escríbenos y te responderemos lo antes posible, dentro de nuestro horario de atención."
    >
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Card>
          <CardContent>
            <h2 className="sr-only">Envíanos un mensaje</h2>
            <ContactForm />
          </CardContent>
        </Card>
        <Card className="self-start">
          <CardContent>
            <ContactDetails />
          </CardContent>
        </Card>
      </div>
    </Page>
  );
}
