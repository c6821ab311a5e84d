import { Badge } from "../../components/ui/badge";
import { Card, CardContent } from "../../components/ui/card";
import { useSession } from "../../features/auth/hooks/use-session";
import { formatDate, formatNumber } from "../../lib/format";
import { ProfileSection } from "./profile-section";

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-[12rem_1fr] sm:gap-4">
      <dt className="text-sm font-semibold text-muted">{label}</dt>
      <dd className="break-words text-ink">{value}</dd>
    </div>
  );
}

export function ProfileInfoPage() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <ProfileSection title="Mi Perfil" description="Tus datos personales y tu nivel en Rifazo Club.">
      <div className="grid gap-4 sm:grid-cols-2">
        <Card>
          <CardContent className="space-y-1">
            <p className="text-sm font-semibold text-muted">Nivel</p>
            <p className="text-2xl font-black text-brand-800">Nivel {user.level || "Bronce"}</p>
          </CardContent>
        </Card>
        <Card>
          <CardContent className="space-y-1">
            <p className="text-sm font-semibold text-muted">Puntos</p>
            <p className="text-2xl font-black text-brand-800">
              {formatNumber(user.points ?? 0)}{" "}
              <span className="text-base font-bold text-muted">RifaPuntos</span>
            </p>
          </CardContent>
        </Card>
      </div>
      <Card>
        <CardContent>
          <dl className="divide-y divide-line">
            <Row label="Nombre completo" value={user.fullName || "—"} />
            <Row label="Correo electrónico" value={user.email} />
            <Row label="Teléfono" value={user.phone || "No registrado"} />
            <Row label="Miembro desde" value={formatDate(user.registrationDate)} />
          </dl>
          <div className="mt-4 flex flex-wrap gap-2">
            {user.emailVerified ? <Badge variant="success">Correo confirmado</Badge> : null}
            {user.twoFactorEnabled ? <Badge variant="info">Verificación en dos pasos activa</Badge> : null}
          </div>
        </CardContent>
      </Card>
    </ProfileSection>
  );
}
