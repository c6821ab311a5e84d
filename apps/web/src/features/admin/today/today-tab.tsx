import { countText, pluralWord } from "@rifazo/shared/domain/plural";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Badge } from "../../../components/ui/badge";
import { buttonClasses } from "../../../components/ui/button";
import { formatDateTime, formatMoney, formatNumber, sentence, timeWithArticle } from "../../../lib/format";
import { paths } from "../../../lib/paths";
import { type AdminToday, fetchToday, todayKey } from "../api/today-api";
import { adminTabHref } from "../dashboard/admin-tabs";
import { LoadError, LoadingList } from "../shared/load-states";
import { SectionCard } from "../shared/section-card";
import { greeting, WhatsappLink } from "../shared/whatsapp-link";
import { BackgroundJobs } from "./background-jobs";
import { PrizesCard } from "./prizes-card";
import { SalesPerDay } from "./sales-per-day";

/** Often enough that a reservation's last minutes are seen; the inbox has its own live count. */
const REFRESH_MS = 60_000;

const REFUNDS_HREF = adminTabHref(paths.admin, "refunds");

/**
 * The first screen of the panel: what needs the organiser today. Each count links to where it is
 * handled; every figure is text (the bars are decoration), so it reads the same with a screen reader.
 */
export function TodayTab() {
  const today = useQuery({
    queryKey: todayKey(),
    queryFn: ({ signal }) => fetchToday(signal),
    refetchInterval: REFRESH_MS,
  });

  if (today.isPending) {
    return (
      <LoadingList
        label="Cargando el resumen de hoy..."
        count={4}
        className="grid gap-4 sm:grid-cols-2"
        itemClassName="h-28"
      />
    );
  }
  if (today.isError) {
    return <LoadError onRetry={() => today.refetch()}>No se pudo cargar el resumen de hoy.</LoadError>;
  }
  const data = today.data;
  return (
    <div className="space-y-6">
      <LateDraws draws={data.lateDraws} />
      <AwaitingDecision raffles={data.awaitingDecision} />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <CountCard
          title="Comprobantes por revisar"
          count={data.pendingProofs.count}
          href={adminTabHref(paths.admin, "payments")}
          linkText="Ir a Comprobantes"
        >
          {data.pendingProofs.oldestAt
            ? sentence(`El más antiguo llegó el ${formatDateTime(data.pendingProofs.oldestAt)}`)
            : "Nada pendiente."}
        </CountCard>
        <CountCard
          title="Reembolsos por pagar"
          count={data.refundsToPay.count}
          href={REFUNDS_HREF}
          linkText="Ir a Reembolsos"
        >
          {data.refundsToPay.count > 0
            ? `${formatMoney(data.refundsToPay.totalUsd, "USD")} y ${formatMoney(data.refundsToPay.totalVes, "VES")}, según la moneda en que pagó cada comprador.`
            : "Ninguno pendiente."}
        </CountCard>
        <CountCard title="Rifas que cierran en 24 horas" count={data.closingRaffles.length}>
          {data.closingRaffles.length > 0 ? "Detalle abajo." : "Ninguna cierra hoy."}
        </CountCard>
      </div>

      <PrizesCard prizes={data.prizes} />
      <ClosingRaffles raffles={data.closingRaffles} />
      <ExpiringReservations reservations={data.expiringReservations} />
      <SalesPerDay days={data.salesPerDay} />
      <BackgroundJobs jobs={data.backgroundJobs} />
    </div>
  );
}

/**
 * Draws whose drand round is past its time and still not drawn (domain/draw-round-late.ts): first on the
 * screen, with the way out. Nothing when there is none.
 */
