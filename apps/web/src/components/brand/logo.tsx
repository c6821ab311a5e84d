import { useId } from "react";
import { cn } from "../../lib/cn";

interface LogoMarkProps {
  className?: string;
}

/** The Rifazo mark: a raffle ticket with notched sides, a perforation line and a gold star. */
export function LogoMark({ className }: LogoMarkProps) {
  // Unique gradient id: the logo appears twice on a page (header and footer).
  const gradientId = useId();
  return (
    <svg viewBox="0 0 64 64" className={cn("size-9", className)} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#8b5cf6" />
          <stop offset="1" stopColor="#4c1d95" />
        </linearGradient>
      </defs>
      <g transform="rotate(-8 32 32)">
        <path
          fill={`url(#${gradientId})`}
          d="M10 12h44a4 4 0 0 1 4 4v9a7 7 0 0 0 0 14v9a4 4 0 0 1-4 4H10a4 4 0 0 1-4-4v-9a7 7 0 0 0 0-14v-9a4 4 0 0 1 4-4z"
        />
        <path
          stroke="#fcd34d"
          strokeWidth="2.5"
          strokeDasharray="3 3.5"
          strokeLinecap="round"
          d="M44 17v30"
        />
        <path
          fill="#fcd34d"
          d="m25 21.5 3.2 6.6 7.2 1-5.2 5.1 1.2 7.2-6.4-3.4-6.4 3.4 1.2-7.2-5.2-5.1 7.2-1z"
        />
      </g>
    </svg>
  );
}

interface LogoProps {
  className?: string;
  /** Light text for dark backgrounds (the footer). */
  inverted?: boolean;
}

/** Mark plus wordmark. The wordmark is real text, so the link around it gets the name "Rifazo". */
export function Logo({ className, inverted = false }: LogoProps) {
  return (
    <span className={cn("inline-flex items-center gap-2", className)}>
      <LogoMark />
      <span className={cn("text-xl font-black tracking-tight", inverted ? "text-white" : "text-brand-900")}>
        Rifa<span className={inverted ? "text-accent-300" : "text-accent-600"}>zo</span>
      </span>
    </span>
  );
}
