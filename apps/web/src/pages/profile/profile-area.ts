// The /perfil/* chunk: everything here loads together, and only for signed-in users.
export { ProfileGuard } from "../../features/auth";
export { ProfileFavoritesPage } from "./profile-favorites-page";
export { ProfileInfoPage } from "./profile-info-page";
export { ProfileLayout } from "./profile-layout";
export { ProfilePaymentsPage } from "./profile-payments-page";
export { ProfileSecurityPage } from "./profile-security-page";
// Only the payment page of a reservation is rendered on the server (apps/api/src/lib/web.ts isBuyerPage).
export { ProofUploadPage, prefetchPage } from "./proof-upload-page";
