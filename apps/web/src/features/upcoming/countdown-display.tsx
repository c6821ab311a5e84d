import { pluralWord } from "@rifazo/shared/domain/plural";
import { useNow } from "../../lib/use-now";
import { countdownParts, countdownSentence } from "./countdown";

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * Days, hours, minutes and seconds to `target`, ticking every second on its own (the card around it
 * does not re-render); screen readers get one sentence with minute precision.
 */
export function CountdownDisplay({
  target,
  now: givenNow,
}: {
  target: number /** A caller's own clock. */;
  now?: number;
}) {
  const clock = useNow(1_000).getTime();
  const now = givenNow ?? clock;
  const parts = countdownParts(target, now);
  const units = [
    { value: String(parts.days), label: pluralWord(parts.days, "Día", "Días") },
    { value: pad(parts.hours), label: "Horas" },
    { value: pad(parts.minutes), label: "Min" },
    { value: pad(parts.seconds), label: "Seg" },
  ];
  return (
    <div role="timer" aria-atomic="true">
      <span className="sr-only">{countdownSentence(parts)}</span>
      <div aria-hidden="true" className="grid grid-cols-4 gap-2">
        {units.map((unit) => (
          <div key={unit.label} className="rounded-control bg-brand-950 px-1 py-2 text-center text-white">
            <span className="block font-mono text-xl font-bold tabular-nums sm:text-2xl">{unit.value}</span>
            <span className="block text-[0.7rem] font-semibold tracking-wide text-brand-200 uppercase">
              {unit.label}
            </span>
          </div>
        ))}
      </div>
    </div>
  );
}
