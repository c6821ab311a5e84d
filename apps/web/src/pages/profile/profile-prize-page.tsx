import { Navigate, useParams } from "react-router";
import { PrizeDetail } from "../../features/prizes";
import { paths } from "../../lib/paths";
import { ProfileSection } from "./profile-section";

/**
 * /perfil/premios/:winnerId: one prize, how to claim it, its deliveries and the winner's confirmation
 * (docs/decisions/0035-prizes-on-the-record.md). The «¡Ganaste!» notification links here.
 */
export function ProfilePrizePage() {
  const { winnerId } = useParams();
  if (!winnerId) return <Navigate to={paths.profilePrizes} replace />;
  return (
    <ProfileSection
      title="Tu premio"
      description="Reclámalo dentro del plazo de las reglas y confirma cuando lo recibas."
    >
      <PrizeDetail winnerId={winnerId} />
    </ProfileSection>
  );
}
