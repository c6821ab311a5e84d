import { Link } from "react-router";
import { Page } from "../components/layout/page";
import { buttonClasses } from "../components/ui/button";
import { Card, CardContent } from "../components/ui/card";
import { CheckCircleIcon, ShieldIcon } from "../components/ui/icons";
import { LegalSection, useHashScroll } from "../features/content";
import { DrawRecords, drawsQuery } from "../features/draws";
import { EMPTY_FILTERS, WinnersHistory, winnersQueryOptions } from "../features/winners";
import type { PrefetchPage } from "../lib/page-data";
import { paths } from "../lib/paths";

const code = "rounded bg-brand-50 px-1 py-0.5 font-mono text-[0.85em] text-brand-900";

const STEPS = [
  {
    title: "Compromiso antes de cerrar las ventas",
    text: (
      <>
        Generamos una semilla secreta de 32 bytes al azar y publicamos en la página del sorteo su huella{" "}
        <span className={code}>SHA-256</span>, el <em>compromiso</em>. Lo hacemos antes de que cierren las
        ventas: a partir de ese momento la semilla ya no se puede cambiar sin que se note.
      </>
    ),
  },
  {
    title: "Lista de boletos congelada",
    text: (
      <>
        Al sortear congelamos la lista de boletos vendidos (números de 4 dígitos en orden ascendente,
        separados por comas) y publicamos su huella SHA-256. Así nadie puede agregar ni quitar boletos
        después.
      </>
    ),
  },
  {
    title: "Ganadores derivados con HMAC-SHA256",
    text: (
      <>
        Cada ganador se obtiene calculando <span className={code}>HMAC-SHA256</span> con la semilla como clave
        sobre el id de la rifa, la huella de la lista, un valor público opcional (por ejemplo, un resultado de
        lotería anunciado después), el nivel del premio, el número de selección y un contador. El resultado se
        convierte en una posición de la lista de boletos.
      </>
    ),
  },
  {
    title: "Sin sesgo: muestreo por rechazo",
    text: (
      <>
        Si el número obtenido cae en la franja que favorecería a algunos boletos, se descarta y se calcula
        otro con el contador siguiente. Así cada boleto tiene exactamente la misma probabilidad, y un boleto
        ganador se retira de la lista para que no gane dos veces.
      </>
    ),
  },
  {
    title: "Transcripción pública",
    text: (
      <>
        Tras el sorteo publicamos la transcripción completa: semilla revelada, compromiso, lista de boletos,
        su huella, valor público, niveles de premio, ganadores y versión del algoritmo. Cualquier persona
        puede recalcularla y obtener los mismos ganadores.
      </>
    ),
  },
];

const CHECKS = [
  "Que la huella SHA-256 de la semilla revelada sea igual al compromiso publicado antes del sorteo.",
  "Que la huella de la lista de boletos corresponda a los boletos vendidos.",
  "Que, al repetir el cálculo, salgan los mismos ganadores en el mismo orden.",
  "Que tu propio número esté en la lista, desde Verificar Boleto.",
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
                En Rifazo el resultado de un sorteo no depende de nadie del equipo. Fijamos el azar antes de
                que cierren las ventas, lo publicamos de forma que no se pueda cambiar y, al terminar,
                mostramos todos los datos para que cualquiera repita el cálculo. Si alguien alterara un
                sorteo, la verificación lo dejaría en evidencia.
              </p>
            </LegalSection>
            <LegalSection id="como-funciona" title="Cómo probamos cada sorteo">
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
                Cada sorteo realizado en la plataforma con su compromiso, la semilla revelada y sus ganadores.
                Pulsa Verificar para recalcularlo aquí mismo, en tu navegador.
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
                Rifas finalizadas con sus ganadores. Cada una enlaza a su página de verificación.
              </p>
            </div>
          </div>
          <WinnersHistory filters={EMPTY_FILTERS} headingLevel={3} />
        </section>
      </div>
    </Page>
  );
}
