import { RAFFLE_STATE_WORDS } from "@rifazo/shared/domain/glossary";
import {
  parseVerifierNumbers,
  VERIFIER_NUMBERS_PARAM,
  VERIFIER_RAFFLE_PARAM,
} from "@rifazo/shared/domain/receipt";
import { parseTicketInput, sanitizeTicketInput } from "@rifazo/shared/domain/tickets";
import { type UseQueryResult, useQuery } from "@tanstack/react-query";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { Page } from "../components/layout/page";
import { Alert } from "../components/ui/alert";
import { Button, buttonClasses } from "../components/ui/button";
import { CheckCircleIcon, SearchIcon, TicketIcon, TrophyIcon } from "../components/ui/icons";
import { Input } from "../components/ui/input";
import {
  type CheckableRaffle,
  drawsQuery,
  ReceiptCheckForm,
  type TicketVerificationResponse,
  ticketVerificationQuery,
  VERIFIER_KEPT_PARAMS,
  VERIFIER_NUMBER_PARAM,
  VERIFIER_PAGE_PARAM,
  verifierHeadline,
  verifierPage,
  verifierSearch,
} from "../features/draws";
import { raffleListQuery } from "../features/raffles";
import { errorMessage } from "../lib/api-client";
import { formatDate, formatNumber } from "../lib/format";
import type { PrefetchPage } from "../lib/page-data";
import { CHECKPOINT_PARAM, paths } from "../lib/paths";
import { useValueBeforeHydration } from "../lib/use-value-before-hydration";

/** One raffle holding the number: its state for this ticket, its owner and prize, and its draw. */
function MatchCard({ m }: { m: TicketVerificationResponse["matches"][number] }) {
  return (
    <li className="rounded-card border border-line bg-surface p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <Link to={paths.raffle(m.raffleId)} className="font-bold text-ink hover:underline">
            {m.raffleTitle}
          </Link>
          <p className="text-sm text-muted">
            {/* Each raffle shows the number in its own digits ("07" of 100, "0007" of 10 000). */}
            Número <span className="font-mono font-bold tracking-widest">{m.ticketNumber}</span> ·{" "}
            {(RAFFLE_STATE_WORDS as Record<string, string>)[m.raffleStatus] ?? m.raffleStatus}
          </p>
        </div>
        {m.isWinner ? (
          <span className="inline-flex items-center gap-1 rounded-pill bg-accent-300 px-3 py-1 text-xs font-bold text-brand-950">
            <TrophyIcon /> Ganador
          </span>
        ) : m.refunded ? (
          <span className="rounded-pill bg-canvas px-3 py-1 text-xs font-bold text-muted ring-1 ring-line">
            Reembolsado · anulado
          </span>
        ) : m.sold ? (
          <span className="inline-flex items-center gap-1 rounded-pill bg-brand-100 px-3 py-1 text-xs font-bold text-brand-900">
            <CheckCircleIcon /> {m.raffleStatus === "finished" ? "Vendido, no ganó" : "Vendido"}
          </span>
        ) : (
          <span className="rounded-pill bg-canvas px-3 py-1 text-xs font-bold text-muted">Disponible</span>
        )}
      </div>
      <dl className="mt-3 grid gap-1 text-sm sm:grid-cols-3">
        {m.ownerName ? (
          <div>
            <dt className="text-muted">Titular</dt>
            <dd className="font-semibold text-ink">
              {m.ownerName}
              {m.mine ? " (tu boleto)" : ""}
            </dd>
          </div>
        ) : null}
        {m.prize ? (
          <div>
            <dt className="text-muted">Premio</dt>
            <dd className="font-semibold text-ink">{m.prize}</dd>
          </div>
        ) : null}
        <div>
          <dt className="text-muted">Fecha del sorteo</dt>
          <dd className="font-semibold text-ink">{m.drawDate ? formatDate(m.drawDate) : "Por anunciar"}</dd>
        </div>
      </dl>
      {m.isWinner ? (
        <Link
          to={paths.draw(m.raffleId)}
          className="mt-2 inline-block text-sm font-semibold text-brand-700 hover:underline"
        >
          Ver el sorteo y su verificación
        </Link>
      ) : null}
    </li>
  );
}

