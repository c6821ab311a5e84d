import { formatEsNumber, parseEsNumber } from "@rifazo/shared/domain/money";
import type { ChangeEvent } from "react";
import { Input, type InputProps } from "./input";

export interface MoneyInputProps extends Omit<InputProps, "type" | "inputMode"> {
  /** Decimal places the field holds: 2 for money (default), 0 for quantities, 4 for exchange rates. */
  decimals?: number;
}

/**
 * A money or quantity field that takes what Venezuelans type ("1.194,56", "2,5", "1.000") and shows the
 * value the es-VE way on blur ("2,50"). A text input: a number input in a browser set to English reads
 * "2,5" as 25 and "1.000" as 1. Text the shared parser refuses stays as typed, for the form's schema to
 * explain with the same parser's message.
 */
export function MoneyInput({ decimals = 2, onBlur, onChange, ...props }: MoneyInputProps) {
  return (
    <Input
      autoComplete="off"
      spellCheck={false}
      {...props}
      type="text"
      inputMode={decimals === 0 ? "numeric" : "decimal"}
      onChange={onChange}
      onBlur={(event) => {
        const parsed = parseEsNumber(event.target.value, { decimals });
        const canonical = parsed.ok ? formatEsNumber(parsed.value, decimals) : event.target.value;
        if (canonical !== event.target.value && !props.readOnly && !props.disabled) {
          event.target.value = canonical;
          // Form libraries read the new text from a change event, as if it had been typed. The event is
          // the browser's own (its target is not an own property a spread would copy).
          onChange?.({
            type: "change",
            target: event.target,
            currentTarget: event.currentTarget,
          } as unknown as ChangeEvent<HTMLInputElement>);
        }
        onBlur?.(event);
      }}
    />
  );
}
