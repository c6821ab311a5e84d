import { POINTS_PER_CURRENCY_UNIT } from "@rifazo/shared/constants";
import { CLAIM_PERIOD_MESSAGES } from "@rifazo/shared/domain/claim-period";
import { pointsEarningText } from "@rifazo/shared/domain/glossary";
import { countText } from "@rifazo/shared/domain/plural";
import { SELLER_LINK_DAYS } from "@rifazo/shared/domain/seller-code";
import { claimText } from "@rifazo/shared/fairness-texts";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { LEGAL_LINK_CLASSES, LegalPage, LegalSection, SupportContactLinks } from "../features/content";
import type { PrefetchPage } from "../lib/page-data";
import { paths } from "../lib/paths";

// The eleven sections of spec 1 §2, in order. Rules quoted here (18+, residence in Venezuela,
// 2-ticket minimum, 24 business hours, 100 RifaPuntos per currency unit) match the product's limits.
const SECTIONS: { id: string; title: string; body: ReactNode }[] = [
  {
    id: "elegibilidad",
    title: "1. Elegibilidad",
    body: (
      <>
        <p>
          Para participar en las rifas de Rifazo debes ser <strong>mayor de 18 años</strong> y{" "}
          <strong>residir en la República Bolivariana de Venezuela</strong>. Al crear una cuenta declaras que
          cumples ambos requisitos. La venta de boletos a menores de 18 años está prohibida.
        </p>
        <p>
          Podemos solicitarte un documento de identidad vigente para confirmar tu edad y residencia, en
          especial antes de entregar un premio. Si no cumples los requisitos, tu participación y cualquier
          premio asociado quedarán sin efecto.
        </p>
      </>
    ),
  },
  {
    id: "cuenta",
    title: "2. Cuenta de usuario",
    body: (
      <>
        <p>
          Para comprar boletos necesitas una cuenta con tu nombre completo y un correo electrónico que debes
          confirmar antes de iniciar sesión. Los datos que registres deben ser verdaderos y estar
          actualizados: el nombre de la cuenta es el que usamos para entregar los premios.
        </p>
        <p>
          Eres responsable de mantener la confidencialidad de tu contraseña y de toda actividad realizada con
          tu cuenta. Cada persona puede tener una sola cuenta. Si sospechas un acceso no autorizado, cambia tu
          contraseña y avísanos de inmediato.
        </p>
      </>
    ),
  },
  {
    id: "compra-de-boletos",
    title: "3. Compra de boletos",
    body: (
      <>
        <p>
          Solo puedes comprar boletos de rifas en estado activo. La{" "}
          <strong>compra mínima es de 2 boletos</strong> por operación y no puedes comprar más boletos de los
          que quedan disponibles. El precio de cada boleto y la moneda se indican en la página de cada rifa;
          el total es el precio por la cantidad de boletos.
        </p>
        <p>
          Los números de boleto tienen las cifras que pide el tamaño de la rifa (de 00 a 99 en una de 100
          boletos, de 000 a 999 en una de 1.000). Según la rifa, se asignan de forma automática cuando se
          aprueba tu pago o los escoges tú al reservarlos; una vez asignados no se pueden cambiar. Una compra
          solo queda confirmada cuando tu comprobante es aprobado.
        </p>
        <p>
          <strong>Enlaces de vendedores.</strong> Si llegas a una rifa por el enlace de un vendedor (una
          dirección que termina en <code>?v=</code> y su código), tu compra se le acredita para su comisión.
          Tu navegador guarda ese código {countText(SELLER_LINK_DAYS, "día", "días")} para esa rifa; si abres
          el enlace de otro vendedor, cuenta el último. La página de la rifa te dice a quién se acredita y
          puedes quitarlo antes de reservar. El vendedor no ve tus datos ni tus números, solo cuántos boletos
          se compraron con su enlace; el precio es el mismo con o sin enlace.
        </p>
      </>
    ),
  },
  {
    id: "pagos",
    title: "4. Pagos y validación",
    body: (
      <>
        <p>
          Los pagos se hacen fuera de la plataforma por Pago Móvil, Zelle o Binance Pay, con los datos
          publicados en{" "}
          <Link to={paths.paymentMethods} className={LEGAL_LINK_CLASSES}>
            Métodos de Pago
          </Link>
          . Los pagos en bolívares se calculan con la tasa oficial del Banco Central de Venezuela (BCV) del
          día del pago. También aceptamos efectivo en dólares y tarjetas, coordinando antes con soporte.
        </p>
        <p>
          Después de pagar debes subir tu comprobante con la referencia de la operación. Nuestro equipo lo
          revisa y lo aprueba o rechaza dentro del plazo de revisión que indica cada rifa. Un comprobante se
          rechaza si la referencia no coincide con un pago recibido, si el monto es menor al total o si el
          archivo no es legible; en ese caso te indicaremos el motivo.
        </p>
        <p>
          Sumas <strong>{pointsEarningText(POINTS_PER_CURRENCY_UNIT)}</strong> del programa Rifazo Club, que
          se rige por las reglas publicadas en su página. Los RifaPuntos no tienen valor en dinero ni son
          transferibles.
        </p>
        <p>
          Los boletos aprobados no son reembolsables, salvo que una rifa se cancele. Si una rifa se cancela,
          te devolveremos el monto pagado por el mismo método en un plazo razonable.
        </p>
      </>
    ),
  },
  {
    id: "sorteos",
    title: "5. Sorteos",
    body: (
      <>
        <p>
          Cada rifa indica cómo se activa su sorteo: en una fecha fija o al venderse un porcentaje de los
          boletos. En las rifas por porcentaje, al alcanzar la meta comienza una última ventana de venta de 24
          horas, tras la cual se realiza el sorteo.
        </p>
        <p>Cada rifa indica en su página cómo se decide su ganador:</p>
        <ul>
          <li>
            <strong>Sorteo con drand</strong>: {claimText("termsDrand")}
          </li>
          <li>
            <strong>Lotería oficial</strong>: {claimText("termsLottery")}
          </li>
          <li>
            <strong>Anunciado por el organizador</strong>: {claimText("termsAnnounced")}
          </li>
        </ul>
        <p>
          <strong>Plazo para reclamar el premio.</strong> {CLAIM_PERIOD_MESSAGES.ruleInGeneral}
        </p>
        <p>
          El procedimiento se explica en{" "}
          <Link to={paths.transparency} className={LEGAL_LINK_CLASSES}>
            Transparencia de Sorteos
          </Link>
          .
        </p>
      </>
    ),
  },
  {
    id: "premios",
    title: "6. Premios",
    body: (
      <>
        <p>
          Los premios de cada rifa y sus niveles se describen en la página de la rifa. Cada boleto puede ganar
          un solo premio. Publicamos a los ganadores con su nombre y número de boleto en la sección{" "}
          <Link to={paths.winners} className={LEGAL_LINK_CLASSES}>
            Ganadores
          </Link>
          , y cualquier persona puede consultar un número en Verificar Boleto.
        </p>
        <p>
          Contactaremos al ganador por los datos de su cuenta para coordinar la entrega dentro de Venezuela.
          Para recibir el premio, el ganador debe presentar un documento de identidad que coincida con el
          nombre de la cuenta. Los premios no son canjeables por dinero salvo que la rifa indique lo
          contrario, y los impuestos o trámites que la ley ponga a cargo del ganador corren por su cuenta.
        </p>
      </>
    ),
  },
  {
    id: "notificaciones",
    title: "7. Notificaciones",
    body: (
      <p>
        Te enviaremos avisos dentro de la plataforma y por correo electrónico sobre tu cuenta, el estado de
        tus comprobantes, tus boletos, los resultados de los sorteos en los que participas y las rifas de las
        que pediste aviso. Estos mensajes forman parte del servicio. Las comunicaciones promocionales solo se
        envían si las aceptas, y puedes dejar de recibirlas cuando quieras.
      </p>
    ),
  },
  {
    id: "conducta",
    title: "8. Conducta del usuario",
    body: (
      <>
        <p>Al usar Rifazo te comprometes a no:</p>
        <ul>
          <li>enviar comprobantes falsos, alterados o de pagos que no hiciste;</li>
          <li>crear varias cuentas o usar la cuenta o los datos de otra persona;</li>
          <li>intentar acceder sin autorización a la plataforma o interferir con su funcionamiento;</li>
          <li>usar la plataforma para fines ilícitos o para revender boletos.</li>
        </ul>
        <p>
          Si incumples estas reglas podemos suspender tu cuenta, anular los boletos afectados y, cuando
          corresponda, informar a las autoridades.
        </p>
      </>
    ),
  },
  {
    id: "propiedad-intelectual",
    title: "9. Propiedad intelectual",
    body: (
      <p>
        La marca Rifazo, el logotipo, el diseño del sitio, los textos y las imágenes son propiedad de Rifazo o
        de sus licenciantes y están protegidos por la ley. No puedes copiarlos, modificarlos ni usarlos con
        fines comerciales sin nuestra autorización por escrito. Las marcas de los premios pertenecen a sus
        respectivos titulares.
      </p>
    ),
  },
  {
    id: "cambios",
    title: "10. Cambios a estos términos",
    body: (
      <p>
        Podemos actualizar estos términos para reflejar cambios en el servicio o en la ley. Publicaremos la
        versión vigente en esta página y, si el cambio es importante, te avisaremos por correo o dentro de la
        plataforma. Las compras ya aprobadas se rigen por los términos vigentes al momento de la compra. Si
        sigues usando Rifazo después de un cambio, aceptas los nuevos términos.
      </p>
    ),
  },
  {
    id: "contacto",
    title: "11. Contacto",
    body: (
      <p>
        Si tienes preguntas sobre estos términos, escríbenos a <SupportContactLinks />. Respondemos de lunes a
        viernes de 9:00 a. m. a 5:00 p. m. (hora de Venezuela).
      </p>
    ),
  },
];

/** Static text: rendered on the server, with no data to fetch. */
export const prefetchPage: PrefetchPage = async () => undefined;

export function TermsPage() {
  return (
    <LegalPage
      title="Términos y Condiciones"
      description="Las reglas para participar en las rifas de Rifazo. Léelas antes de comprar tus boletos."
      sections={SECTIONS}
      intro={
        <>
          Estos términos regulan el uso de la plataforma Rifazo y la participación en sus rifas. Al crear una
          cuenta o comprar boletos aceptas cumplirlos, junto con nuestra{" "}
          <Link to={paths.privacy} className={LEGAL_LINK_CLASSES}>
            Política de Privacidad
          </Link>
          .
        </>
      }
    >
      {SECTIONS.map((section) => (
        <LegalSection key={section.id} id={section.id} title={section.title}>
          {section.body}
        </LegalSection>
      ))}
    </LegalPage>
  );
}
