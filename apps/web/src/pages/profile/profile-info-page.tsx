import { levelLabel, POINTS_UNIT_LABEL } from "@rifazo/shared/domain/levels";
import { formatVenezuelanPhone } from "@rifazo/shared/schemas/profile";
import { useState } from "react";
import { Link } from "react-router";
import { Badge } from "../../components/ui/badge";
import { Button, buttonClasses } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { TrophyIcon } from "../../components/ui/icons";
import { useSession } from "../../features/auth";
import { ProfileEditForm } from "../../features/profile";
import { formatDate, formatNumber } from "../../lib/format";
import { paths } from "../../lib/paths";
import { ProfileSection } from "./profile-section";

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-[12rem_1fr] sm:gap-4">
      <dt className="text-sm font-semibold text-muted">{label}</dt>
      <dd className="break-words text-ink">{value}</dd>
    </div>
  );
}

/** /perfil/info: the user's data (view and edit), level and RifaPuntos. */
export function ProfileInfoPage() {
  const { user } = useSession();
  const [editing, setEditing] = useState(false);
  if (!user) return null;
  return (
    <ProfileSection title="Mi Perfil" description="Tus datos personales y tu nivel en Rifazo Club.">
      <div className="grid gap-4 sm:grid-cols-2">
        <Card>
          <CardContent className="space-y-1">
            <p className="text-sm font-semibold text-muted">Nivel</p>
            <p className="text-2xl font-black text-brand-800">{levelLabel(user.level)}</p>
          </CardContent>
        </Card>
        <Card>
          <CardContent className="space-y-1">
            <p className="text-sm font-semibold text-muted">Puntos</p>
            <p className="text-2xl font-black text-brand-800">
              {formatNumber(user.points ?? 0)}{" "}
              <span className="text-base font-bold text-muted">{POINTS_UNIT_LABEL}</span>
            </p>
          </CardContent>
        </Card>
      </div>
      <Card>
        <CardHeader className="flex flex-row! items-center justify-between gap-3">
          <CardTitle>{editing ? "Editar datos personales" : "Datos personales"}</CardTitle>
          {editing ? null : (
            <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
              Editar Perfil
            </Button>
          )}
        </CardHeader>
        <CardContent>
          {editing ? (
            <ProfileEditForm user={user} onDone={() => setEditing(false)} />
          ) : (
            <>
              <dl className="divide-y divide-line">
                <Row label="Nombre completo" value={user.fullName || "—"} />
                <Row label="Correo electrónico" value={user.email} />
                <Row label="Teléfono" value={formatVenezuelanPhone(user.phone) || "No registrado"} />
                <Row label="Miembro desde" value={formatDate(user.registrationDate)} />
              </dl>
              <div className="mt-4 flex flex-wrap gap-2">
                {user.emailVerified ? <Badge variant="success">Correo confirmado</Badge> : null}
                {user.twoFactorEnabled ? (
                  <Badge variant="info">Verificación en dos pasos activa</Badge>
                ) : null}
              </div>
            </>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardContent className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex items-center gap-3">
            <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-accent-100 text-xl text-accent-700">
              <TrophyIcon />
            </span>
            <p className="text-sm text-muted">
              Canjea tus {POINTS_UNIT_LABEL} por recompensas y descubre los beneficios de tu nivel.
            </p>
          </div>
          <Link to={paths.club} className={buttonClasses({ variant: "secondary", size: "sm" })}>
            Ir a Rifazo Club
          </Link>
        </CardContent>
      </Card>
    </ProfileSection>
  );
}
