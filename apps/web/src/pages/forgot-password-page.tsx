import { PASSWORD_RESET_MESSAGES } from "@rifazo/shared/schemas/password-reset";
import { AuthShell } from "../components/layout/auth-shell";
import { ForgotPasswordForm, GuestOnly } from "../features/auth";

const HIGHLIGHTS = [
  "Te enviamos un enlace de un solo uso a tu correo.",
  "El enlace vence en 1 hora.",
  "Al cambiar la contraseña se cierra la sesión en todos tus dispositivos.",
] as const;

export function ForgotPasswordPage() {
  return (
    <GuestOnly>
      <AuthShell
        title={PASSWORD_RESET_MESSAGES.requestTitle}
        description="Te ayudamos a volver a entrar a tu cuenta."
        highlights={HIGHLIGHTS}
      >
        <ForgotPasswordForm />
      </AuthShell>
    </GuestOnly>
  );
}
