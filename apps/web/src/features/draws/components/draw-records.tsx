import { drawTrustText } from "@rifazo/shared/domain/draw-trust";
import { prizePlaceName } from "@rifazo/shared/domain/glossary";
import { countText } from "@rifazo/shared/domain/plural";
import { formatTicketNumber } from "@rifazo/shared/domain/tickets";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { Link, useLocation } from "react-router";
import { DrawTrustLine, DrawTrustNotice } from "../../../components/draw/draw-trust-notice";
import { Alert } from "../../../components/ui/alert";
import { CheckCircleIcon } from "../../../components/ui/icons";
import { Skeleton } from "../../../components/ui/skeleton";
import { formatDateTime } from "../../../lib/format";
import { paths } from "../../../lib/paths";
import { type DrawListItem, drawApi, drawsQuery } from "../api";
import { ALGORITHM_VERSION_V2 } from "../lib/record-text";
import { VerifyDraw } from "./verify-draw";

function Hash({ label, value }: { label: string; value: string | null }) {
  if (!value) return null;
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold text-muted">{label}</dt>
      <dd className="break-all font-mono text-xs text-ink">{value}</dd>
    </div>
  );
}

function DrawRecordLinks({ raffleId, v2 }: { raffleId: string; v2: boolean }) {
  return v2 ? (
    <span className="flex flex-wrap gap-x-4 gap-y-1">
      <Link to={paths.drawRecord(raffleId)} className="text-sm font-semibold text-brand-700 hover:underline">
        Ver el acta
      </Link>
      <a
        href={drawApi.recordUrl(raffleId)}
        download={`acta-${raffleId}.json`}
        className="text-sm font-semibold text-brand-700 hover:underline"
      >
        Descargar acta (JSON)
      </a>
    </span>
  ) : (
    <a
      href={drawApi.transcriptUrl(raffleId)}
      className="text-sm font-semibold text-brand-700 hover:underline"
    >
      Descargar acta
    </a>
  );
}

function DrawWinners({ draw }: { draw: DrawListItem }) {
  return (
    <ul className="mb-4 space-y-1 text-sm">
      {draw.winners.length === 0 ? (
        <li className="text-muted">Sin boletos vendidos: sin ganadores.</li>
      ) : null}
      {draw.winners.map((w) => (
        <li key={`${w.level}-${w.index}`} className="flex items-center gap-2">
          <CheckCircleIcon className="text-brand-700" />
          {prizePlaceName(w.level)}:{" "}
          <span className="font-mono font-bold tracking-widest">
            {formatTicketNumber(w.ticketNumber, draw.totalTickets)}
          </span>{" "}
          — {w.description}
        </li>
      ))}
    </ul>
  );
}

function DrawCard({ draw }: { draw: DrawListItem }) {
  // Draws of the record era (v2) are verified from their record; older ones from their v1 transcript.
  const v2 = Boolean(draw.recordUrl) || draw.algorithm === ALGORITHM_VERSION_V2;
  return (
    <li
      id={`sorteo-${draw.raffleId}`}
      className="scroll-mt-24 rounded-card border border-line bg-surface p-5 shadow-card"
    >
      <div className="mb-3 flex flex-wrap items-start justify-between gap-2">
        <div>
          <Link to={paths.draw(draw.raffleId)} className="text-lg font-bold text-ink hover:underline">
            {draw.title}
          </Link>
          <p className="text-sm text-muted">
            Sorteada el {formatDateTime(draw.drawnAt)} ·{" "}
            {countText(draw.ticketCount, "boleto vendido", "boletos vendidos")} · {draw.algorithm}
          </p>
        </div>
        <DrawRecordLinks raffleId={draw.raffleId} v2={v2} />
      </div>
      {/* What this draw asks readers to trust, before any click (a warning in full). */}
      {drawTrustText(draw.drawTrust).warning ? (
        <DrawTrustNotice level={draw.drawTrust} className="mb-4" />
      ) : (
        <DrawTrustLine level={draw.drawTrust} className="mb-3" />
      )}
      <dl className="mb-4 grid gap-2">
        <Hash label="Compromiso (publicado antes del sorteo)" value={draw.commitment} />
        <Hash label="Semilla revelada" value={draw.seed} />
        <Hash label="Huella de la lista de boletos" value={draw.ticketListHash} />
        {draw.publicValue ? (
          <div>
            <dt className="text-xs font-semibold text-muted">Valor público ({draw.publicValueSource})</dt>
            <dd className="font-mono text-xs text-ink">{draw.publicValue}</dd>
          </div>
        ) : null}
      </dl>
      <p className="mb-1 text-sm font-bold text-ink">Ganadores</p>
      <DrawWinners draw={draw} />
      {/* A v1 draw has no record: its transcript is verified (and no 404 is asked for). */}
      <VerifyDraw raffleId={draw.raffleId} {...(v2 ? {} : { record: null })} />
    </li>
  );
}

/** The real list of internal draws with everything needed to check them. */
export function DrawRecords() {
  const query = useQuery(drawsQuery);
  const { hash } = useLocation();
  const loaded = query.isSuccess;
  // /transparencia-de-sorteos#sorteo-{id} (the draw page's "Verificar este sorteo"): the cards arrive after
  // the page has painted, so neither the browser nor the page's own hash scroll finds them in time.
  useEffect(() => {
    if (!loaded || !hash.startsWith("#sorteo-")) return;
    const card = document.getElementById(hash.slice(1));
    if (!card) return;
    card.scrollIntoView({ block: "start" });
    card.querySelector<HTMLElement>("a")?.focus({ preventScroll: true });
  }, [loaded, hash]);
  if (query.isPending) {
    return (
      <div role="status" aria-label="Cargando sorteos..." className="space-y-4">
        <Skeleton className="h-48 w-full rounded-card!" />
        <Skeleton className="h-48 w-full rounded-card!" />
      </div>
    );
  }
  if (query.isError)
    return <Alert variant="danger">No se pudo cargar la lista de sorteos. Inténtalo más tarde.</Alert>;
  if (query.data.length === 0)
    return <p className="text-muted">Todavía no se ha realizado ningún sorteo interno.</p>;
  return (
    <ul className="space-y-5">
      {query.data.map((draw) => (
        <DrawCard key={draw.raffleId} draw={draw} />
      ))}
    </ul>
  );
}
