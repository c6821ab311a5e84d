import { ADMIN_ROW_TICKET_PREVIEW, previewOf } from "@rifazo/shared/domain/tickets";

/** Spec 2 §2/§9: a participation row shows 3 ticket numbers, then an ellipsis (never for just one more). */
export function previewTickets(tickets: readonly string[], max = ADMIN_ROW_TICKET_PREVIEW) {
  const { shown, hidden } = previewOf(tickets, max);
  return { items: shown, more: hidden > 0 };
}

/**
 * Assigned numbers, or (held) the chosen numbers a reservation keeps for a proof under review: outlined
 * and dashed, labelled "Números apartados", since they are not the buyer's until approval.
 */
export function TicketPreview({
  tickets,
  empty = "Sin boletos",
  held = false,
  max,
}: {
  tickets: readonly string[];
  empty?: string;
  held?: boolean;
  max?: number;
}) {
  if (tickets.length === 0) return <span className="text-sm text-muted">{empty}</span>;
  const { items, more } = previewTickets(tickets, max);
  const label = held ? "Números apartados" : "Boletos";
  return (
    <span className="inline-flex flex-wrap items-center gap-1" title={tickets.join(", ")}>
      <span className="sr-only">
        {label}: {tickets.join(", ")}
      </span>
      {held ? (
        <span aria-hidden="true" className="text-xs font-semibold text-muted">
          {label}:
        </span>
      ) : null}
      {items.map((number) => (
        <span
          key={number}
          aria-hidden="true"
          className={
            held
              ? "rounded-md border border-dashed border-brand-600 px-1.5 py-0.5 font-mono text-xs font-bold text-brand-900"
              : "rounded-md bg-brand-100 px-1.5 py-0.5 font-mono text-xs font-bold text-brand-900"
          }
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
