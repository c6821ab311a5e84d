import { PaymentsList } from "../../features/proofs";
import { ProfileSection } from "./profile-section";

/** /perfil/pagos: the user's payment proofs, their status and the tickets assigned to them. */
export function ProfilePaymentsPage() {
  return (
    <ProfileSection
      title="Mis Pagos"
      description="Tus comprobantes de pago, su estado y tus boletos asignados."
    >
      <PaymentsList />
    </ProfileSection>
  );
}
