import { AuthShell } from "../components/layout/auth-shell";
import { GuestOnly, RegisterForm } from "../features/auth";

const HIGHLIGHTS = [
  "Participa en rifas con premios increíbles.",
  "Validamos tu comprobante en menos de 24 horas.",
  "Gana 100 RifaPuntos por cada dólar en pagos aprobados.",
] as const;

export function RegisterPage() {
  return (
    <GuestOnly>
      <AuthShell
        title="Crear Cuenta"
        description="Regístrate gratis. Te enviaremos un correo para confirmar tu cuenta."
        highlights={HIGHLIGHTS}
      >
        <RegisterForm />
      </AuthShell>
    </GuestOnly>
  );
}
