import { Label } from "../../../components/ui/label";
import { Select, type SelectOption } from "../../../components/ui/select";

interface SelectFilterProps {
  id: string;
  label: string;
  options: readonly SelectOption[];
  value: string;
  onChange: (value: string) => void;
}

/** A labelled dropdown above an admin list (Estado, Rifa, Entidad...). */
export function SelectFilter({ id, label, options, value, onChange }: SelectFilterProps) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Select id={id} options={options} value={value} onValueChange={onChange} />
    </div>
  );
}
