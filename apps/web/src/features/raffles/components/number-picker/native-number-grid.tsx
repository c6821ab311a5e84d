import { formatTicketNumber } from "@rifazo/shared/domain/tickets";
import { useId } from "react";
import { inputClasses } from "../../../../components/ui/input";
import { cn } from "../../../../lib/cn";
import { VIEWPORT_PX } from "./number-grid";

// The number grid before the page's code has run (decision 0029): every number a real checkbox named
// `numeros` in the reservation form, so ticking two and pressing "Reservar" works with no JavaScript.
// A raffle with more numbers than a phone should download as checkboxes gets a text field instead.

/** Above this many numbers the HTML would weigh too much on a slow phone (~1 000 cells ≈ 10 kB brotli). */
export const NATIVE_GRID_MAX = 1_000;

/** The numbers a refused form sent (`numeros`, each may list several), as integers. */
export function sentNumbers(values: readonly string[] | undefined): number[] {
  return (values ?? [])
    .flatMap((value) => value.split(/[\s,;]+/))
    .filter((part) => /^\d{1,7}$/.test(part))
    .map(Number);
}

const CELL =
  "flex h-11 cursor-pointer items-center justify-center rounded-control border border-line bg-surface font-mono text-sm font-bold text-ink tabular-nums has-[:checked]:border-brand-700 has-[:checked]:bg-brand-700 has-[:checked]:text-white has-[:focus-visible]:outline-[3px] has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-ink";
const TAKEN_CELL =
  "flex h-11 cursor-not-allowed items-center justify-center rounded-control border border-transparent bg-canvas font-mono text-sm font-bold text-muted tabular-nums line-through";

export function NativeNumberGrid({
  total,
  isTaken,
  checked,
}: {
  total: number;
  isTaken: (n: number) => boolean;
  /** Numbers ticked when the page was rendered (a refused form's choices). */
  checked: ReadonlySet<number>;
}) {
  const typedId = useId();
  if (total > NATIVE_GRID_MAX) {
    return (
      <div className="space-y-1.5">
        <label htmlFor={typedId} className="text-sm font-semibold text-ink">
          Escribe tus números, separados por comas
        </label>
        <input
          id={typedId}
          name="numeros"
          inputMode="numeric"
          autoComplete="off"
          placeholder={`${formatTicketNumber(7, total)}, ${formatTicketNumber(42, total)}`}
          defaultValue={[...checked].map((n) => formatTicketNumber(n, total)).join(", ")}
          className={inputClasses}
        />
      </div>
    );
  }
  const cells = [];
  for (let n = 0; n < total; n++) {
    const taken = isTaken(n);
    const label = formatTicketNumber(n, total);
    cells.push(
      <label key={n} className={taken ? TAKEN_CELL : CELL}>
        <input
          type="checkbox"
          name="numeros"
          value={n}
          disabled={taken}
          defaultChecked={!taken && checked.has(n)}
          aria-label={`Número ${label}${taken ? ", ocupado" : ""}`}
          className="sr-only"
        />
        {label}
      </label>,
    );
  }
  return (
    <fieldset
      className="overflow-y-auto overscroll-contain rounded-control border border-line bg-canvas/50 p-1"
      style={{ maxHeight: VIEWPORT_PX }}
    >
      <legend className="sr-only">Números de la rifa</legend>
      <div className={cn("grid grid-cols-5 gap-1 sm:grid-cols-8")}>{cells}</div>
    </fieldset>
  );
}
