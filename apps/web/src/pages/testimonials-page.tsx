import { useQuery } from "@tanstack/react-query";
import { Page } from "../components/layout/page";
import { buttonClasses } from "../components/ui/button";
import { MailIcon, StarIcon } from "../components/ui/icons";
import { Skeleton } from "../components/ui/skeleton";
import {
  CONTENT_ERRORS,
  EmptyState,
  LoadError,
  TestimonialCard,
  testimonialsQueryOptions,
} from "../features/content";
import type { PrefetchPage } from "../lib/page-data";
import { SUPPORT_EMAIL } from "../lib/site";

const SHARE_STORY_HREF = `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent("Mi historia en Rifazo")}`;

function Testimonials() {
  const query = useQuery(testimonialsQueryOptions);
  if (query.isPending) {
    return (
      <div
        role="status"
        aria-label="Cargando testimonios"
        className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
      >
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} className="h-64 rounded-card" />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return <LoadError message={CONTENT_ERRORS.testimonials} onRetry={() => void query.refetch()} />;
  }
  if (query.data.length === 0) {
    return (
      <EmptyState icon={<StarIcon />} title="Pronto publicaremos las historias de nuestros ganadores.">
        ¿Ganaste con Rifazo? Cuéntanos tu experiencia y aparece aquí.
      </EmptyState>
    );
  }
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {query.data.map((testimonial) => (
        <li key={testimonial.id}>
          <TestimonialCard testimonial={testimonial} />
        </li>
      ))}
    </ul>
  );
}

/** Rendered on the server with the published testimonials. */
export const prefetchPage: PrefetchPage = ({ queryClient }) =>
  queryClient.prefetchQuery(testimonialsQueryOptions);

export function TestimonialsPage() {
  return (
    <Page
      title="Testimonios"
      eyebrow="Historias reales"
      description="Lo que dicen quienes ya ganaron con Rifazo."
    >
      <div className="space-y-8">
        <Testimonials />
        <section
          aria-labelledby="comparte-tu-historia"
          className="on-dark flex flex-col gap-4 rounded-card bg-brand-950 p-6 text-white sm:flex-row sm:items-center sm:justify-between"
        >
          <div className="space-y-1">
            <h2 id="comparte-tu-historia" className="text-xl font-bold">
              ¿Tienes una historia que contar?
            </h2>
            <p className="text-sm text-brand-100">
              Escríbenos a {SUPPORT_EMAIL} con tu nombre, tu ciudad y el premio que ganaste.
            </p>
          </div>
          <a href={SHARE_STORY_HREF} className={buttonClasses({ variant: "accent", className: "shrink-0" })}>
            <MailIcon />
            Compartir mi historia
          </a>
        </section>
      </div>
    </Page>
  );
}
