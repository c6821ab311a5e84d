import type { Ref, SelectHTMLAttributes } from "react";
import { cn } from "../../lib/cn";
import { ChevronDownIcon } from "./icons";
import { inputClasses } from "./input";
import type { SelectOption } from "./select-option";

interface NativeSelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "children"> {
  options: readonly SelectOption[];
  ref?: Ref<HTMLSelectElement>;
}

/**
 * The browser's own <select>, styled like the inputs. For public pages: it costs no JavaScript (the Radix
 * Select in ./select adds ~25 kB gzip) and phones open their native picker, the easiest one to use there.
 */
export function NativeSelect({ options, className, ...props }: NativeSelectProps) {
  return (
    <div className="relative">
      <select className={cn(inputClasses, "cursor-pointer appearance-none pr-10", className)} {...props}>
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
      <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-muted" />
    </div>
  );
}
