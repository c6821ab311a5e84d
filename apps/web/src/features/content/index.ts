export { CONTENT_ERRORS, liveBroadcastsQueryOptions, testimonialsQueryOptions } from "./api";
export { BroadcastCard } from "./broadcast-card";
export { formatDay } from "./dates";
export { LegalPage } from "./legal-page";
export { LegalSection, SectionIndex } from "./legal-section";
export { EmptyState, LoadError } from "./states";
export { TestimonialCard } from "./testimonial-card";
export { useHashScroll } from "./use-hash-scroll";
