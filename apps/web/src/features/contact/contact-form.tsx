import { zodResolver } from "@hookform/resolvers/zod";
import { PAGE_ERROR_MESSAGES } from "@rifazo/shared/page-errors";
import {
  CONTACT_LIMITS,
  CONTACT_MESSAGES,
  type ContactInput,
  type ContactMessage,
  contactSchema,
} from "@rifazo/shared/schemas/contact";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { EmailInput } from "../../components/ui/email-input";
import { FormField } from "../../components/ui/field";
import { Input, inputClasses } from "../../components/ui/input";
import { toast } from "../../components/ui/toast";
import { isApiError } from "../../lib/api-client";
import { cn } from "../../lib/cn";
import { sendContactMessage } from "./api";

type ContactFormValues = { name: string; email: string; subject: string; message: string };

const EMPTY: ContactFormValues = { name: "", email: "", subject: "", message: "" };
const FIELD_NAMES = new Set<string>(Object.keys(EMPTY));

/**
 * The contact form and its sending: on success it empties and says so; the server's field errors show
 * inline.
 */
function useContactForm() {
  const [sent, setSent] = useState(false);
  // On a server-rendered page the fields can be filled in before the code has run: react-hook-form adopts
  // what was typed when it registers them (fields edited before it is ready keep their value). Sending
  // waits for the code, though, and says so (decision 0018): a native submit would put the message in the
  // URL of a GET request (and a disabled submit button also stops Enter from submitting).
  const form = useForm<ContactFormValues, unknown, ContactMessage>({
    resolver: zodResolver<ContactInput, unknown, ContactMessage>(contactSchema),
    defaultValues: EMPTY,
  });

  const onValid = async (values: ContactMessage) => {
    setSent(false);
    try {
      await sendContactMessage(values);
      form.reset(EMPTY);
      setSent(true);
    } catch (error) {
      if (isApiError(error)) {
        for (const [name, message] of Object.entries(error.fields ?? {})) {
          if (FIELD_NAMES.has(name)) form.setError(name as keyof ContactFormValues, { message });
        }
        const title = error.status === 429 ? "Demasiados mensajes" : "No pudimos enviar tu mensaje";
        toast({ id: "contact-error", title, description: error.message, variant: "error" });
        return;
      }
      toast({
        id: "contact-error",
        title: "Error Inesperado",
        description: PAGE_ERROR_MESSAGES.INTERNAL,
        variant: "error",
      });
    }
  };

  return { form, sent, onValid };
}

/** Contact form (spec 1 §2, §5): every field required; the message goes to the support inbox. */
export function ContactForm() {
  const { form, sent, onValid } = useContactForm();
  const { errors, isSubmitting } = form.formState;

  return (
    <form
      onSubmit={form.handleSubmit(onValid)}
      noValidate
      className="space-y-5"
      aria-label="Formulario de contacto"
    >
      {sent ? (
        <Alert variant="success" title={CONTACT_MESSAGES.successTitle}>
          {CONTACT_MESSAGES.success}
        </Alert>
      ) : null}

      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="contact-name" label="Nombre" error={errors.name?.message}>
          {(control) => (
            <Input
              autoComplete="name"
              placeholder="María Pérez"
              maxLength={CONTACT_LIMITS.name}
              {...control}
              {...form.register("name")}
            />
          )}
        </FormField>
        <FormField id="contact-email" label="Correo electrónico" error={errors.email?.message}>
          {(control) => (
            <EmailInput maxLength={CONTACT_LIMITS.email} {...control} {...form.register("email")} />
          )}
        </FormField>
      </div>

      <FormField id="contact-subject" label="Asunto" error={errors.subject?.message}>
        {(control) => (
          <Input
            placeholder="¿En qué te podemos ayudar?"
            maxLength={CONTACT_LIMITS.subject}
            {...control}
            {...form.register("subject")}
          />
        )}
      </FormField>

      <FormField id="contact-message" label="Mensaje" error={errors.message?.message}>
        {(control) => (
          <textarea
            rows={6}
            placeholder="Cuéntanos los detalles. Si es sobre un pago, incluye la referencia."
            maxLength={CONTACT_LIMITS.message}
            {...control}
            className={cn(inputClasses, "h-auto min-h-36 resize-y py-2.5")}
            {...form.register("message")}
          />
        )}
      </FormField>

      <Button
        type="submit"
        size="lg"
        className="w-full sm:w-auto"
        waitsForCode
        loading={isSubmitting}
        loadingText="Enviando..."
      >
        Enviar Mensaje
      </Button>
    </form>
  );
}
