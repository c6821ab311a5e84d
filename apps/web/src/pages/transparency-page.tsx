import type { DrawTrustLevel } from "@rifazo/shared/domain/draw-trust";
import { Link } from "react-router";
import { DrawTrustNotice } from "../components/draw/draw-trust-notice";
import { Page } from "../components/layout/page";
import { buttonClasses } from "../components/ui/button";
import { Card, CardContent } from "../components/ui/card";
import { AlertTriangleIcon, CheckCircleIcon, ShieldIcon } from "../components/ui/icons";
import { LegalSection, useHashScroll } from "../features/content";
import { DrawRecords, drawsQuery } from "../features/draws";
import { EMPTY_FILTERS, WinnersHistory, winnersQueryOptions } from "../features/winners";
import type { PrefetchPage } from "../lib/page-data";
import { paths } from "../lib/paths";

/** The kinds of draw a raffle can have, stated on every page where it appears (domain/draw-trust.ts). */
const TRUST_KINDS: DrawTrustLevel[] = ["drand", "lottery", "announced"];

const code = "rounded bg-brand-50 px-1 py-0.5 font-mono text-[0.85em] text-brand-900";

const STEPS = [
  {
    title: "Reglas publicadas antes de vender",
    text: (
      <>
        Al publicar la rifa queda escrito en su acta pública lo que se vende: precio, cantidad de boletos,
        fechas, premios y cómo se decidirá el ganador. Si la rifa se decide con una lotería oficial, el acta
        nombra la lotería, la fecha del sorteo y la regla que convierte su resultado en un número de boleto, y
        nada de eso puede cambiar después de la primera venta.
      </>
    ),
  },
  {
    title: "Cierre y revisión de pagos",
    text: (
      <>
        Las ventas se cierran en la fecha indicada (o al agotarse los boletos). Los pagos enviados antes del
        cierre se siguen revisando durante la ventana de revisión de la rifa; los que quedan sin revisar al
        terminarla se rechazan con un aviso.
      </>
    ),
  },
  {
    title: "Lista congelada",
    text: (
      <>
        Cuando no queda ningún pago pendiente, la lista de boletos vendidos se congela y se publica: cada
        número con una <em>etiqueta</em> que solo su comprador puede reconocer (con el código de su recibo) y
        la huella <span className={code}>SHA-256</span> de la lista completa. Desde ese momento la base de
        datos rechaza cualquier cambio de boletos o pagos de esa rifa.
      </>
    ),
  },
  {
    title: "Una ronda futura de drand",
    text: (
      <>
        En el mismo instante el acta fija una ronda futura de{" "}
        <a href="https://drand.love" target="_blank" rel="noopener noreferrer" className="underline">
          drand
        </a>
        , el faro de aleatoriedad pública de la <em>League of Entropy</em> (universidades y empresas de varios
        países que firman juntas un número al azar cada 3 segundos). Nadie conoce el valor de esa ronda cuando
        se congela la lista, y nadie puede elegirlo después: su firma se comprueba con la clave pública de la
        red.
      </>
    ),
  },
  {
    title: "Ganadores",
    text: (
      <>
        Cuando llega la ronda, su firma se verifica y los ganadores se calculan solo con esa aleatoriedad y la
        huella de la lista (<span className={code}>HMAC-SHA256</span> con muestreo por rechazo, sin repetir
        boletos). Si un ganador se descalifica por una razón publicada, su reemplazo es el siguiente que da el
        mismo cálculo: nadie lo escoge. Cada paso es una entrada del acta encadenada a la anterior por su
        huella, así que cambiar una entrada pasada se nota.
      </>
    ),
  },
];

