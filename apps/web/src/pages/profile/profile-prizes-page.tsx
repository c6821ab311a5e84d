import { MyPrizesList } from "../../features/prizes";
import { ProfileSection } from "./profile-section";

/** /perfil/premios: the prizes the user won, their status and the deadline to claim each. */
export function ProfilePrizesPage() {
  return (
    <ProfileSection
      title="Mis premios"
      description="Los premios que ganaste, hasta cuándo puedes reclamarlos y cómo va su entrega."
    >
      <MyPrizesList />
    </ProfileSection>
  );
}
