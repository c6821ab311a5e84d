import { COOKIE_CONSENT_KEY, SELLER_LINK_KEY, UPCOMING_NOTIFY_KEY } from "@rifazo/shared/constants";
import { countText } from "@rifazo/shared/domain/plural";
import { SELLER_LINK_DAYS } from "@rifazo/shared/domain/seller-code";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "../components/ui/button";
import { CookieIcon } from "../components/ui/icons";
import { LEGAL_LINK_CLASSES, LegalPage, LegalSection, SupportContactLinks } from "../features/content";
import { openCookiePreferences } from "../features/cookie-consent";
import type { PrefetchPage } from "../lib/page-data";
import { paths } from "../lib/paths";
import { SUPPORT_EMAIL } from "../lib/site";

const COOKIE_TYPES: { name: string; status: string; text: string; examples: ReactNode }[] = [
  {
    name: "Necesarias",
    status: "Siempre activas",
    text: "Mantienen tu sesión iniciada de forma segura y recuerdan tus elecciones. Sin ellas el sitio no funciona, por eso no se pueden desactivar.",
    examples: (
      <>
        La cookie de sesión (segura, inaccesible para scripts), tu elección de cookies (
        <code>{COOKIE_CONSENT_KEY}</code>), las rifas de las que pediste aviso sin iniciar sesión (
        <code>{UPCOMING_NOTIFY_KEY}</code>) y el vendedor cuyo enlace abriste en una rifa, durante{" "}
        {countText(SELLER_LINK_DAYS, "día", "días")}, para acreditarle tu compra (
        <code>{SELLER_LINK_KEY}</code>; lo ves y lo quitas en la página de la rifa).
      </>
    ),
  },
  {
    name: "Analíticas",
    status: "Solo si las aceptas",
    text: "Registran de forma agregada qué páginas se visitan y desde cuál se llegó, para saber qué funciona y mejorar Rifazo.",
    examples: "Registro de páginas vistas (ruta, página anterior y hora), sin perfiles publicitarios.",
  },
  {
    name: "Marketing",
    status: "Solo si las aceptas",
    text: "Permiten mostrarte promociones y rifas relevantes y medir nuestras campañas en redes sociales.",
    examples:
      "Hoy Rifazo no carga ninguna; si las incorporamos (por ejemplo, para medir campañas en redes sociales), solo se activarán con tu permiso.",
  },
];

const SECTIONS = [
  { id: "datos-que-recopilamos", title: "Datos que recopilamos" },
  { id: "finalidades", title: "Para qué usamos tus datos" },
  { id: "compartir", title: "Con quién compartimos tus datos" },
  { id: "conservacion", title: "Cuánto tiempo los conservamos" },
  { id: "derechos", title: "Tus derechos" },
  { id: "cookies", title: "Política de Cookies" },
  { id: "menores", title: "Menores de edad" },
  { id: "contacto-privacidad", title: "Contacto y cambios" },
] as const;

/** Static text: rendered on the server, with no data to fetch. */
export const prefetchPage: PrefetchPage = async () => undefined;

/** "Datos que recopilamos". */
function DataWeCollect() {
  return (
    <LegalSection id="datos-que-recopilamos" title="Datos que recopilamos">
      <ul>
        <li>
          <strong>Datos de tu cuenta:</strong> nombre completo, correo electrónico, contraseña (guardada
          cifrada, nunca en texto legible) y, si lo agregas, tu teléfono.
        </li>
        <li>
          <strong>Datos de tus compras:</strong> comprobantes de pago (imagen o PDF), referencia, monto,
          moneda, método de pago, cantidad de boletos, tus notas y los números de boleto asignados.
        </li>
        <li>
          <strong>Programa de lealtad:</strong> tus RifaPuntos, nivel, historial de puntos y recompensas
          canjeadas.
        </li>
        <li>
          <strong>Datos de seguridad:</strong> fecha, dispositivo y dirección IP de cada inicio de sesión,
          para mostrarte tu actividad reciente y detectar accesos sospechosos.
        </li>
        <li>
          <strong>Mensajes:</strong> lo que nos escribes por el formulario de contacto o por correo.
        </li>
      </ul>
    </LegalSection>
  );
}

