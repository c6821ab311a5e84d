import { useId } from "react";
import { CloseIcon, SearchIcon } from "../../../components/ui/icons";
import { Input } from "../../../components/ui/input";

interface SearchFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  maxLength?: number;
}

/** A labelled search box with a clear button, for the lists of the profile area. */
export function SearchField({ label, value, onChange, placeholder, maxLength = 100 }: SearchFieldProps) {
  const id = useId();
  return (
    <search className="relative block w-full sm:max-w-sm">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <SearchIcon className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-lg text-muted" />
      <Input
        id={id}
        type="search"
        value={value}
        maxLength={maxLength}
        placeholder={placeholder ?? label}
        onChange={(event) => onChange(event.target.value)}
        className="pr-10 pl-10 [&::-webkit-search-cancel-button]:hidden"
        enterKeyHint="search"
      />
      {value ? (
        <button
          type="button"
          onClick={() => onChange("")}
          aria-label="Borrar búsqueda"
          className="absolute inset-y-1 right-1 inline-flex w-9 items-center justify-center rounded-control text-muted hover:bg-brand-50 hover:text-ink"
        >
          <CloseIcon />
        </button>
      ) : null}
    </search>
  );
}
