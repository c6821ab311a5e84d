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

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** 'Comienza en 2 días, 5 horas y 3 minutos' (minutes precision: read out, it must not change every second). */
export function countdownSentence(parts: CountdownParts): string {
  if (parts.done) return "Ya comenzó";
  const pieces = [
    parts.days ? plural(parts.days, "día", "días") : "",
    parts.hours ? plural(parts.hours, "hora", "horas") : "",
    plural(parts.minutes, "minuto", "minutos"),
  ].filter(Boolean);
  const last = pieces.pop() as string;
  return `Comienza en ${pieces.length ? `${pieces.join(", ")} y ${last}` : last}`;
}