function ResultView({ data, raffleId }: { data: TicketVerificationResponse; raffleId: string | null }) {
  const headline = verifierHeadline(data);
  return (
    <div className="space-y-4">
      <Alert variant={headline.variant} title={headline.title}>
        {headline.text}
        {data.result === "not_sold" ? (
          <>
            {" "}
            <Link to={paths.raffles} className="font-semibold underline">
              ¡Aún puedes participar!
            </Link>
          </>
        ) : null}
      </Alert>
      {data.matches.length === 0 ? null : (
        <ul className="space-y-3" aria-label="Rifas con este boleto">
          {/* Opened from a receipt (?rifa=): that raffle's card comes first. */}
          {[...data.matches]
            .sort((a, b) => Number(b.raffleId === raffleId) - Number(a.raffleId === raffleId))
            .map((m) => (
              <MatchCard key={m.raffleId} m={m} />
            ))}
        </ul>
      )}
      <PageLinks data={data} />
    </div>
  );
}

/** "Rifas 21 a 40 de 57": every raffle holding the number is reachable, however old its draw. */
function PageLinks({ data }: { data: TicketVerificationResponse }) {
  const [searchParams] = useSearchParams();
  if (data.total <= data.pageSize && data.page === 1) return null;
  const first = (data.page - 1) * data.pageSize + 1;
  const last = first + data.matches.length - 1;
  const link = (page: number) => {
    const next = new URLSearchParams(searchParams);
    if (page > 1) next.set(VERIFIER_PAGE_PARAM, String(page));
    else next.delete(VERIFIER_PAGE_PARAM);
    return `?${next.toString()}`;
  };
  return (
    <nav
      aria-label="Más rifas con este boleto"
      className="flex flex-wrap items-center justify-between gap-3 text-sm"
    >
      <p className="text-muted">
        {data.matches.length > 0
          ? `Rifas ${formatNumber(first)} a ${formatNumber(last)} de ${formatNumber(data.total)} con este número; las ganadoras primero.`
          : `Esta página no tiene rifas; hay ${formatNumber(data.total)} con este número.`}
      </p>
      <div className="flex gap-2">
        {data.page > 1 ? (
          <Link to={link(data.page - 1)} className={buttonClasses({ variant: "outline", size: "sm" })}>
            Anteriores
          </Link>
        ) : null}
        {last < data.total ? (
          <Link to={link(data.page + 1)} className={buttonClasses({ variant: "outline", size: "sm" })}>
            Ver más rifas
          </Link>
        ) : null}
      </div>
    </nav>
  );
}

/**
 * Raffles a receipt can be checked against: those with a frozen list in their record (frozen, or drawn
 * with a record, as the published list of draws says; a v1 draw has no owner tags).
 */
function ReceiptCheck() {
  const [searchParams] = useSearchParams();
  const list = useQuery(raffleListQuery("all", ""));
  const draws = useQuery(drawsQuery);
  const recorded = new Set((draws.data ?? []).filter((d) => d.recordUrl).map((d) => d.raffleId));
  const raffles: CheckableRaffle[] = (list.data ?? [])
    .filter((r) => r.status === "frozen" || (r.status === "finished" && recorded.has(r.id)))
    .map((r) => ({ id: r.id, title: r.title }));
  const wanted = searchParams.get("rifa") ?? "";
  return (
    <ReceiptCheckForm
      raffles={raffles}
      defaultRaffleId={raffles.some((r) => r.id === wanted) ? wanted : ""}
      loading={list.isPending || draws.isPending}
    />
  );
}

