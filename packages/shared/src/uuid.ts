// Ids are UUIDs (any version, either case). A malformed id names nothing, so every route answers it with
// the same 404 as an unknown one before it reaches the database, where the cast would fail.

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
