import { type DrawTrustLevel, drawTrustText } from "@rifazo/shared/domain/draw-trust";
import { cn } from "../../lib/cn";
import { Alert } from "../ui/alert";
import { AlertTriangleIcon, ShieldIcon } from "../ui/icons";

/**
 * What a draw asks its readers to trust, stated where the draw appears (raffle page, card, draw page,
 * winners, receipts, transparency), without a click: the texts live once in
 * packages/shared/src/domain/draw-trust.ts. A warning level (a chain that is not the League of Entropy's,
 * a draw announced by the organiser, a v1 seed draw) is an alert; the others a plain statement.
 */
export function DrawTrustNotice({ level, className }: { level: DrawTrustLevel; className?: string }) {
  const text = drawTrustText(level);
  if (text.warning) {
    return (
      <Alert variant="warning" title={text.label} className={className} data-draw-trust={level}>
        {text.summary}
      </Alert>
    );
  }
  return (
    <div
      className={cn(
        "flex items-start gap-3 rounded-control border border-line bg-canvas p-4 text-sm",
        className,
      )}
      data-draw-trust={level}
    >
      <ShieldIcon className="mt-0.5 shrink-0 text-brand-700" />
      <div className="min-w-0 space-y-1">
        <p className="font-bold text-ink">{text.label}</p>
        <p className="text-muted">{text.summary}</p>
      </div>
    </div>
  );
}

/** One line for a card or a list entry: the label, with a warning sign when it is a warning. */
export function DrawTrustLine({ level, className }: { level: DrawTrustLevel; className?: string }) {
  const text = drawTrustText(level);
  return (
    <p
      className={cn(
        "flex items-center gap-1.5 text-sm font-semibold",
        text.warning ? "text-warning-700" : "text-brand-700",
        className,
      )}
      data-draw-trust={level}
    >
      {text.warning ? <AlertTriangleIcon aria-hidden="true" /> : <ShieldIcon aria-hidden="true" />}
      {text.label}
    </p>
  );
}
