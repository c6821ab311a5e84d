import type { LevelName } from "@rifazo/shared/constants";
import type { ReactNode } from "react";
import { AwardIcon, CrownIcon, GemIcon, MedalIcon } from "../../components/ui/icons";

// Class names per level live here rather than in @rifazo/shared/domain/levels: Tailwind only generates
// utilities it finds in the web app's own sources, so names written in the shared package never reach the CSS.

export interface LevelStyle {
  icon: ReactNode;
  /** Icon disc and badge. */
  chip: string;
  /** Card top border. */
  border: string;
  /** Header gradient. */
  gradient: string;
  /** Progress bar fill. */
  bar: string;
}

export const LEVEL_STYLES: Record<LevelName, LevelStyle> = {
  Bronce: {
    icon: <MedalIcon />,
    chip: "bg-amber-100 text-amber-800",
    border: "border-t-amber-500",
    gradient: "from-amber-700 to-amber-900",
    bar: "bg-amber-600",
  },
  Plata: {
    icon: <AwardIcon />,
    chip: "bg-slate-200 text-slate-700",
    border: "border-t-slate-400",
    gradient: "from-slate-500 to-slate-700",
    bar: "bg-slate-500",
  },
  Oro: {
    icon: <CrownIcon />,
    chip: "bg-yellow-100 text-yellow-800",
    border: "border-t-yellow-400",
    gradient: "from-yellow-600 to-amber-700",
    bar: "bg-yellow-500",
  },
  Diamante: {
    icon: <GemIcon />,
    chip: "bg-cyan-100 text-cyan-800",
    border: "border-t-cyan-400",
    gradient: "from-cyan-700 to-blue-800",
    bar: "bg-cyan-500",
  },
};
