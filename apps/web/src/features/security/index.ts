export { ChangePasswordForm } from "./components/change-password-form";
export { LoginActivityList } from "./components/login-activity";
export { QrCodeSvg } from "./components/qr-code-svg";
export { RevokeSessionsButton } from "./components/revoke-sessions-button";
export { TwoFactorSettings } from "./components/two-factor-settings";
