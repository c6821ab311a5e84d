import { useState } from "react";
import { cn } from "../../lib/cn";
import { initialsOf } from "../../lib/names";

interface AvatarProps {
  name: string;
  src?: string | null;
  className?: string;
}

/** The user's picture, or their initials when there is none or it fails to load. Decorative. */
export function Avatar({ name, src, className }: AvatarProps) {
  const [failed, setFailed] = useState(false);
  return (
    <span
      aria-hidden="true"
      className={cn(
        "inline-flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-full bg-gradient-to-br from-brand-500 to-brand-800 text-sm font-bold text-white ring-2 ring-white",
        className,
      )}
    >
      {src && !failed ? (
        <img src={src} alt="" className="size-full object-cover" onError={() => setFailed(true)} />
      ) : (
        initialsOf(name)
      )}
    </span>
  );
}
