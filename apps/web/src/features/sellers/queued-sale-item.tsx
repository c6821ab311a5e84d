import { PAYMENT_METHOD_LABELS } from "@rifazo/shared/constants";
import { countText } from "@rifazo/shared/domain/plural";
import { whatsappLink, whatsappShareLink } from "@rifazo/shared/domain/whatsapp";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Badge, type BadgeVariant } from "../../components/ui/badge";
import { Button, buttonClasses } from "../../components/ui/button";
import { WhatsappIcon } from "../../components/ui/icons";
import { errorMessage } from "../../lib/api-client";
import { formatDateTime } from "../../lib/format";
import { useOnline } from "../../lib/use-online";
import type { SellerAreaRaffle } from "./api";
import type { QueuedSale } from "./offline-storage";
import { discardSale } from "./sale-queue";
import { queuedNumbersText } from "./sale-status";
import { assignRandomNumbers } from "./use-sale-queue";

export type QueuedSaleView = "pending" | "sending" | "conflict" | "refused";

const STATE_LABELS: Record<QueuedSaleView, string> = {
  pending: "Pendiente de envío",
  sending: "Enviando",
  conflict: "Conflicto",
  refused: "Rechazada",
};

const STATE_VARIANTS: Record<QueuedSaleView, BadgeVariant> = {
  pending: "neutral",
  sending: "info",
  conflict: "warning",
  refused: "danger",
};

/** "el 007", "el 007 y el 042": the numbers a conflict lost. */
function lostText(taken: readonly string[]): string {
  const each = taken.map((n) => `el ${n}`);
  // Taken means sold or held by another purchase at that moment: "no está libre" is true of both.
  if (each.length <= 1) return `${each[0] ?? "un número"} ya no está libre`;
  return `${each.slice(0, -1).join(", ")} y ${each.at(-1)} ya no están libres`;
}

/** The message for a buyer whose sale the server did not accept. */
export function notAcceptedMessage(sale: QueuedSale): string {
  return `Hola ${sale.body.buyerName}, tu compra en la rifa «${sale.raffleTitle}» no fue aceptada: tus números no quedaron registrados. Escríbeme para resolverlo.`;
}

interface QueuedSaleItemProps {
  sale: QueuedSale;
  sending: boolean;
  /** The raffle as the area has it now (undefined when it is no longer assigned). */
  raffle: SellerAreaRaffle | undefined;
  saleKey: string | null;
  /** «Elegir otros números»: the form for this sale (the list keeps it open after the sale leaves it). */
  onChoose: (sale: QueuedSale) => void;
}

/** One sale saved on the phone: its state, and what the vendedor may do when the server refused it. */
export function QueuedSaleItem(props: QueuedSaleItemProps) {
  const { sale, sending } = props;
  const view: QueuedSaleView = sending ? "sending" : sale.state;
  const headingId = `queued-sale-${sale.saleId}`;
  const { body } = sale;
  return (
    <article
      aria-labelledby={headingId}
      className="space-y-3 rounded-card border border-line bg-surface p-4 text-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="font-bold text-ink [overflow-wrap:anywhere]">
            {body.buyerName}
          </h3>
          <p className="text-muted [overflow-wrap:anywhere]">
            {sale.raffleTitle} · Guardada el {formatDateTime(sale.recordedAt, "short")}
          </p>
        </div>
        <p role="status" aria-label={`Estado de la venta de ${body.buyerName}`}>
          <Badge variant={STATE_VARIANTS[view]}>{STATE_LABELS[view]}</Badge>
        </p>
      </div>
      <dl className="grid gap-x-4 gap-y-1.5 sm:grid-cols-2">
        <div className="min-w-0">
          <dt className="text-xs font-semibold text-muted">Números</dt>
          <dd className="font-mono font-bold text-ink [overflow-wrap:anywhere]">{queuedNumbersText(sale)}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs font-semibold text-muted">Cobrado</dt>
          <dd className="text-ink [overflow-wrap:anywhere]">
            {String(body.amount)} · {PAYMENT_METHOD_LABELS[body.method]}
            {body.reference ? ` · ref. ${body.reference}` : ""}
            {body.abono || body.abonoOf ? " · abono" : ""}
          </dd>
        </div>
      </dl>
      {!sending && sale.state === "conflict" ? <ConflictActions {...props} /> : null}
      {!sending && sale.state === "refused" ? <RefusedActions sale={sale} /> : null}
    </article>
  );
}

