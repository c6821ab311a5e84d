import { Card, CardContent } from "../../components/ui/card";
import { MapPinIcon, TrophyIcon } from "../../components/ui/icons";
import type { Testimonial } from "./api";
import { formatDay } from "./dates";
import { StarRating } from "./star-rating";

export function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  return (
    <Card className="flex h-full flex-col">
      <CardContent className="flex flex-1 flex-col gap-4">
        <StarRating rating={testimonial.rating} />
        <blockquote className="flex-1 text-base leading-relaxed text-ink">
          <p>“{testimonial.text}”</p>
        </blockquote>
        <div className="space-y-1.5 border-t border-line pt-4 text-sm">
          <p className="font-bold text-ink">{testimonial.name}</p>
          {testimonial.location ? (
            <p className="flex items-center gap-1.5 text-muted">
              <MapPinIcon className="text-brand-700" />
              {testimonial.location}
            </p>
          ) : null}
          {testimonial.prize ? (
            <p className="flex items-center gap-1.5 text-muted">
              <TrophyIcon className="text-accent-600" />
              <span>
                <span className="sr-only">Premio: </span>
                {testimonial.prize}
              </span>
            </p>
          ) : null}
          <p className="text-xs text-muted">
            <time dateTime={testimonial.date}>{formatDay(testimonial.date)}</time>
          </p>
        </div>
      </CardContent>
    </Card>
  );
}
