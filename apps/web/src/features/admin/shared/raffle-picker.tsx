import { Label } from "../../../components/ui/label";
import { Select } from "../../../components/ui/select";
import type { AdminRaffle } from "../api/admin-api";

interface RafflePickerProps {
  id: string;
  raffles: readonly AdminRaffle[] | undefined;
  value: string;
  onChange: (value: string) => void;
  /** Offers an "all raffles" option with this label and the value "all". */
  allLabel?: string;
  placeholder?: string;
  className?: string;
  "aria-describedby"?: string;
  disabled?: boolean;
}

export function RafflePicker({
  id,
  raffles,
  value,
  onChange,
  allLabel,
  placeholder = "Selecciona una rifa",
  className,
  disabled,
  ...aria
}: RafflePickerProps) {
  const options = [
    ...(allLabel ? [{ value: "all", label: allLabel }] : []),
    ...(raffles ?? []).map((raffle) => ({ value: raffle.id, label: raffle.title })),
  ];
  return (
    <Select
      id={id}
      options={options}
      value={value}
      onValueChange={onChange}
      placeholder={raffles ? placeholder : "Cargando rifas..."}
      className={className}
      disabled={disabled || !raffles}
      aria-describedby={aria["aria-describedby"]}
    />
  );
}

interface RaffleFilterProps {
  id: string;
  label: string;
  /** Hides the label (read by screen readers only) where the card's title already says it. */
  labelHidden?: boolean;
  /** Classes of the wrapper (spacing, width). */
  className: string;
  raffles: readonly AdminRaffle[] | undefined;
  value: string;
  onChange: (value: string) => void;
}

/** A labelled raffle picker above a list or chart: every raffle ("Todas las rifas") or one of them. */
export function RaffleFilter({
  id,
  label,
  labelHidden,
  className,
  raffles,
  value,
  onChange,
}: RaffleFilterProps) {
  return (
    <div className={className}>
      <Label htmlFor={id} className={labelHidden ? "sr-only" : undefined}>
        {label}
      </Label>
      <RafflePicker id={id} raffles={raffles} value={value} onChange={onChange} allLabel="Todas las rifas" />
    </div>
  );
}
