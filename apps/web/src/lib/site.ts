/** Public contact details shown in the footer and on the legal and contact pages. */
export const SUPPORT_EMAIL = "soporte@rifazo.com.ve";
