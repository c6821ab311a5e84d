import type { ContactMessage } from "@rifazo/shared";
import type { AppContext } from "../../context";
import type { RateRule } from "../../lib/rate-limit";
import { noticeEmail } from "../email";
import * as repo from "./repository";

/** Enough for a person who forgot something; not enough to flood the support inbox. */
export const CONTACT_RATE_RULE: RateRule = { max: 5, windowSeconds: 600 };

export interface ContactSender {
  userId: string | null;
  ip: string | null;
}

/**
 * Stores the message and, in the same transaction, queues it for the support inbox with Reply-To set to
 * the sender. Without SUPPORT_EMAIL the message is still stored (an admin can read it later).
 */
export async function submitContactMessage(
  ctx: Pick<AppContext, "db" | "mail" | "config" | "log">,
  input: ContactMessage,
  sender: ContactSender,
): Promise<{ id: string; emailed: boolean }> {
  const to = ctx.config.supportEmail;
  const result = await ctx.db.transaction(async (tx) => {
    const id = await repo.insertContactMessage(tx, {
      userId: sender.userId,
      name: input.name,
      email: input.email,
      subject: input.subject,
      message: input.message,
      ipAddress: sender.ip,
    });
    if (!to) return { id, emailed: false };
    // noticeEmail escapes every value it puts into the HTML, so the sender's text stays inert.
    const email = noticeEmail({
      name: "equipo de Rifazo",
      title: `Contacto: ${input.subject}`,
      message: [
        "Nuevo mensaje desde el formulario de contacto.",
        `Nombre: ${input.name}\nCorreo: ${input.email}\nAsunto: ${input.subject}`,
        input.message,
        "Responde a este correo para contestar directamente a la persona.",
      ].join("\n\n"),
    });
    await ctx.mail.enqueue(tx, { to, replyTo: input.email, ...email });
    return { id, emailed: true };
  });
  if (result.emailed) ctx.mail.flushSoon();
  else
    ctx.log.warn(
      { contactMessageId: result.id },
      "contacto: SUPPORT_EMAIL no está configurado; mensaje guardado sin enviar",
    );
  return result;
}
