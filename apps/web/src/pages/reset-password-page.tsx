import { PASSWORD_RESET_MESSAGES } from "@rifazo/shared/schemas/password-reset";
import { useSearchParams } from "react-router";
import { AuthShell } from "../components/layout/auth-shell";
import { ResetPasswordForm } from "../features/auth";

const HIGHLIGHTS = [
  "Mínimo 8 caracteres; una frase de varias palabras es lo más seguro.",
  "No uses tu nombre ni tu correo.",
  "Luego inicia sesión con tu nueva contraseña.",
] as const;

/** Not GuestOnly: the emailed link may be opened in a browser that is still signed in. */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  return (
    <AuthShell
      title={PASSWORD_RESET_MESSAGES.resetTitle}
      description={PASSWORD_RESET_MESSAGES.resetIntro}
      highlights={HIGHLIGHTS}
    >
      <ResetPasswordForm token={searchParams.get("token") ?? ""} />
    </AuthShell>
  );
}
