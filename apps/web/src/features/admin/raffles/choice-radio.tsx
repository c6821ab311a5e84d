import type { ReactNode } from "react";
import { cn } from "../../../lib/cn";

interface ChoiceRadioProps {
  name: string;
  value: string;
  label: string;
  checked: boolean;
  onSelect: () => void;
}

/** A native radio drawn as a segmented button: arrow keys and screen readers work as usual. */
export function ChoiceRadio({ name, value, label, checked, onSelect }: ChoiceRadioProps) {
  return (
    <label
      className={cn(
        "flex h-11 cursor-pointer items-center justify-center gap-2 rounded-control border px-3 text-sm font-semibold transition-colors",
        "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60",
        checked
          ? "border-brand-600 bg-brand-50 text-brand-900"
          : "border-line bg-surface text-muted hover:border-brand-300",
      )}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={onSelect}
        className="size-4 accent-brand-700"
      />
      {label}
    </label>
  );
}

interface ChoiceFieldsetProps<T extends string> {
  legend: string;
  name: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onSelect: (value: T) => void;
  disabled?: boolean;
  /** Classes of the options' grid (two columns, full or narrow width). */
  gridClassName: string;
  /** Below the options: the field's error or a note on the chosen option. */
  children?: ReactNode;
}

/** A labelled group of choice radios, one value of the form chosen among a few. */
export function ChoiceFieldset<T extends string>({
  legend,
  name,
  options,
  value,
  onSelect,
  disabled,
  gridClassName,
  children,
}: ChoiceFieldsetProps<T>) {
  return (
    <fieldset className="space-y-2" disabled={disabled}>
      <legend className="text-sm font-semibold text-ink">{legend}</legend>
      <div className={gridClassName}>
        {options.map((option) => (
          <ChoiceRadio
            key={option.value}
            name={name}
            value={option.value}
            label={option.label}
            checked={value === option.value}
            onSelect={() => onSelect(option.value)}
          />
        ))}
      </div>
      {children}
    </fieldset>
  );
}
