export { CONTENT_ERRORS, liveBroadcastsQueryOptions, testimonialsQueryOptions } from "./api";
export { BroadcastCard } from "./broadcast-card";
export { formatDay } from "./dates";
export { LegalPage } from "./legal-page";
export { LEGAL_LINK_CLASSES, LegalSection, SectionIndex, SupportContactLinks } from "./legal-section";
export { ActiveRafflesLink, EmptyState, LoadError } from "./states";
export { TestimonialCard } from "./testimonial-card";
export { useHashScroll } from "./use-hash-scroll";
