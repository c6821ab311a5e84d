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
