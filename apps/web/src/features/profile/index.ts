export { loginActivityQuery } from "./api/profile-api";
export { ProfileEditForm } from "./components/profile-edit-form";
