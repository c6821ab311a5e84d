import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import {
  ChangePasswordForm,
  LoginActivityList,
  RevokeSessionsButton,
  TwoFactorSettings,
} from "../../features/security";
import { ProfileSection } from "./profile-section";

/** /perfil/seguridad: password, recent sign-ins, two-factor authentication and other devices. */
export function ProfileSecurityPage() {
  return (
    <ProfileSection
      title="Seguridad"
      description="Cambia tu contraseña y revisa la actividad reciente de inicio de sesión."
    >
      <Card>
        <CardHeader>
          <CardTitle>Cambiar contraseña</CardTitle>
          <CardDescription>Usa al menos 8 caracteres. No la compartas con nadie.</CardDescription>
        </CardHeader>
        <CardContent>
          <ChangePasswordForm />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Actividad de inicio de sesión</CardTitle>
          <CardDescription>Tus 3 inicios de sesión más recientes.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-5">
          <LoginActivityList />
          <div className="flex flex-col gap-3 border-t border-line pt-5 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-muted">
              ¿No reconoces un inicio de sesión? Cierra las demás sesiones.
            </p>
            <RevokeSessionsButton />
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Autenticación de dos factores</CardTitle>
          <CardDescription>Una capa extra de protección para tu cuenta.</CardDescription>
        </CardHeader>
        <CardContent>
          <TwoFactorSettings />
        </CardContent>
      </Card>
    </ProfileSection>
  );
}
