import { parseVerifierNumbers, VERIFIER_NUMBERS_PARAM } from "@rifazo/shared/domain/receipt";
import { parseTicketInput, sanitizeTicketInput } from "@rifazo/shared/domain/tickets";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Page } from "../components/layout/page";
import { Alert } from "../components/ui/alert";
import { Button } from "../components/ui/button";
import { CheckCircleIcon, SearchIcon, TicketIcon, TrophyIcon } from "../components/ui/icons";
import { Input } from "../components/ui/input";
import { toast } from "../components/ui/toast";
import {
  type CheckableRaffle,
  drawApi,
  drawsQuery,
  ReceiptCheckForm,
  type TicketVerificationResponse,
  verifierHeadline,
} from "../features/draws";
import { raffleListQuery } from "../features/raffles";
import { errorMessage } from "../lib/api-client";
import { formatDate } from "../lib/format";
import type { PrefetchPage } from "../lib/page-data";
import { paths } from "../lib/paths";
import { useHydrated } from "../lib/use-hydrated";
import { useValueBeforeHydration } from "../lib/use-value-before-hydration";

type Outcome =
  | { kind: "idle" }
  | { kind: "invalid"; message: string }
  | { kind: "error"; message: string }
  | { kind: "result"; data: TicketVerificationResponse };

// The verifier lists active, closed, frozen and recently finished raffles (lifecycle, issue 15).
const STATUS_LABELS: Record<string, string> = {
  active: "Activa",
  closed: "Cerrada: revisando pagos",
  frozen: "Lista congelada: esperando el sorteo",
  finished: "Finalizada",
};

