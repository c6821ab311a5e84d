export { ContactDetails } from "./contact-details";
export { ContactForm } from "./contact-form";
