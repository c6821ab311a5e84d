import { z } from "zod";
import { EMAIL_PATTERN } from "./auth";

// Contact form (/contacto, spec 1 §2 and §5): every field required, email with the simple pattern.

export const CONTACT_LIMITS = { name: 120, email: 254, subject: 150, message: 5000 } as const;

export const CONTACT_MESSAGES = {
  nameRequired: "Por favor, ingresa tu nombre.",
  nameTooLong: `El nombre no puede superar los ${CONTACT_LIMITS.name} caracteres.`,
  invalidEmail: "Por favor, proporciona un correo electrónico válido.",
  subjectRequired: "Por favor, ingresa el asunto de tu mensaje.",
  subjectTooLong: `El asunto no puede superar los ${CONTACT_LIMITS.subject} caracteres.`,
  messageRequired: "Por favor, escribe tu mensaje.",
  messageTooLong: `El mensaje no puede superar los ${CONTACT_LIMITS.message} caracteres.`,
  successTitle: "¡Mensaje Enviado!",
  success: "Gracias por escribirnos. Te responderemos lo antes posible.",
  rateLimited: "Has enviado varios mensajes seguidos. Espera unos minutos e inténtalo de nuevo.",
} as const;

/** Collapses line breaks and runs of spaces: names and subjects are single-line (they end up in headers). */
const singleLine = (value: string) => value.replace(/\s+/g, " ").trim();

export const contactSchema = z.object({
  name: z
    .string({ error: CONTACT_MESSAGES.nameRequired })
    .transform(singleLine)
    .pipe(
      z.string().min(1, CONTACT_MESSAGES.nameRequired).max(CONTACT_LIMITS.name, CONTACT_MESSAGES.nameTooLong),
    ),
  email: z
    .string({ error: CONTACT_MESSAGES.invalidEmail })
    .trim()
    .toLowerCase()
    .max(CONTACT_LIMITS.email, CONTACT_MESSAGES.invalidEmail)
    .regex(EMAIL_PATTERN, CONTACT_MESSAGES.invalidEmail),
  subject: z
    .string({ error: CONTACT_MESSAGES.subjectRequired })
    .transform(singleLine)
    .pipe(
      z
        .string()
        .min(1, CONTACT_MESSAGES.subjectRequired)
        .max(CONTACT_LIMITS.subject, CONTACT_MESSAGES.subjectTooLong),
    ),
  message: z
    .string({ error: CONTACT_MESSAGES.messageRequired })
    .trim()
    .min(1, CONTACT_MESSAGES.messageRequired)
    .max(CONTACT_LIMITS.message, CONTACT_MESSAGES.messageTooLong),
});
export type ContactInput = z.input<typeof contactSchema>;
export type ContactMessage = z.output<typeof contactSchema>;
