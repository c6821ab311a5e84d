// The /perfil/* chunk: everything here loads together, and only for signed-in users. The guard and the
// payment page are chunks of their own: a buyer who has just reserved downloads only those (decision 0031).
export { ProfileFavoritesPage } from "./profile-favorites-page";
export { ProfileInfoPage } from "./profile-info-page";
export { ProfileLayout } from "./profile-layout";
export { ProfilePaymentsPage } from "./profile-payments-page";
export { ProfilePrizePage } from "./profile-prize-page";
export { ProfilePrizesPage } from "./profile-prizes-page";
export { ProfileSecurityPage } from "./profile-security-page";
