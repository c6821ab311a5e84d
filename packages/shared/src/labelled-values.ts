/**
 * The values of a label map, in its order, as a non-empty tuple (what z.enum and the database's checks
 * take): a list of values and their Spanish labels are written once, as the map.
 */
export function valuesOf<K extends string>(labels: Record<K, string>): readonly [K, ...K[]] {
  return Object.keys(labels) as unknown as readonly [K, ...K[]];
}
