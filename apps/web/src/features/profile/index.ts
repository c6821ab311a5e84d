export { loginActivityQuery } from "./api/profile-api";
export { BuyerPhonePrompt } from "./components/buyer-phone-prompt";
export { ProfileEditForm } from "./components/profile-edit-form";
export { isPhoneRequired } from "./phone-required";
