import { AuthShell } from "../components/layout/auth-shell";
import { GuestOnly, RegisterForm } from "../features/auth";

const HIGHLIGHTS = [
  "Participa en rifas con premios increíbles.",
  "Revisamos tu comprobante y te avisamos por correo.",
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
