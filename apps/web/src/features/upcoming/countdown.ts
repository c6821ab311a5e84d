import { countText } from "@rifazo/shared/domain/plural";
/** Time left until a moment, split for a countdown display. */
export interface CountdownParts {
  done: boolean;
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

export function countdownParts(target: number, now: number): CountdownParts {
  const left = Math.max(0, Math.floor((target - now) / 1000));
  return {
    done: left === 0,
    days: Math.floor(left / 86_400),
    hours: Math.floor((left % 86_400) / 3_600),
    minutes: Math.floor((left % 3_600) / 60),
    seconds: left % 60,
  };
}

const plural = countText;

/**
 * 'Faltan 2 días, 5 horas y 3 minutos', 'Falta 1 minuto', 'Falta menos de un minuto' (minutes precision:
 * read out, it must not change every second). Neutral, so it reads right before a start and before a draw.
 */
export function countdownSentence(parts: CountdownParts): string {
  if (parts.done) return "Ya es la hora";
  if (!parts.days && !parts.hours && !parts.minutes) return "Falta menos de un minuto";
  const pieces = [
    parts.days ? plural(parts.days, "día", "días") : "",
    parts.hours ? plural(parts.hours, "hora", "horas") : "",
    parts.minutes ? plural(parts.minutes, "minuto", "minutos") : "",
  ].filter(Boolean);
  const last = pieces.pop() as string;
  // "Falta 1 día", but "Faltan 1 día y 2 horas": the verb agrees with everything that is left.
  const verb = pieces.length === 0 && last.startsWith("1 ") ? "Falta" : "Faltan";
  return `${verb} ${pieces.length ? `${pieces.join(", ")} y ${last}` : last}`;
}
