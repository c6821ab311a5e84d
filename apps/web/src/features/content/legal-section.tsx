import type { ReactNode } from "react";
import { Link } from "react-router";
import { paths } from "../../lib/paths";
import { SUPPORT_EMAIL } from "../../lib/site";

/** A link inside a legal page's text: underlined, so it reads as a link within a paragraph. */
export const LEGAL_LINK_CLASSES = "font-semibold text-brand-700 underline underline-offset-2";

interface LegalSectionProps {
  /** Anchor id (e.g. 'cookies' for /politica-de-privacidad#cookies). */
  id: string;
  title: string;
  children: ReactNode;
}

/** One numbered or plain section of a legal or explanatory page: an h2 and its text, linkable by id. */
export function LegalSection({ id, title, children }: LegalSectionProps) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-24 space-y-3">
      <h2 id={`${id}-title`} className="text-xl font-bold text-ink">
        {title}
      </h2>
      <div className="space-y-3 leading-relaxed text-muted [&_strong]:text-ink [&_ul]:list-disc [&_ul]:space-y-1.5 [&_ul]:pl-5">
        {children}
      </div>
    </section>
  );
}

/** A table of contents for a long page; the links jump to each section's id. */
export function SectionIndex({
  label,
  items,
}: {
  label: string;
  items: readonly { id: string; title: string }[];
}) {
  return (
    <nav aria-label={label} className="rounded-card border border-line bg-surface p-5 shadow-card">
      <p className="mb-3 text-sm font-bold tracking-wide text-brand-700 uppercase">{label}</p>
      <ul className="grid gap-x-8 gap-y-1.5 text-sm sm:grid-cols-2">
        {items.map((item) => (
          <li key={item.id}>
            <a href={`#${item.id}`} className="font-medium text-brand-700 underline-offset-4 hover:underline">
              {item.title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** "<support email> o usa el formulario de contacto": the two ways to reach us, inside a sentence. */
export function SupportContactLinks() {
  return (
    <>
      <a href={`mailto:${SUPPORT_EMAIL}`} className={LEGAL_LINK_CLASSES}>
        {SUPPORT_EMAIL}
      </a>{" "}
      o usa el{" "}
      <Link to={paths.contact} className={LEGAL_LINK_CLASSES}>
        formulario de contacto
      </Link>
    </>
  );
}
