import { type RefObject, useEffect } from "react";

/**
 * A form control on a server-rendered page can be changed before the page's code has run: after
 * hydration the field shows the visitor's value while React's state still holds the server's, and the
 * page would act on the wrong one. Once mounted, this hands the field's value to `adopt` when it differs
 * from what was rendered (never otherwise, so client-rendered pages are unaffected).
 */
export function useValueBeforeHydration(
  ref: RefObject<HTMLInputElement | HTMLSelectElement | null>,
  rendered: string,
  adopt: (value: string) => void,
): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, right after hydration; later changes go through the field's own handlers.
  useEffect(() => {
    const value = ref.current?.value;
    if (value !== undefined && value !== rendered) adopt(value);
  }, []);
}
