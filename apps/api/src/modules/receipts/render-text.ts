// Text on the receipt's PNG drawing (./render): measured by DejaVu Sans' rough advance widths, wrapped and
// cut to fit, escaped for the SVG.

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c] ?? c,
  );

/**
 * Rough advance widths of DejaVu Sans in ems, erring wide, so a measured line never overflows its box
 * (librsvg draws with the real font; character counting let wide capitals run past the edge).
 */
function advance(char: string): number {
  if (" .,:;'!|ilIj·".includes(char)) return 0.32;
  if ("frt()-/".includes(char)) return 0.42;
  if ("mwMW@%…".includes(char)) return 1;
  if (/\p{Lu}/u.test(char)) return 0.76;
  return 0.64;
}

export function measure(value: string, size: number, bold: boolean, mono = false): number {
  // DejaVu Sans Mono: every glyph 0.602 em, bold too.
  if (mono) return Array.from(value).length * 0.602 * size;
  let ems = 0;
  for (const char of value) ems += advance(char);
  return ems * size * (bold ? 1.1 : 1);
}

/** The line cut to fit `width`, ending in "…" when something was cut. */
export function ellipsize(value: string, size: number, width: number, bold: boolean): string {
  if (measure(value, size, bold) <= width) return value;
  const chars = Array.from(value);
  while (chars.length > 0 && measure(`${chars.join("").trimEnd()}…`, size, bold) > width) chars.pop();
  return `${chars.join("").trimEnd()}…`;
}

/** Greedy word wrap by measured width, at most `maxLines` (the last one ellipsized if text is left). */
export function wrap(value: string, size: number, width: number, maxLines: number, bold = false): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of value.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (measure(next, size, bold) <= width) {
      line = next;
      continue;
    }
    if (line) lines.push(line);
    line = ellipsize(word, size, width, bold);
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = ellipsize(`${kept[maxLines - 1]}…`, size, width, bold);
  return kept;
}

export function text(x: number, y: number, value: string, size: number, attrs = ""): string {
  return `<text x="${x}" y="${y}" font-size="${size}" ${attrs}>${escapeXml(value)}</text>`;
}
