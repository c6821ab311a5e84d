import { formatTicketNumber, ticketDigits } from "@rifazo/shared/domain/tickets";
import { type KeyboardEvent, useEffect, useLayoutEffect, useRef, useState } from "react";
import { cn } from "../../../../lib/cn";

// Every number of the raffle as a toggle button, but only the rows on screen (plus a few) exist in the
// page: 10 000 buttons would take seconds to lay out on a cheap phone. Rows have a fixed height, so the
// rows in view follow from the scroll position alone. One button is in the tab order (roving tabindex);
// arrow keys, Home/End and PageUp/PageDown move within the grid (WAI-ARIA grid pattern), and typing digits
// jumps to that number (the pattern's type-ahead), so nobody has to arrow through thousands of cells.

export const ROW_PX = 48;
export const VIEWPORT_PX = 336;
const OVERSCAN_ROWS = 3;
const MIN_CELL_PX = 64;
const MIN_COLUMNS = 4;
const MAX_COLUMNS = 10;
/** Before the width is known (and on the server): what a 390 px phone fits. */
const DEFAULT_COLUMNS = 5;
/** Digits typed within this pause build one number ("4", "2" → 0042); a longer pause starts a new one. */
const TYPEAHEAD_MS = 1_000;

export interface FocusRequest {
  number: number;
  /** Changes on each request, so asking for the same number twice scrolls to it again. */
  seq: number;
}

/** A number of the signed-in buyer: held by their reservation (not theirs yet) or bought. */
export type OwnNumber = "held" | "owned";

interface NumberGridProps {
  total: number;
  isTaken: (n: number) => boolean;
  /** The buyer's own numbers, shown apart from others' taken ones (never selectable either). */
  ownOf?: (n: number) => OwnNumber | null;
  selected: ReadonlySet<number>;
  onToggle: (n: number) => void;
  focusRequest: FocusRequest | null;
  disabled?: boolean;
  /** Id of the text that tells screen-reader users how to move in the grid. */
  describedBy?: string;
}

const OWN_STATE: Record<OwnNumber, string> = { held: "apartado por ti", owned: "tuyo" };
/** The short word under the number in the cell: the cue that does not rely on colour. */
const OWN_TAG: Record<OwnNumber, string> = { held: "apartado", owned: "tuyo" };

export function cellLabel(
  n: number,
  total: number,
  taken: boolean,
  selected: boolean,
  own: OwnNumber | null = null,
): string {
  const state = own ? OWN_STATE[own] : taken ? "ocupado" : selected ? "seleccionado" : "disponible";
  return `Número ${formatTicketNumber(n, total)}, ${state}`;
}