function ResultView({ data, raffleId }: { data: TicketVerificationResponse; raffleId: string | null }) {
  if (data.result === "not_found") {
    return (
      <Alert variant="warning" title="Boleto no Encontrado">
        El boleto {data.ticketNumber} no existe en ninguna rifa activa o finalizada recientemente.
      </Alert>
    );
  }
  if (data.result === "not_sold") {
    return (
      <Alert variant="info" title="Boleto no Vendido">
        El boleto {data.ticketNumber} todavía no ha sido vendido.{" "}
        <Link to={paths.raffles} className="font-semibold underline">
          ¡Aún puedes participar!
        </Link>
      </Alert>
    );
  }
  const headline = verifierHeadline(data);
  return (
    <div className="space-y-4">
      <Alert variant={headline.variant} title={headline.title}>
        {headline.text}
      </Alert>
      <ul className="space-y-3" aria-label="Rifas con este boleto">
        {/* Opened from a receipt (?rifa=): that raffle's card comes first. */}
        {[...data.matches]
          .sort((a, b) => Number(b.raffleId === raffleId) - Number(a.raffleId === raffleId))
          .map((m) => (
            <li key={m.raffleId} className="rounded-card border border-line bg-surface p-4 shadow-sm">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <Link to={paths.raffle(m.raffleId)} className="font-bold text-ink hover:underline">
                    {m.raffleTitle}
                  </Link>
                  <p className="text-sm text-muted">{STATUS_LABELS[m.raffleStatus] ?? m.raffleStatus}</p>
                </div>
                {m.isWinner ? (
                  <span className="inline-flex items-center gap-1 rounded-pill bg-accent-300 px-3 py-1 text-xs font-bold text-brand-950">
                    <TrophyIcon /> Ganador
                  </span>
                ) : m.sold ? (
                  <span className="inline-flex items-center gap-1 rounded-pill bg-brand-100 px-3 py-1 text-xs font-bold text-brand-900">
                    <CheckCircleIcon /> {m.raffleStatus === "finished" ? "Vendido, no ganó" : "Vendido"}
                  </span>
                ) : (
                  <span className="rounded-pill bg-canvas px-3 py-1 text-xs font-bold text-muted">
                    Disponible
                  </span>
                )}
              </div>
              <dl className="mt-3 grid gap-1 text-sm sm:grid-cols-3">
                {m.ownerName ? (
                  <div>
                    <dt className="text-muted">Titular</dt>
                    <dd className="font-semibold text-ink">{m.ownerName}</dd>
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
                  <dd className="font-semibold text-ink">
                    {m.drawDate ? formatDate(m.drawDate) : "Por anunciar"}
                  </dd>
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
          ))}
      </ul>
    </div>
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
    />
  );
}

/** The form alone: rendered on the server, with no data to fetch (the check runs when asked). */
export const prefetchPage: PrefetchPage = async () => undefined;

export function TicketVerifierPage() {
  const [searchParams] = useSearchParams();
  // A receipt's QR code opens this page with its numbers (?rifa=&numeros=0001,0042): the first is
  // checked at once, the others are one tap away.
  const receiptNumbers = parseVerifierNumbers(searchParams.get(VERIFIER_NUMBERS_PARAM));
  const [value, setValue] = useState(receiptNumbers[0] ?? "");
  const [outcome, setOutcome] = useState<Outcome>({ kind: "idle" });
  const [pending, setPending] = useState(false);
  const hydrated = useHydrated();
  const inputRef = useRef<HTMLInputElement>(null);
  // A number typed on the server-rendered page before its code ran is kept (and cleaned like any other).
  useValueBeforeHydration(inputRef, value, (typed) => setValue(sanitizeTicketInput(typed)));

  const firstReceiptNumber = receiptNumbers[0];
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per receipt link, after hydration.
  useEffect(() => {
    if (hydrated && firstReceiptNumber) void verify(firstReceiptNumber);
  }, [hydrated, firstReceiptNumber]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    await verify(value);
  }

  async function verify(input: string) {
    const parsed = parseTicketInput(input);
    if (!parsed.ok) {
      setOutcome({ kind: "invalid", message: parsed.message });
      toast({ title: "Formato Inválido", description: parsed.message, variant: "error" });
      return;
    }
    setValue(parsed.display);
    setPending(true);
    try {
      setOutcome({ kind: "result", data: await drawApi.verifyTicket(parsed.display) });
    } catch (error) {
      const message = errorMessage(error);
      setOutcome({ kind: "error", message });
      toast({ title: "Error de Verificación", description: message, variant: "error" });
    } finally {
      setPending(false);
    }
  }

  return (
    <Page
      title="Verificar Boleto"
      eyebrow="Verificador"
      description="Ingresa tu número de boleto de 4 dígitos y descubre si resultó ganador."
    >
      <div className="mx-auto max-w-2xl space-y-6">
        <form
          onSubmit={onSubmit}
          className="rounded-card border border-line bg-surface p-5 shadow-card sm:p-6"
          noValidate
        >
          <label htmlFor="ticket-number" className="mb-2 flex items-center gap-2 font-bold text-ink">
            <TicketIcon className="text-brand-700" /> Número de boleto
          </label>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Input
              ref={inputRef}
              id="ticket-number"
              inputMode="numeric"
              autoComplete="off"
              placeholder="0123"
              maxLength={4}
              value={value}
              onChange={(e) => setValue(sanitizeTicketInput(e.target.value))}
              aria-describedby="ticket-help"
              className="font-mono text-lg tracking-widest sm:max-w-48"
            />
            {/* Checking needs the code: until it runs, the button (and so Enter) does nothing. */}
            <Button
              type="submit"
              size="lg"
              disabled={!hydrated}
              loading={pending}
              loadingText="Verificando..."
            >
              <SearchIcon /> Verificar
            </Button>
          </div>
          <p id="ticket-help" className="mt-2 text-sm text-muted">
            Solo dígitos; si tu boleto tiene menos de 4 se completa con ceros (7 → 0007).
          </p>
        </form>
        {receiptNumbers.length > 1 ? (
          <nav aria-label="Números de tu recibo" className="flex flex-wrap items-center gap-2">
            <span className="text-sm text-muted">Números de tu recibo:</span>
            {receiptNumbers.map((n) => (
              <Button
                key={n}
                type="button"
                size="sm"
                variant={n === value ? "secondary" : "outline"}
                disabled={!hydrated || pending}
                onClick={() => void verify(n)}
                className="font-mono"
              >
                {n}
              </Button>
            ))}
          </nav>
        ) : null}
        <div aria-live="polite">
          {outcome.kind === "invalid" ? (
            <Alert variant="danger" title="Formato Inválido">
              {outcome.message}
            </Alert>
          ) : null}
          {outcome.kind === "error" ? (
            <Alert variant="danger" title="Error de Verificación">
              {outcome.message}
            </Alert>
          ) : null}
          {outcome.kind === "result" ? (
            <ResultView data={outcome.data} raffleId={searchParams.get("rifa")} />
          ) : null}
        </div>
        <ReceiptCheck />
      </div>
    </Page>
  );
}
