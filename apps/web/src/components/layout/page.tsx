import type { ReactNode } from "react";
import { cn } from "../../lib/cn";
import { DocumentTitle } from "./document-title";

export function PageContainer({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={cn("mx-auto w-full max-w-page px-4 sm:px-6 lg:px-8", className)}>{children}</div>;
}

interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  eyebrow?: string;
  actions?: ReactNode;
  /** The document title when it differs from the heading (a count in front, "(3) Panel..."). */
  documentTitle?: string;
}

/** The page's single h1, with the document title set to match. */
export function PageHeader({ title, description, eyebrow, actions, documentTitle }: PageHeaderProps) {
  return (
    <header className="flex flex-col gap-4 pb-6 sm:flex-row sm:items-end sm:justify-between sm:pb-8">
      <DocumentTitle title={documentTitle ?? title} />
      <div className="space-y-2">
        {eyebrow ? (
          <p className="text-sm font-bold tracking-wide text-brand-700 uppercase">{eyebrow}</p>
        ) : null}
        <h1 className="text-3xl font-black tracking-tight text-ink sm:text-4xl">{title}</h1>
        {description ? <p className="max-w-2xl text-base text-muted">{description}</p> : null}
      </div>
      {actions ? <div className="flex shrink-0 gap-2">{actions}</div> : null}
    </header>
  );
}

/** Standard page frame: container, vertical rhythm and header. */
export function Page({
  children,
  className,
  ...header
}: PageHeaderProps & { children?: ReactNode; className?: string }) {
  return (
    <PageContainer className={cn("py-8 sm:py-12", className)}>
      <PageHeader {...header} />
      {children}
    </PageContainer>
  );
}