const GUARANTEED = [
  "En los sorteos con drand de la League of Entropy, una vez congelada la lista, nadie, ni siquiera Rifazo, puede elegir ni predecir al ganador: la ronda se fija al menos un minuto en el futuro y el servidor no arranca en producción con otra cadena.",
  "La lista congelada no puede cambiar: ni agregar, quitar ni reasignar boletos.",
  "Cualquiera puede comprobar el sorteo completo, aquí en el navegador o con el programa verify-draw, sin pedirnos nada.",
  "Cada comprador puede confirmar, con el código de su recibo, que sus números están en la lista y marcados como suyos.",
];

const NOT_GUARANTEED = [
  "Las rifas anunciadas por el organizador en una transmisión no tienen acta: sus ganadores son la palabra del organizador, y así se indica en cada página donde aparecen.",
  "En las rifas decididas por una lotería oficial, el organizador escribe el resultado con el enlace a su publicación; el acta lo convierte en boletos con la regla fijada antes de vender, y cualquiera puede compararlo con la fuente.",
  "Un sorteo que use una cadena drand que no es de la League of Entropy (solo en pruebas) no tiene la garantía de arriba: quien opera esa cadena puede predecir sus rondas. Cada página de ese sorteo lo advierte.",
  "Si la ronda de drand no se puede obtener a su hora, el sorteo espera hasta conseguirla (la página lo dice); nadie puede usar otra ronda en su lugar.",
  "Antes de congelar la lista, el organizador decide qué pagos son válidos: aprueba o rechaza cada comprobante. La verificación no puede saber si un pago rechazado era real; si el tuyo fue rechazado sin razón, reclámalo antes del cierre de la revisión.",
  "Una rifa no puede impedir que una misma persona compre muchos boletos con varias cuentas. Eso no cambia la probabilidad de cada boleto: cada uno tiene exactamente la misma.",
];

const CHECKS = [
  "Que ninguna entrada del acta se haya cambiado (cada una lleva la huella de la anterior).",
  "Que la huella publicada corresponda a la lista de boletos congelada.",
  "Que la ronda de drand sea la primera posterior al plazo fijado al congelar, y que su firma sea válida.",
  "Que, al repetir el cálculo, salgan los mismos ganadores (y los mismos reemplazos) en el mismo orden.",
  "Que tus propios números estén en la lista con tu etiqueta, desde Verificar Boleto o Mis pagos.",
];

/** Rendered on the server with the draw records and the winners history. */
export const prefetchPage: PrefetchPage = ({ queryClient }) =>
  Promise.all([
    queryClient.prefetchQuery(drawsQuery),
    queryClient.prefetchQuery(winnersQueryOptions(EMPTY_FILTERS)),
  ]);