/**
 * Rendered on the server with the answer for the number in the URL (?numero=0123), if any, and the
 * raffles a receipt can be checked against (else the server would say there are none).
 */
export const prefetchPage: PrefetchPage = ({ queryClient, searchParams }) => {
  const parsed = parseTicketInput(checkedNumber(searchParams) ?? "");
  return Promise.all([
    parsed.ok
      ? queryClient.prefetchQuery(
          ticketVerificationQuery(parsed.display, {
            raffleId: searchParams.get(VERIFIER_RAFFLE_PARAM),
            page: verifierPage(searchParams),
          }),
        )
      : undefined,
    queryClient.prefetchQuery(raffleListQuery("all", "")),
    queryClient.prefetchQuery(drawsQuery),
  ]);
};

/** The number the URL asks to check: ?numero=, else the first of a receipt's ?numeros=. */
function checkedNumber(searchParams: URLSearchParams): string | null {
  return (
    searchParams.get(VERIFIER_NUMBER_PARAM) ??
    parseVerifierNumbers(searchParams.get(VERIFIER_NUMBERS_PARAM))[0] ??
    null
  );
}

/** The receipt's QR link carries its record checkpoint: one tap checks it against the published record. */
function CheckpointLink({ searchParams }: { searchParams: URLSearchParams }) {
  const raffleId = searchParams.get(VERIFIER_RAFFLE_PARAM);
  const checkpoint = searchParams.get(CHECKPOINT_PARAM);
  if (!raffleId || !checkpoint) return null;
  return (
    <Link
      to={`${paths.drawRecord(raffleId)}?${CHECKPOINT_PARAM}=${encodeURIComponent(checkpoint)}`}
      className="inline-block text-sm font-semibold text-brand-700 hover:underline"
    >
      Comprobar el acta con el punto de control de tu recibo
    </Link>
  );
}

/** A receipt's other numbers, each a link that checks it. */
function ReceiptNumbers({
  numbers,
  checked,
  searchParams,
}: {
  numbers: readonly string[];
  checked: string | null;
  searchParams: URLSearchParams;
}) {
  if (numbers.length <= 1) return null;
  return (
    <nav aria-label="Números de tu recibo" className="flex flex-wrap items-center gap-2">
      <span className="text-sm text-muted">Números de tu recibo:</span>
      {numbers.map((n) => (
        <Link
          key={n}
          to={{ search: verifierSearch(searchParams, n) }}
          aria-current={n === checked ? "page" : undefined}
          className={buttonClasses({
            size: "sm",
            variant: n === checked ? "secondary" : "outline",
            className: "font-mono",
          })}
        >
          {n}
        </Link>
      ))}
    </nav>
  );
}

/** What the check found: a malformed number, a failed request, or the answer. */
function VerifierOutcome({
  parsed,
  verification,
  raffleId,
}: {
  parsed: ReturnType<typeof parseTicketInput> | null;
  verification: UseQueryResult<TicketVerificationResponse>;
  raffleId: string | null;
}) {
  return (
    <div aria-live="polite">
      {parsed && !parsed.ok ? (
        <Alert variant="danger" title="Formato Inválido">
          {parsed.message}
        </Alert>
      ) : null}
      {verification.isError && !verification.data ? (
        <Alert variant="danger" title="Error de Verificación">
          {errorMessage(verification.error)}
        </Alert>
      ) : null}
      {verification.data ? <ResultView data={verification.data} raffleId={raffleId} /> : null}
    </div>
  );
}

/**
 * The URL's parameters a new check keeps (a receipt's raffle, numbers and checkpoint), sent along by the
 * GET form.
 */
function KeptParams({ searchParams }: { searchParams: URLSearchParams }) {
  return VERIFIER_KEPT_PARAMS.map((name) => {
    const kept = searchParams.get(name);
    return kept ? <input key={name} type="hidden" name={name} value={kept} /> : null;
  });
}