function LateDraws({ draws }: { draws: AdminToday["lateDraws"] }) {
  if (draws.length === 0) return null;
  return (
    <section
      aria-labelledby="late-draws-title"
      className="space-y-3 rounded-card border border-warning-700/25 bg-warning-50 p-4"
    >
      <h2 id="late-draws-title" className="font-bold text-warning-700">
        {draws.length === 1
          ? "1 sorteo espera su ronda de drand"
          : `${draws.length} sorteos esperan su ronda de drand`}
      </h2>
      <p className="text-sm text-ink/85">
        El servidor no ha podido obtener la ronda de ningún relay. Revisa que tenga salida a internet y que
        DRAND_RELAYS responda (el estado de cada relay está en /api/health), o copia la ronda y su firma de un
        relay público y pégala en «Pegar beacon» de la rifa: se verifica igual que si llegara sola.
      </p>
      <ul className="space-y-2">
        {draws.map((draw) => (
          <li key={draw.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <span>
              <span className="font-semibold text-ink">{draw.title}</span>: ronda {draw.round}, disponible
              desde el {formatDateTime(draw.roundAt)}
            </span>
            <Link
              to={paths.adminRaffle(draw.id)}
              className={buttonClasses({ variant: "outline", size: "sm" })}
            >
              Pegar beacon
              <span className="sr-only"> de {draw.title}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Raffles that closed below their minimum: nothing happens until the organiser extends the date or
 * cancels with refunds. The decision is taken on the raffle's page (its "Mínimo, prórrogas y archivo"
 * card), where the same rules apply as anywhere else. Nothing when there is none.
 */
function AwaitingDecision({ raffles }: { raffles: AdminToday["awaitingDecision"] }) {
  if (raffles.length === 0) return null;
  const heading = `${countText(raffles.length, "rifa", "rifas")} ${pluralWord(
    raffles.length,
    "no alcanzó su mínimo y espera",
    "no alcanzaron su mínimo y esperan",
  )} tu decisión`;
  return (
    <section
      aria-labelledby="awaiting-decision-title"
      className="space-y-3 rounded-card border border-warning-700/25 bg-warning-50 p-4"
    >
      <h2 id="awaiting-decision-title" className="font-bold text-warning-700">
        {heading}
      </h2>
      <p className="text-sm text-ink/85">
        Cerraron sin vender los boletos necesarios para sortear. Puedes extender la fecha de cierre (las
        ventas se reabren) o cancelar la rifa con reembolsos para cada compra aprobada.
      </p>
      <ul className="divide-y divide-warning-700/15" aria-label="Rifas que esperan tu decisión">
        {raffles.map((raffle) => (
          <li key={raffle.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
            <div className="min-w-0 space-y-0.5">
              <p className="font-semibold text-ink">{raffle.title}</p>
              <p className="text-ink/85">
                {formatNumber(raffle.soldTickets)} de {countText(raffle.minTickets, "boleto", "boletos")}{" "}
                vendidos (mínimo para sortear)
                {raffle.closedAt ? ` · espera desde el ${formatDateTime(raffle.closedAt)}` : ""}
              </p>
              <p className="text-muted">
                {raffle.extendable
                  ? `Prórrogas usadas: ${raffle.extensionsUsed} de ${raffle.maxExtensions}.`
                  : "Ya no se puede prorrogar: solo queda cancelarla con reembolsos."}
              </p>
            </div>
            <Link
              to={paths.adminRaffle(raffle.id)}
              className={buttonClasses({ variant: "outline", size: "sm" })}
            >
              {raffle.extendable ? "Extender o cancelar" : "Cancelar con reembolsos"}
              <span className="sr-only"> {raffle.title}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function CountCard({
  title,
  count,
  href,
  linkText,
  children,
}: {
  title: string;
  count: number;
  href?: string;
  linkText?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-label={title}
      className="flex flex-col gap-2 rounded-card border border-line bg-surface p-4 shadow-card"
    >
      <h2 className="text-sm font-semibold text-muted">{title}</h2>
      {/* The figure and what it counts are one sentence, not a big paragraph posing as a heading. */}
      <p className="flex flex-col gap-2">
        <span className="text-3xl font-extrabold tabular-nums text-brand-900">{formatNumber(count)}</span>
        <span className="text-sm text-muted">{children}</span>
      </p>
      {href && linkText ? (
        <Link
          to={href}
          className={buttonClasses({ variant: "outline", size: "sm", className: "mt-auto self-start" })}
        >
          {linkText}
        </Link>
      ) : null}
    </section>
  );
}

function ClosingRaffles({ raffles }: { raffles: AdminToday["closingRaffles"] }) {
  if (raffles.length === 0) return null;
  return (
    <SectionCard title="Rifas que cierran en las próximas 24 horas" headingLevel="h2">
      <ul className="divide-y divide-line" aria-label="Rifas que cierran pronto">
        {raffles.map((raffle) => {
          const missing =
            raffle.minTickets === null ? 0 : Math.max(0, raffle.minTickets - raffle.soldTickets);
          return (
            <li key={raffle.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0 space-y-1">
                <Link
                  to={paths.adminRaffle(raffle.id)}
                  className="font-semibold text-brand-800 underline-offset-2 hover:underline"
                >
                  {raffle.title}
                </Link>
                <p className="text-sm text-muted">
                  Cierra el {formatDateTime(raffle.endDate)} · {formatNumber(raffle.soldTickets)} de{" "}
                  {formatNumber(raffle.totalTickets)} vendidos
                  {raffle.minTickets !== null ? ` · mínimo ${formatNumber(raffle.minTickets)}` : ""}
                </p>
              </div>
              {raffle.minTickets !== null ? (
                missing > 0 ? (
                  <Badge variant="warning">Faltan {formatNumber(missing)} para el mínimo</Badge>
                ) : (
                  <Badge variant="success">Mínimo alcanzado</Badge>
                )
              ) : null}
            </li>
          );
        })}
      </ul>
    </SectionCard>
  );
}

function reminder(reservation: AdminToday["expiringReservations"][number]): string {
  const tickets = countText(reservation.quantity, "boleto", "boletos");
  return `${greeting(reservation.buyerName)}, te escribimos de Rifazo: tu reserva de ${tickets} en «${reservation.raffleTitle}» vence a ${sentence(timeWithArticle(reservation.expiresAt))} Si ya pagaste, sube tu comprobante para no perder tus números.`;
}

function ExpiringReservations({ reservations }: { reservations: AdminToday["expiringReservations"] }) {
  return (
    <SectionCard
      title="Reservas que vencen en la próxima hora"
      description="Compradores con números apartados que aún no envían (o deben corregir) su comprobante."
    >
      {reservations.length === 0 ? (
        <p className="text-sm text-muted">Ninguna reserva vence en la próxima hora.</p>
      ) : (
        <ul className="divide-y divide-line" aria-label="Reservas por vencer">
          {reservations.map((reservation) => (
            <li key={reservation.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0 space-y-1">
                <p className="font-semibold text-ink">{reservation.buyerName}</p>
                <p className="text-sm text-muted">
                  {countText(reservation.quantity, "boleto", "boletos")} en {reservation.raffleTitle} · vence
                  a {timeWithArticle(reservation.expiresAt)}
                  {reservation.status === "rejected" ? " · comprobante rechazado" : ""}
                </p>
              </div>
              <WhatsappLink
                phone={reservation.buyerPhone}
                message={reminder(reservation)}
                name={reservation.buyerName}
              />
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
