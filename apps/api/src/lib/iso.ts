/** A date as the API sends it (ISO 8601), null when there is none. */
export const iso = (date: Date | null | undefined): string | null => (date ? date.toISOString() : null);
