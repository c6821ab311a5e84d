import { pluralWord } from "@rifazo/shared/domain/plural";
import { cn } from "../../lib/cn";

/** "3" beside the Comprobantes tab and the menu's admin link; nothing while none wait. */
export function PendingCountBadge({ count, className }: { count: number | undefined; className?: string }) {
  if (!count) return null;
  return (
    <span
      data-testid="pending-count"
      className={cn(
        "ml-1.5 inline-flex min-w-5 items-center justify-center rounded-pill bg-danger-600 px-1.5 text-xs font-bold text-white",
        className,
      )}
    >
      {count > 99 ? "99+" : count}
      <span className="sr-only">
        {" "}
        {pluralWord(count, "comprobante pendiente", "comprobantes pendientes")}
      </span>
    </span>
  );
}