function useColumns(ref: React.RefObject<HTMLDivElement | null>): number {
  const [columns, setColumns] = useState(DEFAULT_COLUMNS);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => {
      const width = element.clientWidth;
      if (width <= 0) return;
      setColumns(Math.max(MIN_COLUMNS, Math.min(MAX_COLUMNS, Math.floor(width / MIN_CELL_PX))));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return columns;
}

/** The classes of one cell, by its state (the buyer's own numbers first, then taken, then chosen). */
function cellClasses(own: OwnNumber | null, taken: boolean, chosen: boolean, searched: boolean): string {
  return cn(
    "h-11 w-full rounded-control border font-mono text-sm font-bold tabular-nums transition-colors",
    // A dark 3 px ring apart from the cell: it stands out on a chosen (purple) cell as on a free one.
    "focus-visible:outline-[3px] focus-visible:outline-offset-1 focus-visible:outline-ink",
    // The number just searched stays marked (focus after a tap on "Ir" shows no focus ring).
    searched && "ring-2 ring-accent-500 ring-offset-1",
    own === "held"
      ? "flex cursor-not-allowed flex-col items-center justify-center border-2 border-dashed border-accent-600 bg-accent-50 leading-none text-accent-700"
      : own === "owned"
        ? "flex cursor-not-allowed flex-col items-center justify-center border-success-700 bg-success-700 leading-none text-white"
        : taken
          ? "cursor-not-allowed border-transparent bg-canvas text-muted line-through"
          : chosen
            ? "border-brand-700 bg-brand-700 text-white"
            : "border-line bg-surface text-ink hover:border-brand-400",
  );
}

/**
 * The roving focus, scrolling and keys of the grid: which rows are on screen, the one tabbable number, arrow
 * keys, Home/End, PageUp/PageDown, type-ahead, and a searched number brought into view with focus.
 */
function useGridNavigation(
  scroller: React.RefObject<HTMLDivElement | null>,
  columns: number,
  total: number,
  focusRequest: FocusRequest | null,
) {
  const [scrollTop, setScrollTop] = useState(0);
  const [active, setActive] = useState(0);
  /** A number whose button should take focus once its row is rendered. */
  const pendingFocus = useRef<number | null>(null);
  const typed = useRef({ digits: "", at: 0 });

  const rows = Math.ceil(total / columns);
  const firstRow = Math.max(0, Math.floor(scrollTop / ROW_PX) - OVERSCAN_ROWS);
  const lastRow = Math.min(rows, Math.ceil((scrollTop + VIEWPORT_PX) / ROW_PX) + OVERSCAN_ROWS);
  const firstShown = Math.min(total - 1, Math.floor(scrollTop / ROW_PX) * columns);
  const activeRendered = active >= firstRow * columns && active < lastRow * columns;
  // The one tabbable button: the active one, or the first on screen when that one scrolled away.
  const tabStop = activeRendered ? active : firstShown;

  /** Scrolls so that `n`'s row is in view, then focuses it after the render that shows it. */
  const moveTo = (n: number, focus: boolean, center = false) => {
    const target = Math.max(0, Math.min(total - 1, n));
    setActive(target);
    const element = scroller.current;
    if (element) {
      const top = Math.floor(target / columns) * ROW_PX;
      // A searched number lands mid-grid, with its neighbours around it.
      if (center) element.scrollTop = Math.max(0, top - (VIEWPORT_PX - ROW_PX) / 2);
      else if (top < element.scrollTop) element.scrollTop = top;
      else if (top + ROW_PX > element.scrollTop + VIEWPORT_PX) element.scrollTop = top + ROW_PX - VIEWPORT_PX;
      setScrollTop(element.scrollTop);
    }
    pendingFocus.current = focus ? target : null;
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to each new request only.
  useEffect(() => {
    if (focusRequest) moveTo(focusRequest.number, true, true);
  }, [focusRequest?.seq]);

  useLayoutEffect(() => {
    const n = pendingFocus.current;
    if (n === null) return;
    const button = scroller.current?.querySelector<HTMLButtonElement>(`button[data-n="${n}"]`);
    if (button) {
      pendingFocus.current = null;
      button.focus({ preventScroll: true });
      // The grid already scrolled itself; the page may still hide the cell (grid below the fold): bring
      // it into view with the least movement, so the focused number is always seen (WCAG 2.4.11).
      button.scrollIntoView?.({ block: "nearest", inline: "nearest" });
    }
  });

  const typeAhead = (digit: string, at: number) => {
    const maxDigits = ticketDigits(total);
    const previous = typed.current;
    let digits = at - previous.at <= TYPEAHEAD_MS ? previous.digits + digit : digit;
    if (digits.length > maxDigits || Number(digits) >= total) digits = digit;
    typed.current = { digits, at };
    const n = Number(digits);
    if (n < total) moveTo(n, true, true);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (/^[0-9]$/.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      typeAhead(event.key, Date.now());
      return;
    }
    const next = keyTarget(event, active, columns, total);
    if (next !== null) moveTo(next, true);
  };

  return { rows, firstRow, lastRow, tabStop, setActive, setScrollTop, onKeyDown };
}

/** Where a navigation key moves the focus from `active`, or null when it does not move it. */
function keyTarget(event: KeyboardEvent<HTMLDivElement>, active: number, columns: number, total: number) {
  const visibleRows = Math.ceil(VIEWPORT_PX / ROW_PX);
  const column = active % columns;
  const steps: Record<string, number> = {
    ArrowRight: 1,
    ArrowLeft: -1,
    ArrowDown: columns,
    ArrowUp: -columns,
    PageDown: columns * visibleRows,
    PageUp: -columns * visibleRows,
    Home: event.ctrlKey ? -active : -column,
    End: event.ctrlKey ? total - 1 - active : Math.min(columns - 1 - column, total - 1 - active),
  };
  const step = steps[event.key];
  if (step === undefined) return null;
  event.preventDefault();
  const next = active + step;
  // Up/down past the edge stays put rather than wrapping into another column.
  if (next < 0 || next >= total) {
    if (event.key.startsWith("Arrow")) return null;
  }
  return next;
}

interface RowsInput extends Omit<NumberGridProps, "describedBy"> {
  columns: number;
  firstRow: number;
  lastRow: number;
  tabStop: number;
  setActive: (n: number) => void;
}

/** The rows on screen with their cells: a plain loop (no component per cell), as cheap as one render can be. */
function renderRows(input: RowsInput) {
  const { total, isTaken, ownOf, selected, onToggle, focusRequest, disabled, columns, tabStop, setActive } =
    input;
  const rowElements = [];
  for (let row = input.firstRow; row < input.lastRow; row++) {
    const cells = [];
    for (let col = 0; col < columns; col++) {
      const n = row * columns + col;
      if (n >= total) break;
      const own = ownOf?.(n) ?? null;
      const taken = own !== null || isTaken(n);
      const chosen = selected.has(n);
      cells.push(
        // biome-ignore lint/a11y: ARIA grid of absolutely positioned rows (virtualized); table elements lose their semantics once laid out this way, and focus sits on the buttons inside the cells (roving tabindex).
        <div key={n} role="gridcell" aria-colindex={col + 1} className="p-0.5">
          <button
            type="button"
            data-n={n}
            tabIndex={n === tabStop ? 0 : -1}
            aria-pressed={chosen}
            aria-disabled={taken || disabled ? true : undefined}
            aria-label={cellLabel(n, total, taken, chosen, own)}
            data-own={own ?? undefined}
            onFocus={() => setActive(n)}
            onClick={() => {
              if (!taken && !disabled) onToggle(n);
            }}
            className={cellClasses(own, taken, chosen, n === focusRequest?.number)}
          >
            {formatTicketNumber(n, total)}
            {own ? (
              <span aria-hidden="true" className="mt-0.5 font-sans text-[10px] font-semibold">
                {own === "owned" ? "✓ " : ""}
                {OWN_TAG[own]}
              </span>
            ) : null}
          </button>
        </div>,
      );
    }
    rowElements.push(
      // biome-ignore lint/a11y: see the cells above.
      <div
        key={row}
        role="row"
        aria-rowindex={row + 1}
        className="absolute inset-x-0 grid"
        style={{
          top: row * ROW_PX,
          height: ROW_PX,
          gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
        }}
      >
        {cells}
      </div>,
    );
  }
  return rowElements;
}

export function NumberGrid(props: NumberGridProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const columns = useColumns(scroller);
  const { rows, firstRow, lastRow, tabStop, setActive, setScrollTop, onKeyDown } = useGridNavigation(
    scroller,
    columns,
    props.total,
    props.focusRequest,
  );

  return (
    // biome-ignore lint/a11y: see the cells above.
    <div
      ref={scroller}
      role="grid"
      aria-label="Números de la rifa"
      aria-rowcount={rows}
      aria-colcount={columns}
      aria-describedby={props.describedBy}
      onKeyDown={onKeyDown}
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
      className="overflow-y-auto overscroll-contain rounded-control border border-line bg-canvas/50 p-1"
      style={{ height: VIEWPORT_PX }}
    >
      {/* biome-ignore lint/a11y: see the cells above. */}
      <div role="rowgroup" className="relative" style={{ height: rows * ROW_PX }}>
        {renderRows({ ...props, columns, firstRow, lastRow, tabStop, setActive })}
      </div>
    </div>
  );
}
