import { whatsappLink } from "@rifazo/shared/domain/whatsapp";
import { buttonClasses } from "../../../components/ui/button";
import { WhatsappIcon } from "../../../components/ui/icons";
import { cn } from "../../../lib/cn";

interface WhatsappLinkProps {
  phone: string | null | undefined;
  /** The prefilled message (Spanish, greeting the buyer by name). */
  message: string;
  /** Who the chat is with, for screen readers ("Escribir por WhatsApp a Ana"). */
  name: string;
  className?: string;
}

/**
 * "Escribir por WhatsApp": a wa.me link with the message prefilled, in a new tab (link only; no
 * WhatsApp API). Nothing is shown without a phone wa.me can use.
 */
export function WhatsappLink({ phone, message, name, className }: WhatsappLinkProps) {
  const href = whatsappLink(phone, message);
  if (!href) return null;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={cn(buttonClasses({ variant: "outline", size: "sm" }), className)}
    >
      <WhatsappIcon aria-hidden="true" />
      Escribir por WhatsApp<span className="sr-only"> a {name}</span>
    </a>
  );
}

/** First name for a friendly greeting ("María Pérez" → "María"); the whole text when it has no space. */
export function firstName(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? "";
}

/** The greeting most messages start with: "Hola María" (or just "Hola" without a name). */
export function greeting(fullName: string): string {
  const name = firstName(fullName);
  return name ? `Hola ${name}` : "Hola";
}

/** The message to a buyer from the users list or their detail: a greeting, the rest is typed in WhatsApp. */
export function buyerMessage(fullName: string): string {
  return `${greeting(fullName)}, te escribimos del equipo de Rifazo.`;
}
