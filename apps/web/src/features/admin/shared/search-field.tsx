import { SearchIcon } from "../../../components/ui/icons";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";

interface SearchFieldProps {
  id: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
}

/** Labelled "Buscar" input with the search icon, used by the admin list filters. */
export function SearchField({
  id,
  placeholder,
  value,
  onChange,
  className = "space-y-1.5",
}: SearchFieldProps) {
  return (
    <div className={className}>
      <Label htmlFor={id}>Buscar</Label>
      <div className="relative">
        <SearchIcon className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted" />
        <Input
          id={id}
          type="search"
          className="pl-9"
          placeholder={placeholder}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
    </div>
  );
}