export function TransparencyPage() {
  useHashScroll();
  return (
    <Page
      title="Transparencia de Sorteos"
      eyebrow="Confianza"
      description="Nuestro compromiso con sorteos justos y verificables: no tienes que confiar en nosotros, puedes comprobarlo."
    >
      <div className="space-y-8">
        <Card>
          <CardContent className="space-y-10">
            <LegalSection id="compromiso" title="Nuestro compromiso">
              <p>
                En los sorteos que hace la plataforma, desde que la lista de boletos queda congelada el
                resultado no depende de nadie, tampoco de Rifazo. Al cerrarse las ventas y terminar la
                revisión de pagos, la lista se congela y se publica, y el ganador lo decide un número al azar
                de la League of Entropy que en ese momento todavía no existe y que nadie controla. Todo queda
                en un acta pública que cualquiera puede comprobar. No todas las rifas se deciden así: cada
                rifa dice cuál de estas formas usa, y aquí abajo decimos también, sin rodeos, lo que esto no
                garantiza.
              </p>
              <ul className="list-none! space-y-3 pl-0!">
                {TRUST_KINDS.map((level) => (
                  <li key={level}>
                    <DrawTrustNotice level={level} />
                  </li>
                ))}
              </ul>
            </LegalSection>
            <LegalSection id="garantias" title="Qué está garantizado y qué no">
              <div className="grid gap-6 md:grid-cols-2">
                <div className="space-y-2">
                  <h3 className="font-bold text-ink">Garantizado</h3>
                  <ul className="list-none! space-y-2 pl-0!">
                    {GUARANTEED.map((item) => (
                      <li key={item} className="flex gap-2">
                        <CheckCircleIcon className="mt-1 shrink-0 text-success-600" />
                        <span>{item}</span>
                      </li>
                    ))}
                  </ul>
                </div>
                <div className="space-y-2">
                  <h3 className="font-bold text-ink">No garantizado</h3>
                  <ul className="list-none! space-y-2 pl-0!">
                    {NOT_GUARANTEED.map((item) => (
                      <li key={item} className="flex gap-2">
                        <AlertTriangleIcon className="mt-1 shrink-0 text-warning-700" />
                        <span>{item}</span>
                      </li>
                    ))}
                  </ul>
                </div>
              </div>
            </LegalSection>
            <LegalSection id="como-funciona" title="Cómo funciona un sorteo">
              <ol className="space-y-4">
                {STEPS.map((step, index) => (
                  <li key={step.title} className="flex gap-4">
                    <span
                      aria-hidden="true"
                      className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white"
                    >
                      {index + 1}
                    </span>
                    <div className="space-y-1">
                      <h3 className="font-bold text-ink">{step.title}</h3>
                      <p>{step.text}</p>
                    </div>
                  </li>
                ))}
              </ol>
              <p className="text-sm text-muted">
                Los sorteos anteriores a este sistema usaban una semilla secreta con compromiso publicado
                (versión 1 del algoritmo); siguen publicados y se verifican con su propio método.
              </p>
            </LegalSection>
            <LegalSection id="verifica" title="Qué puedes verificar tú mismo">
              <ul className="list-none! space-y-2 pl-0!">
                {CHECKS.map((check) => (
                  <li key={check} className="flex gap-2">
                    <CheckCircleIcon className="mt-1 shrink-0 text-success-600" />
                    <span>{check}</span>
                  </li>
                ))}
              </ul>
              <div className="flex flex-wrap gap-3 pt-1">
                <Link to={paths.ticketVerifier} className={buttonClasses({ variant: "outline" })}>
                  Verificar Boleto
                </Link>
                <Link to={paths.winners} className={buttonClasses({ variant: "outline" })}>
                  Ver Ganadores
                </Link>
              </div>
            </LegalSection>
          </CardContent>
        </Card>

        <section aria-labelledby="sorteos-realizados" className="space-y-4">
          <div className="flex items-center gap-3">
            <span className="flex size-10 items-center justify-center rounded-full bg-brand-100 text-xl text-brand-700">
              <ShieldIcon />
            </span>
            <div>
              <h2 id="sorteos-realizados" className="text-xl font-bold text-ink">
                Sorteos realizados
              </h2>
              <p className="text-sm text-muted">
                Cada sorteo realizado en la plataforma con su acta y sus ganadores. Pulsa Verificar para
                comprobarlo completo aquí mismo, en tu navegador.
              </p>
            </div>
          </div>
          <DrawRecords />
        </section>

        <section aria-labelledby="historial-ganadores" className="space-y-4">
          <div className="flex items-center gap-3">
            <span className="flex size-10 items-center justify-center rounded-full bg-brand-100 text-xl text-brand-700">
              <CheckCircleIcon />
            </span>
            <div>
              <h2 id="historial-ganadores" className="text-xl font-bold text-ink">
                Historial de ganadores
              </h2>
              <p className="text-sm text-muted">
                Rifas finalizadas con sus ganadores y cómo se decidieron. Las que tienen acta enlazan a su
                verificación; las anunciadas por el organizador lo indican.
              </p>
            </div>
          </div>
          <WinnersHistory filters={EMPTY_FILTERS} headingLevel={3} />
        </section>
      </div>
    </Page>
  );
}
