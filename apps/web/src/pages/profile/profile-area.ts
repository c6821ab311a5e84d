// The /perfil/* chunk: everything here loads together, and only for signed-in users.
export { ProfileGuard } from "../../features/auth/components/profile-guard";
export { ProfileInfoPage } from "./profile-info-page";
export { ProfileLayout } from "./profile-layout";
export {
  ProfileFavoritesPage,
  ProfilePaymentsPage,
  ProfileSecurityPage,
  ProofUploadPage,
} from "./profile-placeholders";
