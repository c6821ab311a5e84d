import { LEVELS, type LoyaltyLevel, POINTS_UNIT_LABEL } from "@rifazo/shared/domain/levels";
import { CheckIcon } from "../../components/ui/icons";
import { cn } from "../../lib/cn";
import { formatNumber } from "../../lib/format";
import { LEVEL_STYLES } from "./level-style";

export function levelRange(level: LoyaltyLevel): string {
  return level.maxPoints === null
    ? `${formatNumber(level.minPoints)}+ ${POINTS_UNIT_LABEL}`
    : `${formatNumber(level.minPoints)} – ${formatNumber(level.maxPoints)} ${POINTS_UNIT_LABEL}`;
}

/** The four levels with their thresholds, discounts and benefits; the member's own level is marked. */
export function LevelsGrid({ currentLevel }: { currentLevel?: string | null }) {
  return (
    <ul className="grid gap-5 sm:grid-cols-2 xl:grid-cols-4">
      {LEVELS.map((level) => {
        const style = LEVEL_STYLES[level.name];
        const current = currentLevel === level.name;
        return (
          <li
            key={level.name}
            className={cn(
              "flex flex-col gap-4 rounded-card border border-t-4 border-line bg-surface p-5 shadow-card",
              style.border,
              current && "ring-2 ring-brand-600",
            )}
          >
            <div className="flex items-center gap-3">
              <span
                className={cn("flex size-12 items-center justify-center rounded-full text-2xl", style.chip)}
              >
                {style.icon}
              </span>
              <div>
                <h3 className="text-lg font-bold text-ink">
                  Nivel {level.name}
                  {current ? <span className="sr-only"> (tu nivel actual)</span> : null}
                </h3>
                <p className="text-sm text-muted">{levelRange(level)}</p>
              </div>
            </div>
            {current ? (
              <p
                className="self-start rounded-pill bg-brand-700 px-2.5 py-0.5 text-xs font-bold text-white"
                aria-hidden="true"
              >
                Tu nivel
              </p>
            ) : null}
            <ul className="space-y-2 text-sm text-muted">
              {level.benefits.map((benefit) => (
                <li key={benefit} className="flex gap-2">
                  <CheckIcon className="mt-0.5 shrink-0 text-success-600" />
                  <span>{benefit}</span>
                </li>
              ))}
            </ul>
          </li>
        );
      })}
    </ul>
  );
}
