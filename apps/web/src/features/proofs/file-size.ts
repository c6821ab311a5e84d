/** "320 kB", "1,4 MB": sizes as the buyer reads them (es-VE decimal comma). */
export function formatBytes(bytes: number): string {
  if (bytes < 1000 * 1000) return `${Math.max(1, Math.round(bytes / 1000))} kB`;
  return `${(bytes / (1000 * 1000)).toFixed(1).replace(".", ",")} MB`;
}

/** Files this small go as they are: re-encoding would only cost sharpness (decision 0030). */
export const SMALL_PROOF_BYTES = 150_000;

/** Whether the browser may make this proof lighter before sending it: a JPG or PNG over that size. */
export function mayBeLightened(file: File): boolean {
  if (file.type === "application/pdf" || /\.pdf$/i.test(file.name)) return false;
  if (!file.type.startsWith("image/") && !/\.(jpe?g|png)$/i.test(file.name)) return false;
  return file.size > SMALL_PROOF_BYTES;
}
