/**
 * A value from a record in a check's words, never throwing: a record comes from the network, so a field may
 * be an object whose toString is not a function (String() would throw "Cannot convert object to primitive
 * value"). Primitives read as String() reads them; anything else as JSON.
 */
export function valueText(value: unknown): string {
  if (value === null || (typeof value !== "object" && typeof value !== "function")) return String(value);
  try {
    return JSON.stringify(value) ?? typeof value;
  } catch {
    return `(${typeof value})`;
  }
}
