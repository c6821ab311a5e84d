import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { Page } from "../components/layout/page";
import { Button } from "../components/ui/button";
import { SearchIcon } from "../components/ui/icons";
import { Input } from "../components/ui/input";
import { Label } from "../components/ui/label";
import { NativeSelect } from "../components/ui/native-select";
import { Spinner } from "../components/ui/spinner";
import { publicSettingsQuery } from "../features/exchange-rate";
import {
  FILTER_OPTIONS,
  isFiltered,
  isRaffleListFilter,
  normalizeSearch,
  RAFFLE_TEXT,
  RaffleGrid,
  raffleKeys,
  raffleListQuery,
  readCriteria,
  SEARCH_MAX_LENGTH,
  SEARCH_PARAM,
  STATUS_PARAM,
  writeCriteria,
} from "../features/raffles";
import type { PrefetchPage } from "../lib/page-data";
import { paths } from "../lib/paths";
import { useRaffleEvents } from "../lib/use-raffle-events";
import { useValueBeforeHydration } from "../lib/use-value-before-hydration";

const SEARCH_DEBOUNCE_MS = 300;

/** Rendered on the server with the list the URL asks for and the bolívar rate (entry-server). */
export const prefetchPage: PrefetchPage = ({ queryClient, searchParams }) => {
  const criteria = readCriteria(searchParams);
  return Promise.all([
    queryClient.prefetchQuery(raffleListQuery(criteria.status, criteria.q)),
    queryClient.prefetchQuery(publicSettingsQuery),
  ]);
};

/** /rifas: search and status filter, both answered by the API and kept in the URL (spec 1 §2). */
/** The search box (its own field id) with the spinner while a new search loads. */
function SearchBox({
  inputRef,
  value,
  onChange,
  searching,
}: {
  inputRef: React.RefObject<HTMLInputElement | null>;
  value: string;
  onChange: (value: string) => void;
  searching: boolean;
}) {
  const searchId = useId();
  return (
    <div className="space-y-1.5">
      <Label htmlFor={searchId}>Buscar rifas</Label>
      <div className="relative">
        <SearchIcon className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted" />
        <Input
          ref={inputRef}
          id={searchId}
          name={SEARCH_PARAM}
          type="search"
          inputMode="search"
          enterKeyHint="search"
          autoComplete="off"
          maxLength={SEARCH_MAX_LENGTH}
          placeholder="Moto, iPhone, efectivo..."
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className="pr-10! pl-10!"
        />
        {searching ? (
          <span className="absolute top-1/2 right-3 -translate-y-1/2 text-brand-700">
            <Spinner label="Buscando..." />
          </span>
        ) : null}
      </div>
    </div>
  );
}

/** The status filter. */
function StatusField({
  selectRef,
  value,
  onChoose,
}: {
  selectRef: React.RefObject<HTMLSelectElement | null>;
  value: string;
  onChoose: (value: string) => void;
}) {
  const statusId = useId();
  return (
    <div className="space-y-1.5">
      <Label htmlFor={statusId}>Estado</Label>
      <NativeSelect
        ref={selectRef}
        id={statusId}
        name={STATUS_PARAM}
        options={FILTER_OPTIONS}
        value={value}
        onChange={(event) => onChoose(event.target.value)}
      />
    </div>
  );
}

/**
 * The search and status filter kept in the URL: the box follows the URL, typing updates it after a pause,
 * and what was typed or chosen before the page's code ran still counts.
 */
function useRaffleFilters() {
  const [params, setParams] = useSearchParams();
  const criteria = readCriteria(params);
  const [text, setText] = useState(criteria.q);
  const searchRef = useRef<HTMLInputElement>(null);
  const statusRef = useRef<HTMLSelectElement>(null);
  const chooseStatus = (value: string) => {
    if (isRaffleListFilter(value)) setParams((prev) => writeCriteria(prev, { status: value }));
  };

  // The box follows the URL when it changes from outside (back button, a shared link, "clear").
  useEffect(() => {
    setText((current) => (normalizeSearch(current) === criteria.q ? current : criteria.q));
  }, [criteria.q]);

  // Typing updates the URL (and the query) once the visitor pauses. replace: one history entry per search.
  useEffect(() => {
    const q = normalizeSearch(text);
    if (q === criteria.q) return;
    const timer = setTimeout(
      () => setParams((prev) => writeCriteria(prev, { q }), { replace: true }),
      SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [text, criteria.q, setParams]);

  // What the visitor typed or chose on the server-rendered page before its code ran (after the effects
  // above, which would otherwise reset the box to the URL's search).
  useValueBeforeHydration(searchRef, text, setText);
  useValueBeforeHydration(statusRef, criteria.status, chooseStatus);

  // Parameters the filters do not own (utm_source and the like) travel with the form too.
  const otherParams = [...params].filter(([name]) => name !== SEARCH_PARAM && name !== STATUS_PARAM);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const status = statusRef.current?.value ?? criteria.status;
    setParams((prev) =>
      writeCriteria(prev, { q: text, status: isRaffleListFilter(status) ? status : criteria.status }),
    );
  };
  const clear = () => {
    setText("");
    setParams((prev) => writeCriteria(prev, { status: "active_upcoming", q: "" }));
  };

  return { criteria, text, setText, searchRef, statusRef, chooseStatus, otherParams, onSubmit, clear };
}

/** /rifas: search and status filter, both answered by the API and kept in the URL (spec 1 §2). */
export function RafflesPage() {
  useRaffleEvents(raffleKeys.all);
  const { criteria, text, setText, searchRef, statusRef, chooseStatus, otherParams, onSubmit, clear } =
    useRaffleFilters();
  const query = useQuery(raffleListQuery(criteria.status, criteria.q));
  const filtered = isFiltered(criteria);
  const searching = query.isFetching && query.isPlaceholderData;

  return (
    <Page
      title="Rifas"
      eyebrow="Participa y gana"
      description="Explora todas las rifas, busca tu premio favorito y filtra por estado."
    >
      <search className="mb-6 block rounded-card border border-line bg-surface p-4 shadow-card sm:p-5">
        {/* A plain GET form (decision 0018): before or without the page's code, "Buscar" reloads
            /rifas?q=&estado= and the server renders that list; with it, the same submit navigates here. */}
        <form
          method="get"
          action={paths.raffles}
          onSubmit={onSubmit}
          aria-label="Filtrar rifas"
          className="grid gap-4 sm:grid-cols-[1fr_14rem_auto] sm:items-end"
        >
          {otherParams.map(([name, value]) => (
            <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
          ))}
          <SearchBox inputRef={searchRef} value={text} onChange={setText} searching={searching} />
          <StatusField selectRef={statusRef} value={criteria.status} onChoose={chooseStatus} />
          <Button type="submit" variant="outline">
            <SearchIcon /> Buscar
          </Button>
        </form>
      </search>

      <h2 className="sr-only">Resultados</h2>
      <div aria-busy={query.isFetching} className={searching ? "opacity-70 transition-opacity" : undefined}>
        <RaffleGrid
          raffles={query.data}
          isPending={query.isPending}
          isError={query.isError && !query.data}
          error={query.error}
          errorText={RAFFLE_TEXT.listError}
          emptyText={filtered ? RAFFLE_TEXT.listEmptyFiltered : RAFFLE_TEXT.listEmpty}
          onRetry={() => void query.refetch()}
          skeletons={6}
          priorityCount={3}
          emptyAction={
            filtered ? (
              <Button variant="outline" onClick={clear}>
                Ver Activas y Próximas
              </Button>
            ) : undefined
          }
        />
      </div>
    </Page>
  );
}
