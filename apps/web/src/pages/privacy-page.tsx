import type { ReactNode } from "react";
import { Page } from "../components/layout/page";
import { Button } from "../components/ui/button";
import { Card, CardContent } from "../components/ui/card";
import { openCookiePreferences } from "../features/cookie-consent/use-cookie-consent";
import { SUPPORT_EMAIL } from "../lib/site";

function Section({ id, title, children }: { id?: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={id ? `${id}-title` : undefined} className="scroll-mt-24 space-y-3">
      <h2 id={id ? `${id}-title` : undefined} className="text-xl font-bold text-ink">
        {title}
      </h2>
      <div className="space-y-3 leading-relaxed text-muted">{children}</div>
    </section>
  );
}

const COOKIE_TYPES = [
  {
    name: "Necesarias",
    text: "Mantienen tu sesión iniciada de forma segura y recuerdan tu elección sobre cookies. Están siempre activas porque sin ellas el sitio no funciona.",
  },
  {
    name: "Analíticas",
    text: "Registran de forma agregada qué páginas se visitan, para mejorar Rifazo. Solo se usan si las aceptas.",
  },
  {
    name: "Marketing",
    text: "Permiten mostrarte promociones y rifas relevantes. Solo se usan si las aceptas.",
  },
] as const;

export function PrivacyPage() {
  return (
    <Page
      title="Política de Privacidad"
      eyebrow="Legal"
      description="Cómo recopilamos, usamos y protegemos tus datos personales, y cómo usamos las cookies."
    >
      <Card>
        <CardContent className="space-y-10">
          <Section title="Datos que recopilamos">
            <p>
              Al registrarte guardamos tu nombre completo, tu correo electrónico y, si lo agregas, tu
              teléfono. Cuando subes un comprobante de pago guardamos el archivo, la referencia, el monto y el
              método de pago para validar tu compra y asignarte tus boletos.
            </p>
          </Section>
          <Section title="Cómo usamos tus datos">
            <p>
              Usamos tus datos para gestionar tu cuenta, validar tus pagos, asignar números de boleto,
              acreditar tus RifaPuntos, avisarte de los resultados y cumplir nuestras obligaciones legales. No
              vendemos tus datos a terceros.
            </p>
          </Section>
          <Section id="cookies" title="Política de Cookies">
            <p>Usamos tres tipos de cookies y almacenamiento del navegador:</p>
            <ul className="grid gap-3 sm:grid-cols-3">
              {COOKIE_TYPES.map((type) => (
                <li key={type.name} className="rounded-control border border-line bg-canvas p-4">
                  <p className="font-bold text-ink">{type.name}</p>
                  <p className="mt-1 text-sm">{type.text}</p>
                </li>
              ))}
            </ul>
            <p>Puedes cambiar tu elección en cualquier momento.</p>
            <Button variant="outline" onClick={openCookiePreferences}>
              Preferencias de Cookies
            </Button>
          </Section>
          <Section title="Tus derechos">
            <p>
              Puedes consultar y actualizar tus datos desde tu perfil, o pedirnos que los eliminemos
              escribiendo a{" "}
              <a
                href={`mailto:${SUPPORT_EMAIL}`}
                className="font-semibold text-brand-700 underline underline-offset-2"
              >
                {SUPPORT_EMAIL}
              </a>
              .
            </p>
          </Section>
        </CardContent>
      </Card>
    </Page>
  );
}