/** The number box: starts from the URL's number, and follows it. */
function useNumberBox(asked: string | null, checked: string | null) {
  const [value, setValue] = useState(checked ?? sanitizeTicketInput(asked ?? ""));
  const inputRef = useRef<HTMLInputElement>(null);
  // A number typed on the server-rendered page before its code ran is kept (and cleaned like any other).
  useValueBeforeHydration(inputRef, value, (typed) => setValue(sanitizeTicketInput(typed)));
  // The box follows the URL when it changes from outside (back button, a receipt number's link).
  useEffect(() => {
    if (checked) setValue(checked);
  }, [checked]);
  return { value, setValue, inputRef };
}

/**
 * The verifier is a GET form and its answer follows the URL (decision 0018): without the page's code,
 * submitting reloads /verificar-boleto?numero=0123 and the server renders the answer; with it, the same
 * submit navigates in the page. A receipt's QR link (?rifa=&numeros=0001,0042) checks its first number
 * and links the others.
 */
export function TicketVerifierPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const receiptNumbers = parseVerifierNumbers(searchParams.get(VERIFIER_NUMBERS_PARAM));
  const asked = checkedNumber(searchParams);
  const parsed = asked === null ? null : parseTicketInput(asked);
  const checked = parsed?.ok ? parsed.display : null;
  const { value, setValue, inputRef } = useNumberBox(asked, checked);

  const page = verifierPage(searchParams);
  const verification = useQuery({
    ...ticketVerificationQuery(checked ?? "", { raffleId: searchParams.get(VERIFIER_RAFFLE_PARAM), page }),
    enabled: checked !== null,
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // The same GET the browser would make without the code, as a navigation inside the page.
    event.preventDefault();
    const typed = parseTicketInput(value);
    const number = typed.ok ? typed.display : value;
    if (typed.ok && number === checked) void verification.refetch();
    else navigate({ search: verifierSearch(searchParams, number) });
  }

  return (
    <Page
      title="Verificar Boleto"
      eyebrow="Verificador"
      description="Ingresa tu número de boleto y descubre si resultó ganador."
    >
      <div className="mx-auto max-w-2xl space-y-6">
        <form
          method="get"
          action={paths.ticketVerifier}
          onSubmit={onSubmit}
          aria-label="Verificar un boleto"
          className="rounded-card border border-line bg-surface p-5 shadow-card sm:p-6"
          noValidate
        >
          <KeptParams searchParams={searchParams} />
          <label htmlFor="ticket-number" className="mb-2 flex items-center gap-2 font-bold text-ink">
            <TicketIcon className="text-brand-700" /> Número de boleto
          </label>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Input
              ref={inputRef}
              id="ticket-number"
              name={VERIFIER_NUMBER_PARAM}
              inputMode="numeric"
              autoComplete="off"
              placeholder="0123"
              maxLength={4}
              value={value}
              onChange={(e) => setValue(sanitizeTicketInput(e.target.value))}
              aria-describedby="ticket-help"
              className="font-mono text-lg tracking-widest sm:max-w-48"
            />
            <Button type="submit" size="lg" loading={verification.isFetching} loadingText="Verificando...">
              <SearchIcon /> Verificar
            </Button>
          </div>
          <p id="ticket-help" className="mt-2 text-sm text-muted">
            Solo dígitos, hasta 4. Cada rifa lo muestra con sus cifras: el 7 es 07 en una rifa de 100 boletos
            y 0007 en una de 10.000.
          </p>
        </form>
        <ReceiptNumbers numbers={receiptNumbers} checked={checked} searchParams={searchParams} />
        <CheckpointLink searchParams={searchParams} />
        <VerifierOutcome
          parsed={parsed}
          verification={verification}
          raffleId={searchParams.get(VERIFIER_RAFFLE_PARAM)}
        />
        <ReceiptCheck />
      </div>
    </Page>
  );
}
