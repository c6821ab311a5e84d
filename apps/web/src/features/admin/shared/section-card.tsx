import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader } from "../../../components/ui/card";

interface SectionCardProps {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  headingLevel?: "h2" | "h3";
}

/** A titled card: each admin tab is a few of these. */
export function SectionCard({
  title,
  description,
  actions,
  children,
  className,
  headingLevel = "h2",
}: SectionCardProps) {
  const Heading = headingLevel;
  return (
    <Card className={className}>
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between space-y-0!">
        <div className="min-w-0 space-y-1">
          <Heading className="text-lg font-bold text-ink">{title}</Heading>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </div>
        {actions ? <div className="flex shrink-0 flex-wrap gap-2">{actions}</div> : null}
      </CardHeader>
      <CardContent className="min-w-0">{children}</CardContent>
    </Card>
  );
}
