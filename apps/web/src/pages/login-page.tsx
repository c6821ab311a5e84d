import { AuthShell } from "../components/layout/auth-shell";
import { GuestOnly, LoginForm } from "../features/auth";

const HIGHLIGHTS = [
  "Sigue el estado de tus pagos y tus números de boleto.",
  "Guarda tus rifas favoritas.",
  "Acumula RifaPuntos y sube de nivel en Rifazo Club.",
] as const;

export function LoginPage() {
  return (
    <GuestOnly>
      <AuthShell
        title="Iniciar Sesión"
        description="Ingresa con tu correo y contraseña para continuar."
        highlights={HIGHLIGHTS}
      >
        <LoginForm />
      </AuthShell>
    </GuestOnly>
  );
}
