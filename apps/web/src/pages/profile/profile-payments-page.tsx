import { PaymentsList } from "../../features/proofs";
import { ProfileSection } from "./profile-section";

/**
 * /perfil/pagos: the reservations waiting for a proof, the user's payment proofs, their status and the
 * tickets assigned to them, kept current by the live notifications.
 */
export function ProfilePaymentsPage() {
  return (
    <ProfileSection
      title="Mis Pagos"
      description="Tus reservas por pagar, tus comprobantes de pago, su estado y tus boletos asignados."
    >
      <PaymentsList />
    </ProfileSection>
  );
}
