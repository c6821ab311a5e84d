import type { ReactNode } from "react";
import { Page } from "../../components/layout/page";
import { Card, CardContent } from "../../components/ui/card";
import { SectionIndex } from "./legal-section";
import { useHashScroll } from "./use-hash-scroll";

/**
 * A legal page (terms, privacy): its header, the index of its sections, then one card with the
 * introduction and the sections. A link with a #section opens at that section.
 */
export function LegalPage({
  title,
  description,
  sections,
  intro,
  children,
}: {
  title: string;
  description: string;
  sections: readonly { id: string; title: string }[];
  intro: ReactNode;
  children: ReactNode;
}) {
  useHashScroll();
  return (
    <Page title={title} eyebrow="Legal" description={description}>
      <div className="space-y-6">
        <SectionIndex label="Contenido" items={sections} />
        <Card>
          <CardContent className="space-y-10">
            <p className="leading-relaxed text-muted">{intro}</p>
            {children}
          </CardContent>
        </Card>
      </div>
    </Page>
  );
}
