import { useParams } from "react-router";
import { PlaceholderPage } from "../../components/layout/placeholder-page";
import { ProfileSection } from "./profile-section";

export function ProfilePaymentsPage() {
  return (
    <ProfileSection
      title="Mis Pagos"
      description="Tus comprobantes de pago, su estado y tus boletos asignados."
    />
  );
}

export function ProfileFavoritesPage() {
  return (
    <ProfileSection title="Mis Favoritos" description="Las rifas que guardaste para seguirlas de cerca." />
  );
}

export function ProfileSecurityPage() {
  return (
    <ProfileSection
      title="Seguridad"
      description="Cambia tu contraseña y revisa la actividad reciente de inicio de sesión."
    />
  );
}

export function ProofUploadPage() {
  const { raffleId } = useParams();
  return (
    <PlaceholderPage
      title="Subir Comprobante"
      eyebrow={raffleId === "general" ? "Pago general" : "Pago de rifa"}
      description="Sube el comprobante de tu pago para que validemos tu compra en menos de 24 horas."
    />
  );
}
