import { type FormEvent, useEffect, useRef, useState } from "react";
import { Button } from "../../components/ui/button";
import { SearchIcon } from "../../components/ui/icons";
import { Input, inputClasses } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { cn } from "../../lib/cn";
import { hasFilters, MONTHS, WINNERS_SEARCH_MAX, type WinnersFilters, winnersYears } from "./filters";

const SEARCH_DELAY_MS = 350;

interface WinnersFiltersBarProps {
  filters: WinnersFilters;
  onChange: (next: WinnersFilters) => void;
}

// Native selects: light (no popup library on a public page) and the best picker on phones.
const selectClasses = cn(inputClasses, "pr-8");

/** Search (applied as you type, after a short pause), month and year filters. */
export function WinnersFiltersBar({ filters, onChange }: WinnersFiltersBarProps) {
  const [text, setText] = useState(filters.q);
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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange({ ...filters, q: text });
  };

  const years = winnersYears();

  return (
    <search aria-label="Filtrar ganadores">
      <form
        onSubmit={submit}
        className="grid gap-4 rounded-card border border-line bg-surface p-4 shadow-card sm:grid-cols-[minmax(0,1fr)_13rem_11rem] sm:items-end sm:p-5"
      >
        <div className="space-y-1.5">
          <Label htmlFor="winners-search">Buscar ganadores</Label>
          <div className="relative">
            <SearchIcon className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted" />
            <Input
              id="winners-search"
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
        <div className="space-y-1.5">
          <Label htmlFor="winners-month">Mes</Label>
          <select
            id="winners-month"
            className={selectClasses}
            value={filters.month ?? ""}
            onChange={(event) =>
              onChange({ ...filters, q: text, month: event.target.value ? Number(event.target.value) : null })
            }
          >
            <option value="">Todos los meses</option>
            {MONTHS.map((month) => (
              <option key={month.value} value={month.value}>
                {month.label}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="winners-year">Año</Label>
          <select
            id="winners-year"
            className={selectClasses}
            value={filters.year ?? ""}
            onChange={(event) =>
              onChange({ ...filters, q: text, year: event.target.value ? Number(event.target.value) : null })
            }
          >
            <option value="">Todos los años</option>
            {years.map((year) => (
              <option key={year} value={year}>
                {year}
              </option>
            ))}
          </select>
        </div>
        {hasFilters(filters) ? (
          <div className="sm:col-span-3">
            <Button
              variant="link"
              size="sm"
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
