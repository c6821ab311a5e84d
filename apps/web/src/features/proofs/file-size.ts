/** "320 kB", "1,4 MB": sizes as the buyer reads them (es-VE decimal comma). */
export function formatBytes(bytes: number): string {
  if (bytes < 1000 * 1000) return `${Math.max(1, Math.round(bytes / 1000))} kB`;
  return `${(bytes / (1000 * 1000)).toFixed(1).replace(".", ",")} MB`;
}
