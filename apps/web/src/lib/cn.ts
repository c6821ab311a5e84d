/** Joins class names, skipping falsy values (no dependency needed for the few conditional classes we use). */
export function cn(...values: Array<string | false | null | undefined>): string {
  return values.filter(Boolean).join(" ");
}