/** "Política de Cookies": each kind of cookie and how to change the choice. */
function CookiesPolicy() {
  return (
    <LegalSection id="cookies" title="Política de Cookies">
      <p>
        Usamos cookies y el almacenamiento de tu navegador, agrupados en tres tipos. Las necesarias están
        siempre activas; las analíticas y las de marketing solo se usan si las aceptas en el aviso de cookies
        o en tus preferencias.
      </p>
      <ul className="grid list-none! gap-3 pl-0! sm:grid-cols-3">
        {COOKIE_TYPES.map((type) => (
          <li key={type.name} className="space-y-2 rounded-control border border-line bg-canvas p-4">
            <p className="flex items-center justify-between gap-2">
              <span className="font-bold text-ink">{type.name}</span>
              <span className="text-xs font-semibold text-brand-700">{type.status}</span>
            </p>
            <p className="text-sm">{type.text}</p>
            <p className="text-xs">
              <span className="font-semibold text-ink">Qué usamos: </span>
              {type.examples}
            </p>
          </li>
        ))}
      </ul>
      <p>Puedes cambiar tu elección en cualquier momento desde aquí o desde el pie de página.</p>
      <Button variant="outline" waitsForCode onClick={openCookiePreferences}>
        <CookieIcon />
        Preferencias de Cookies
      </Button>
    </LegalSection>
  );
}

/** "Contacto y cambios": how to reach us about your data, and how changes to this policy are announced. */
function ContactAndChanges() {
  return (
    <LegalSection id="contacto-privacidad" title="Contacto y cambios">
      <p>
        Para cualquier consulta sobre privacidad escríbenos a <SupportContactLinks />. Si cambiamos esta
        política publicaremos la nueva versión en esta página y te avisaremos cuando el cambio sea importante.
        Consulta también los{" "}
        <Link to={paths.terms} className={LEGAL_LINK_CLASSES}>
          Términos y Condiciones
        </Link>
        .
      </p>
    </LegalSection>
  );
}

export function PrivacyPage() {
  return (
    <LegalPage
      title="Política de Privacidad"
      description="Cómo recopilamos, usamos y protegemos tus datos personales, y cómo usamos las cookies."
      sections={SECTIONS}
      intro={
        <>
          En Rifazo tratamos tus datos personales solo para operar las rifas y cumplir la ley. Esta política
          explica qué datos guardamos, para qué, con quién los compartimos y cómo ejercer tus derechos.
        </>
      }
    >
      <DataWeCollect />
      <LegalSection id="finalidades" title="Para qué usamos tus datos">
        <ul>
          <li>Crear y administrar tu cuenta y confirmar tu correo electrónico.</li>
          <li>Validar tus pagos, asignarte los números de boleto y acreditar tus RifaPuntos.</li>
          <li>Realizar los sorteos, avisarte de los resultados y entregar los premios.</li>
          <li>Enviarte las notificaciones del servicio y responder tus mensajes.</li>
          <li>Proteger la plataforma frente a fraudes y accesos no autorizados.</li>
          <li>Cumplir nuestras obligaciones legales y atender requerimientos de las autoridades.</li>
        </ul>
      </LegalSection>
      <LegalSection id="compartir" title="Con quién compartimos tus datos">
        <p>
          <strong>No vendemos tus datos a terceros.</strong> Solo los compartimos con proveedores que nos
          ayudan a operar (alojamiento del sitio y envío de correos), que los tratan siguiendo nuestras
          instrucciones, y con las autoridades cuando la ley lo exige.
        </p>
        <p>
          Para que los sorteos sean transparentes, publicamos el nombre de cada ganador junto con su número de
          boleto y el premio obtenido en la sección{" "}
          <Link to={paths.winners} className={LEGAL_LINK_CLASSES}>
            Ganadores
          </Link>{" "}
          y en la verificación de boletos.
        </p>
      </LegalSection>
      <LegalSection id="conservacion" title="Cuánto tiempo los conservamos">
        <p>
          Conservamos los datos de tu cuenta mientras esté activa. Los comprobantes, boletos y registros de
          los sorteos se guardan el tiempo necesario para resolver reclamos y cumplir las obligaciones legales
          y contables; después se eliminan o se anonimizan.
        </p>
      </LegalSection>
      <LegalSection id="derechos" title="Tus derechos">
        <p>
          Puedes consultar y actualizar tu nombre y teléfono desde tu perfil. También puedes pedirnos una
          copia de tus datos, su corrección o su eliminación, oponerte a un uso concreto o retirar un
          consentimiento que nos diste, escribiendo a{" "}
          <a href={`mailto:${SUPPORT_EMAIL}`} className={LEGAL_LINK_CLASSES}>
            {SUPPORT_EMAIL}
          </a>
          . Te responderemos en un plazo razonable. Eliminar la cuenta no borra los datos que la ley nos
          obliga a conservar ni los registros públicos de sorteos ya realizados.
        </p>
      </LegalSection>
      <CookiesPolicy />
      <LegalSection id="menores" title="Menores de edad">
        <p>
          Rifazo es solo para mayores de 18 años. No recopilamos a sabiendas datos de menores; si detectamos
          una cuenta de un menor, la cerramos y eliminamos sus datos.
        </p>
      </LegalSection>
      <ContactAndChanges />
    </LegalPage>
  );
}
