import type { ReactNode } from "react";
import { cn } from "../../lib/cn";
import { LogoMark } from "../brand/logo";
import { DocumentTitle } from "./document-title";

/**
 * A whole screen instead of a page that could not be shown (an error, no connection): the logo, the
 * title (also the document's), what happened, then what the visitor can do.
 */
export function FullPageMessage({
  title,
  description,
  className,
  children,
}: {
  title: string;
  description: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      className={cn(
        "flex min-h-dvh flex-col items-center justify-center gap-6 bg-canvas px-4 text-center",
        className,
      )}
    >
      <DocumentTitle title={title} />
      <LogoMark className="size-16" />
      <div className="max-w-md space-y-2">
        <h1 className="text-2xl font-black text-ink">{title}</h1>
        <p className="text-muted">{description}</p>
      </div>
      {children}
    </div>
  );
}
