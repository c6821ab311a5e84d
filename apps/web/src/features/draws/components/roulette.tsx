import {
  RESULT_AT_MS,
  ROULETTE_MAX_TICKS,
  ROULETTE_MIN_TICKS,
  ROULETTE_TICK_MS,
  SUSPENSE_AT_MS,
} from "@rifazo/shared/domain/draw-page-state";
import { formatTicketNumber } from "@rifazo/shared/domain/tickets";
import { useEffect, useRef, useState } from "react";
import { randomDisplayNumber, rouletteTicks } from "../lib/roulette";

interface RouletteProps {
  totalTickets: number;
  /** Called once, RESULT_AT_MS after the spin starts: that is when the winners are fetched (not when calm). */
  onResultTime: () => void;
  /**
   * prefers-reduced-motion: reduce. No flickering digits and no pulse: a still message while the server
   * draws, and the result as soon as it answers (WCAG 2.3.3, animation from interactions).
   */
  calm?: boolean;
}

/** The spin: 30-44 flickering numbers at 90 ms, then suspense from 3.5 s, then the result at 5 s. */
export function Roulette({ totalTickets, onResultTime, calm = false }: RouletteProps) {
  const [display, setDisplay] = useState(() => formatTicketNumber(0, totalTickets));
  const [suspense, setSuspense] = useState(false);
  const done = useRef(onResultTime);
  done.current = onResultTime;

  useEffect(() => {
    // Calm: the page asks for the result itself, at once.
    if (calm) return;
    const ticks = rouletteTicks(Math.random, ROULETTE_MIN_TICKS, ROULETTE_MAX_TICKS);
    let count = 0;
    const spin = window.setInterval(() => {
      count += 1;
      setDisplay(randomDisplayNumber(Math.random, totalTickets));
      if (count >= ticks) window.clearInterval(spin);
    }, ROULETTE_TICK_MS);
    const suspenseTimer = window.setTimeout(() => setSuspense(true), SUSPENSE_AT_MS);
    const resultTimer = window.setTimeout(() => done.current(), RESULT_AT_MS);
    return () => {
      window.clearInterval(spin);
      window.clearTimeout(suspenseTimer);
      window.clearTimeout(resultTimer);
    };
  }, [totalTickets, calm]);

  if (calm) {
    return (
      <div className="flex flex-col items-center gap-2 py-6 text-center" role="status" aria-live="polite">
        <p className="text-lg font-bold text-ink">Sorteo en curso...</p>
        <p className="text-sm text-muted">Obteniendo la ronda de drand y calculando a los ganadores.</p>
      </div>
    );
  }

  return (
    <div className="flex flex-col items-center gap-4 py-6" role="status" aria-live="polite">
      <span className="sr-only">{suspense ? "Revelando a los ganadores..." : "Sorteo en curso..."}</span>
      <div
        aria-hidden="true"
        className={`rounded-card bg-brand-950 px-8 py-6 font-mono text-6xl font-black tracking-[0.3em] text-accent-300 shadow-card sm:text-7xl ${
          suspense ? "motion-safe:animate-pulse" : ""
        }`}
      >
        {display}
      </div>
      <p className="text-lg font-bold text-ink" aria-hidden="true">
        {suspense ? "¡Momento de suspenso!" : "Girando la tómbola..."}
      </p>
    </div>
  );
}
