import { CLAIM_PERIOD_MESSAGES } from "@rifazo/shared/domain/claim-period";
import type { DrawTrustLevel } from "@rifazo/shared/domain/draw-trust";
import {
  claimText,
  FAIRNESS_HEADINGS,
  FAIRNESS_TEXTS,
  type FairnessClaimId,
} from "@rifazo/shared/fairness-texts";
import type { ReactNode } from "react";
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

/** Each step's text is a claim of the register (fairness-claims.ts), with the tests that prove it. */
const STEPS: Array<{ title: string; text: string }> = [
  { title: "Reglas fijas desde la primera venta", text: claimText("stepRules") },
  {
    title: "Cierre y revisión de pagos",
    text: "Las ventas se cierran en la fecha indicada (o al agotarse los boletos). Los pagos enviados antes del cierre se siguen revisando durante la ventana de revisión de la rifa; los que quedan sin revisar al terminarla se rechazan con un aviso.",
  },
  { title: "Lista congelada", text: claimText("stepFrozen") },
  { title: "Una ronda de drand", text: claimText("stepRound") },
  {
    title: "Ganadores",
    text: [claimText("stepWinners"), claimText("blindReplacement"), claimText("recordChained")].join(" "),
  },
];

const GUARANTEED: FairnessClaimId[] = [
  "roundAfterFreeze",
  "nobodyTypesTheResult",
  "productionChain",
  "frozenList",
  "anyoneVerifies",
  "buyerChecksOwnTickets",
  "blindReplacement",
];

const NOT_GUARANTEED: Array<FairnessClaimId | string> = [
  "notRewrite",
  "notAnnounced",
  "notLottery",
  "notUnknownChain",
  "notReroll",
  "lateRoundWaits",
  "Antes de congelar la lista, el organizador decide qué pagos son válidos: aprueba o rechaza cada comprobante. La verificación no puede saber si un pago rechazado era real; si el tuyo fue rechazado sin razón, reclámalo antes del cierre de la revisión.",
  "Una rifa no puede impedir que una misma persona compre muchos boletos con varias cuentas, dentro del límite por comprador de cada cuenta.",
];

/** A register id becomes its claim; anything else is a plain statement of a limit (no fairness claim). */
const textOf = (item: FairnessClaimId | string) =>
  item in FAIRNESS_TEXTS ? claimText(item as FairnessClaimId) : item;

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

/** What anyone can check, with the ways to do it. */
function SelfChecks() {
  return (
    <>
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
    </>
  );
}

/** What the draw guarantees and what it does not, side by side. */
function Guarantees() {
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <div className="space-y-2">
        <h3 className="font-bold text-ink">{FAIRNESS_HEADINGS.holds}</h3>
        <ul className="list-none! space-y-2 pl-0!">
          {GUARANTEED.map((item) => (
            <li key={item} className="flex gap-2">
              <CheckCircleIcon className="mt-1 shrink-0 text-success-600" />
              <span>{claimText(item)}</span>
            </li>
          ))}
        </ul>
      </div>
      <div className="space-y-2">
        <h3 className="font-bold text-ink">{FAIRNESS_HEADINGS.doesNotHold}</h3>
        <ul className="list-none! space-y-2 pl-0!">
          {NOT_GUARANTEED.map((item) => (
            <li key={item} className="flex gap-2">
              <AlertTriangleIcon className="mt-1 shrink-0 text-warning-700" />
              <span>{textOf(item)}</span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/** The steps of a draw, numbered. */
function DrawSteps() {
  return (
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
  );
}

/** A public record below the explanation: its icon, title and what it shows, then the list itself. */
function RecordSection({
  id,
  icon,
  title,
  text,
  children,
}: {
  id: string;
  icon: ReactNode;
  title: string;
  text: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="space-y-4">
      <div className="flex items-center gap-3">
        <span className="flex size-10 items-center justify-center rounded-full bg-brand-100 text-xl text-brand-700">
          {icon}
        </span>
        <div>
          <h2 id={id} className="text-xl font-bold text-ink">
            {title}
          </h2>
          <p className="text-sm text-muted">{text}</p>
        </div>
      </div>
      {children}
    </section>
  );
}

export function TransparencyPage() {
  useHashScroll();
  return (
    <Page
      title="Transparencia de Sorteos"
      eyebrow="Confianza"
      description="Cómo se decide cada sorteo, qué puedes comprobar tú mismo y qué no."
    >
      <div className="space-y-8">
        <Card>
          <CardContent className="space-y-10">
            <LegalSection id="compromiso" title="Nuestro compromiso">
              <p>{claimText("commitment")}</p>
              <ul className="list-none! space-y-3 pl-0!">
                {TRUST_KINDS.map((level) => (
                  <li key={level}>
                    <DrawTrustNotice level={level} />
                  </li>
                ))}
              </ul>
            </LegalSection>
            <LegalSection id="garantias" title={FAIRNESS_HEADINGS.section}>
              <Guarantees />
            </LegalSection>
            <LegalSection id="como-funciona" title="Cómo funciona un sorteo">
              <DrawSteps />
              <p>
                <strong>Plazo para reclamar el premio.</strong> {CLAIM_PERIOD_MESSAGES.ruleInGeneral}
              </p>
              <p>
                Más sobre drand en{" "}
                <a href="https://drand.love" target="_blank" rel="noopener noreferrer" className="underline">
                  drand.love
                </a>
                .
              </p>
              <p className="text-sm text-muted">
                Los sorteos anteriores a este sistema usaban una semilla secreta con compromiso publicado
                (versión 1 del algoritmo); siguen publicados y se verifican con su propio método.
              </p>
            </LegalSection>
            <LegalSection id="verifica" title="Qué puedes verificar tú mismo">
              <SelfChecks />
            </LegalSection>
          </CardContent>
        </Card>

        <RecordSection
          id="sorteos-realizados"
          icon={<ShieldIcon />}
          title="Sorteos realizados"
          text="Cada sorteo realizado en la plataforma con su acta y sus ganadores. Pulsa Verificar para comprobarlo completo aquí mismo, en tu navegador."
        >
          <DrawRecords />
        </RecordSection>

        <RecordSection
          id="historial-ganadores"
          icon={<CheckCircleIcon />}
          title="Historial de ganadores"
          text="Rifas finalizadas con sus ganadores y cómo se decidieron. Las que tienen acta enlazan a su verificación; las anunciadas por el organizador lo indican."
        >
          <WinnersHistory filters={EMPTY_FILTERS} headingLevel={3} />
        </RecordSection>
      </div>
    </Page>
  );
}
