/** First word of a full name, for greetings ("Hola, María"); spec 1 falls back to 'Usuario'. */
export function firstName(fullName: string | null | undefined, fallback = "Usuario"): string {
  return fullName?.trim().split(/\s+/)[0] || fallback;
}

/** Up to two initials for the avatar fallback: "María José Pérez" -> "MP". */
export function initialsOf(fullName: string | null | undefined, fallback = "U"): string {
  const words = fullName?.trim().split(/\s+/).filter(Boolean) ?? [];
  if (words.length === 0) return fallback;
  const first = words[0]?.[0] ?? "";
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? "") : "";
  return (first + last).toLocaleUpperCase("es-VE") || fallback;
}
