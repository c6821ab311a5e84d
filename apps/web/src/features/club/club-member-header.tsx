import {
  levelForPoints,
  nextLevelForPoints,
  POINTS_UNIT_LABEL,
  pointsToNextLevel,
  progressToNextLevel,
} from "@rifazo/shared/domain/levels";
import { cn } from "../../lib/cn";
import { formatNumber } from "../../lib/format";
import { LEVEL_STYLES } from "./level-style";

/**
 * Level, points and progress to the next level of a signed-in member (spec 1 §2, §4). `points` is the
 * balance that can be spent; the level and its progress follow the points `earned` over time, so
 * redeeming a reward never lowers them.
 */
export function ClubMemberHeader({ name, points, earned }: { name: string; points: number; earned: number }) {
  const level = levelForPoints(earned);
  const next = nextLevelForPoints(earned);
  const progress = Math.round(progressToNextLevel(earned));
  const style = LEVEL_STYLES[level.name];
  const firstName = name.trim().split(/\s+/)[0] || "Usuario";
  return (
    <section
      aria-labelledby="club-miembro"
      className={cn(
        "on-dark rounded-card bg-gradient-to-br p-6 text-white shadow-card sm:p-8",
        style.gradient,
      )}
    >
      <div className="flex flex-col gap-6 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-center gap-4">
          <span className="flex size-14 items-center justify-center rounded-full bg-white/20 text-3xl">
            {style.icon}
          </span>
          <div>
            <p className="text-sm text-white/85">Hola, {firstName}</p>
            <h2 id="club-miembro" className="text-2xl font-black">
              Nivel {level.name}
            </h2>
          </div>
        </div>
        <p className="text-right">
          <span className="block text-3xl font-black">{formatNumber(points)}</span>
          <span className="text-sm font-semibold text-white/85">{POINTS_UNIT_LABEL}</span>
        </p>
      </div>
      <div className="mt-6 space-y-2">
        <div
          role="progressbar"
          aria-label={next ? `Progreso hacia el Nivel ${next.name}` : "Nivel máximo alcanzado"}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          className="h-2.5 overflow-hidden rounded-pill bg-white/25"
        >
          <div className="h-full rounded-pill bg-white" style={{ width: `${progress}%` }} />
        </div>
        <p className="text-sm text-white/90">
          {next
            ? `Te faltan ${formatNumber(pointsToNextLevel(earned))} ${POINTS_UNIT_LABEL} para el Nivel ${next.name}.`
            : "¡Alcanzaste el nivel máximo!"}
        </p>
      </div>
    </section>
  );
}
