// Vendedores (docs/decisions/0034-vendedores.md): the vendedor's own area and their invitation page.
export { commissionText } from "./commission";
export { SellerArea } from "./seller-area";
export { SellerInvitation } from "./seller-invitation";
