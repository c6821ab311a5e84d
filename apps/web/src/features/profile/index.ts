export { loginActivityQuery } from "./api/profile-api";
export { BuyerPhonePrompt, isPhoneRequired } from "./components/buyer-phone-prompt";
export { ProfileEditForm } from "./components/profile-edit-form";
