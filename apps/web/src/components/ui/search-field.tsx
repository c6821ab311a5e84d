import { useId } from "react";
import { cn } from "../../lib/cn";
import { CloseIcon, SearchIcon } from "./icons";
import { Input } from "./input";
import { Label } from "./label";

interface SearchFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  maxLength?: number;
  /** Shows the label above the box (admin filters); otherwise it is for screen readers only. */
  visibleLabel?: boolean;
  id?: string;
  className?: string;
}

/** A labelled search box with a clear button, for the searchable lists of the profile and admin areas. */
export function SearchField({
  label,
  value,
  onChange,
  placeholder,
  maxLength = 100,
  visibleLabel = false,
  id,
  className,
}: SearchFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <search className={cn("block w-full", visibleLabel ? "space-y-1.5" : "sm:max-w-sm", className)}>
      <Label htmlFor={inputId} className={visibleLabel ? undefined : "sr-only"}>
        {label}
      </Label>
      <div className="relative">
        <SearchIcon className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-lg text-muted" />
        <Input
          id={inputId}
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
      </div>
    </search>
  );
}