/** A conflict over numbers: the ones lost, and the buyer keeps their quantity with others. */
function ConflictActions({ sale, raffle, saleKey, onChoose }: QueuedSaleItemProps) {
  const client = useQueryClient();
  const online = useOnline();
  const random = useMutation({
    mutationFn: (forRaffle: SellerAreaRaffle) => assignRandomNumbers(client, sale, forRaffle, saleKey),
  });
  return (
    <div className="space-y-3 rounded-control border border-warning-700/25 bg-warning-50 p-3">
      <p className="font-semibold text-warning-700">Conflicto: {lostText(sale.refusal?.taken ?? [])}</p>
      <p className="text-ink/85">
        El comprador conserva sus {countText(sale.body.numbers?.length ?? 0, "boleto", "boletos")}: elige
        otros números o deja que se asignen al azar entre los libres.
      </p>
      {random.isError ? (
        <p role="alert" className="font-medium text-danger-700">
          {errorMessage(random.error, random.error.message)}
        </p>
      ) : null}
      {raffle ? (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={() => onChoose(sale)} disabled={!online || random.isPending}>
            Elegir otros números
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={() => random.mutate(raffle)}
            loading={random.isPending}
            loadingText="Asignando..."
            disabled={!online}
          >
            Asignar al azar
          </Button>
        </div>
      ) : (
        <p className="text-muted">
          Ya no tienes esta rifa asignada: descarta la venta y avísale al comprador.
        </p>
      )}
      {online ? null : <p className="text-muted">Podrás resolverlo cuando vuelva la señal.</p>}
      <DiscardAction sale={sale} />
    </div>
  );
}

/** Any other refusal: the server's message, and giving the sale up (for a suspended vendedor, tell the buyer). */
function RefusedActions({ sale }: { sale: QueuedSale }) {
  const suspended = sale.refusal?.code === "SELLER_SUSPENDED";
  const message = notAcceptedMessage(sale);
  const chat = whatsappLink(sale.body.buyerPhone, message) ?? whatsappShareLink(message);
  return (
    <div className="space-y-3 rounded-control border border-danger-600/25 bg-danger-50 p-3">
      <p className="font-semibold text-danger-700">{sale.refusal?.message}</p>
      {suspended ? (
        <div className="space-y-2">
          <p className="text-ink">Avísale al comprador que la venta no fue aceptada.</p>
          <a
            href={chat}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClasses({ variant: "outline", size: "sm" })}
          >
            <WhatsappIcon />
            Avisar por WhatsApp
            <span className="sr-only"> a {sale.body.buyerName} (se abre en una pestaña nueva)</span>
          </a>
        </div>
      ) : null}
      <DiscardAction sale={sale} />
    </div>
  );
}

/** «Descartar», after a confirmation: the sale leaves the phone for good. */
function DiscardAction({ sale }: { sale: QueuedSale }) {
  const [confirming, setConfirming] = useState(false);
  const discard = useMutation({ mutationFn: () => discardSale(sale) });
  const name = sale.body.buyerName;
  if (!confirming)
    return (
      <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
        Descartar<span className="sr-only"> la venta de {name}</span>
      </Button>
    );
  return (
    <fieldset className="space-y-2 rounded-control border border-line bg-surface p-3">
      <legend className="px-1 font-semibold text-ink">¿Descartar la venta de {name}?</legend>
      <p className="text-muted">Se borrará de este teléfono y no se enviará. No se puede deshacer.</p>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="danger" onClick={() => discard.mutate()} loading={discard.isPending}>
          Sí, descartar
        </Button>
        <Button size="sm" variant="outline" onClick={() => setConfirming(false)}>
          No, conservarla
        </Button>
      </div>
    </fieldset>
  );
}
