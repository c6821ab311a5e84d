import { ADMIN_ROW_TICKET_PREVIEW, previewOf } from "@rifazo/shared/domain/tickets";

/** Spec 2 §2/§9: a participation row shows 3 ticket numbers, then an ellipsis (never for just one more). */
export function previewTickets(tickets: readonly string[], max = ADMIN_ROW_TICKET_PREVIEW) {
  const { shown, hidden } = previewOf(tickets, max);
  return { items: shown, more: hidden > 0 };
}

export function TicketPreview({
  tickets,
  empty = "Sin boletos",
}: {
  tickets: readonly string[];
  empty?: string;
}) {
  if (tickets.length === 0) return <span className="text-sm text-muted">{empty}</span>;
  const { items, more } = previewTickets(tickets);
  return (
    <span className="inline-flex flex-wrap items-center gap-1" title={tickets.join(", ")}>
      <span className="sr-only">Boletos: {tickets.join(", ")}</span>
      {items.map((number) => (
        <span
          key={number}
          aria-hidden="true"
          className="rounded-md bg-brand-100 px-1.5 py-0.5 font-mono text-xs font-bold text-brand-900"
        >
          {number}
        </span>
      ))}
      {more ? (
        <span aria-hidden="true" className="text-sm font-bold text-muted">
          …
        </span>
      ) : null}
    </span>
  );
}
