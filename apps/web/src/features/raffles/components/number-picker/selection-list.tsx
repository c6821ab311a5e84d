import { countText } from "@rifazo/shared/domain/plural";
import { formatTicketNumber } from "@rifazo/shared/domain/tickets";

/** "Tu selección": the chosen numbers in order, each with its remove button, and "Quitar todos". */
export function SelectionList({
  selected,
  total,
  onChange,
}: {
  selected: number[];
  total: number;
  onChange: (next: number[]) => void;
}) {
  const sortedSelection = [...selected].sort((a, b) => a - b);
  return (
    <div className="space-y-2">
      <h3 className="text-sm font-bold text-ink">
        Tu selección ({countText(selected.length, "número", "números")})
      </h3>
      {sortedSelection.length ? (
        <ul className="flex max-h-40 flex-wrap gap-2 overflow-y-auto" aria-label="Números elegidos">
          {sortedSelection.map((n) => (
            <li
              key={n}
              className="flex items-center gap-1 rounded-pill bg-brand-700 py-1 pr-1 pl-3 font-mono text-sm font-bold text-white"
            >
              {formatTicketNumber(n, total)}
              <button
                type="button"
                aria-label={`Quitar ${formatTicketNumber(n, total)}`}
                onClick={() => onChange(selected.filter((s) => s !== n))}
                className="flex size-7 items-center justify-center rounded-full hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-white"
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">Toca los números que quieras o usa "Al azar".</p>
      )}
      {selected.length > 1 ? (
        <button
          type="button"
          className="text-xs font-semibold text-brand-700 hover:underline"
          onClick={() => onChange([])}
        >
          Quitar todos
        </button>
      ) : null}
    </div>
  );
}
