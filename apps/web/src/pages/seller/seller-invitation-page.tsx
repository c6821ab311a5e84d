import { SellerInvitation } from "../../features/sellers";

/** /vendedor/invitacion?token=…: accepting an organiser's invitation (docs/decisions/0034-vendedores.md). */
export function SellerInvitationPage() {
  return <SellerInvitation />;
}
