import { type FormEvent, useEffect, useRef, useState } from "react";
import { Button } from "../../components/ui/button";
import { SearchIcon } from "../../components/ui/icons";
import { Input, inputClasses } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { cn } from "../../lib/cn";
import { useValueBeforeHydration } from "../../lib/use-value-before-hydration";
import { hasFilters, MONTHS, WINNERS_SEARCH_MAX, type WinnersFilters } from "./filters";

const SEARCH_DELAY_MS = 350;

interface WinnersFiltersBarProps {
  filters: WinnersFilters;
  /** The years on offer, newest first (winnersYears at the page's clock). */
  years: readonly number[];
  onChange: (next: WinnersFilters) => void;
}

const monthOrYear = (value: string) => (value ? Number(value) : null);

// Native selects: light (no popup library on a public page) and the best picker on phones.
const selectClasses = cn(inputClasses, "pr-8");

/** A month or year filter: "all" (null) or one value. */
function FilterSelect({
  selectRef,
  id,
  name,
  label,
  allLabel,
  value,
  options,
  onChoose,
}: {
  selectRef: React.RefObject<HTMLSelectElement | null>;
  id: string;
  name: string;
  label: string;
  allLabel: string;
  value: number | null;
  options: readonly { value: number; label: string }[];
  onChoose: (value: number | null) => void;
}) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <select
        ref={selectRef}
        id={id}
        name={name}
        className={selectClasses}
        value={value ?? ""}
        onChange={(event) => onChoose(event.target.value ? Number(event.target.value) : null)}
      >
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The search box's text, applied after a short pause and following the URL, and what was typed or chosen
 * before the page's code ran.
 */
function useWinnersFilterFields(filters: WinnersFilters, onChange: (next: WinnersFilters) => void) {
  const [text, setText] = useState(filters.q);
  const searchRef = useRef<HTMLInputElement>(null);
  const monthRef = useRef<HTMLSelectElement>(null);
  const yearRef = useRef<HTMLSelectElement>(null);
  const latest = useRef({ filters, onChange });
  latest.current = { filters, onChange };

  // The URL may change under us (back button, 'Limpiar filtros'): the box follows it.
  // (Only when it differs in substance: the URL keeps the trimmed text, and a trailing space being typed
  // must survive.)
  useEffect(() => {
    setText((current) => (current.trim() === filters.q.trim() ? current : filters.q));
  }, [filters.q]);

  useEffect(() => {
    if (text.trim() === latest.current.filters.q.trim()) return;
    const timer = window.setTimeout(() => {
      latest.current.onChange({ ...latest.current.filters, q: text });
    }, SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text]);

  // What the visitor typed or chose on the server-rendered page before its code ran (after the effects
  // above, which would otherwise reset the box to the URL's search). Applied as one change: each change
  // writes the whole URL, so separate ones would undo each other.
  const chosen = useRef<Partial<WinnersFilters>>({});
  useValueBeforeHydration(searchRef, text, (value) => {
    setText(value);
    chosen.current.q = value;
  });
  useValueBeforeHydration(monthRef, String(filters.month ?? ""), (value) => {
    chosen.current.month = monthOrYear(value);
  });
  useValueBeforeHydration(yearRef, String(filters.year ?? ""), (value) => {
    chosen.current.year = monthOrYear(value);
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, right after the adoptions above.
  useEffect(() => {
    if (Object.keys(chosen.current).length > 0) onChange({ ...filters, ...chosen.current });
  }, []);

  return { text, setText, searchRef, monthRef, yearRef };
}

/** Search (applied as you type, after a short pause), month and year filters. */
export function WinnersFiltersBar({ filters, years, onChange }: WinnersFiltersBarProps) {
  const { text, setText, searchRef, monthRef, yearRef } = useWinnersFilterFields(filters, onChange);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange({ ...filters, q: text });
  };

  return (
    <search aria-label="Filtrar ganadores">
      {/* The fields are named as the URL's filters: before the code has run, Enter in the search box
          submits the form as a plain GET and the server renders the filtered history. */}
      <form
        onSubmit={submit}
        className="grid gap-4 rounded-card border border-line bg-surface p-4 shadow-card sm:grid-cols-[minmax(0,1fr)_13rem_13rem] sm:items-end sm:p-5"
      >
        <div className="space-y-1.5">
          <Label htmlFor="winners-search">Buscar ganadores</Label>
          <div className="relative">
            <SearchIcon className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted" />
            <Input
              ref={searchRef}
              id="winners-search"
              name="q"
              type="search"
              value={text}
              maxLength={WINNERS_SEARCH_MAX}
              onChange={(event) => setText(event.target.value)}
              placeholder="Rifa, premio o nombre del ganador"
              autoComplete="off"
              className="pl-9"
            />
          </div>
        </div>
        <FilterSelect
          selectRef={monthRef}
          id="winners-month"
          name="mes"
          label="Mes"
          allLabel="Todos los meses"
          value={filters.month}
          options={MONTHS}
          onChoose={(month) => onChange({ ...filters, q: text, month })}
        />
        <FilterSelect
          selectRef={yearRef}
          id="winners-year"
          name="anio"
          label="Año"
          allLabel="Todos los años"
          value={filters.year}
          options={years.map((year) => ({ value: year, label: String(year) }))}
          onChoose={(year) => onChange({ ...filters, q: text, year })}
        />
        {hasFilters(filters) ? (
          <div className="sm:col-span-3">
            <Button
              variant="link"
              size="sm"
              waitsForCode
              onClick={() => {
                setText("");
                onChange({ q: "", month: null, year: null });
              }}
            >
              Limpiar filtros
            </Button>
          </div>
        ) : null}
      </form>
    </search>
  );
}
