import type { ReactNode } from "react";
import { DocumentTitle } from "../../components/layout/document-title";
import { Card, CardContent } from "../../components/ui/card";
import { ClockIcon } from "../../components/ui/icons";

interface ProfileSectionProps {
  title: string;
  description: string;
  children?: ReactNode;
}

/** Heading and body of a profile sub-page; without children it says the section is on its way. */
export function ProfileSection({ title, description, children }: ProfileSectionProps) {
  return (
    <section aria-labelledby="profile-section-title" className="space-y-5">
      <DocumentTitle title={title} />
      <div className="space-y-1">
        <h1 id="profile-section-title" className="text-2xl font-black tracking-tight text-ink sm:text-3xl">
          {title}
        </h1>
        <p className="text-muted">{description}</p>
      </div>
      {children ?? (
        <Card>
          <CardContent className="flex items-center gap-4">
            <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xl text-brand-700">
              <ClockIcon />
            </span>
            <p className="text-sm text-muted">
              Estamos preparando esta sección. Muy pronto estará disponible.
            </p>
          </CardContent>
        </Card>
      )}
    </section>
  );
}
