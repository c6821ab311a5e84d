// The /vendedor* chunk (docs/decisions/0034-vendedores.md): loaded only when someone opens the vendedor area
// or an invitation link.
export { SellerAreaPage } from "./seller-area-page";
export { SellerInvitationPage } from "./seller-invitation-page";
