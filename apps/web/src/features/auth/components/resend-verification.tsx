import { EMAIL_PATTERN } from "@rifazo/shared/schemas/auth";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { toast } from "../../../components/ui/toast";
import { errorMessage } from "../../../lib/api-client";
import { resendVerification } from "../api/account-api";

interface ResendVerificationButtonProps {
  /** Reads the address at click time (the form field may change after the error appeared). */
  getEmail: () => string;
  variant?: "outline" | "link";
}

/** 'Reenviar correo de confirmación' for an account whose email is not confirmed yet. */
export function ResendVerificationButton({ getEmail, variant = "outline" }: ResendVerificationButtonProps) {
  const [pending, setPending] = useState(false);

  const resend = async () => {
    const email = getEmail().trim().toLowerCase();
    if (!EMAIL_PATTERN.test(email)) {
      toast({
        title: "Correo Inválido",
        description: "Escribe tu correo electrónico para enviarte un nuevo enlace de confirmación.",
        variant: "error",
      });
      return;
    }
    setPending(true);
    try {
      await resendVerification(email);
      toast({
        title: "Correo Enviado",
        description:
          "Si tu cuenta está pendiente de confirmación, recibirás un nuevo enlace en unos minutos.",
        variant: "success",
      });
    } catch (error) {
      toast({ title: "No se pudo reenviar el correo", description: errorMessage(error), variant: "error" });
    } finally {
      setPending(false);
    }
  };

  return (
    <Button
      variant={variant}
      size="sm"
      // It sits in narrow places (an alert beside its icon on a 360 px phone): it wraps rather than spill.
      className="h-auto! min-h-9 py-1.5 whitespace-normal!"
      onClick={resend}
      loading={pending}
      loadingText="Enviando..."
    >
      Reenviar correo de confirmación
    </Button>
  );
}
