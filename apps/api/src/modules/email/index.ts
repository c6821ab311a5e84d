// What other modules may use of this one (docs/decisions/0026-api-module-walls.md).
export { createMailer, MAIL_POLL_INTERVAL_MS, type Mailer } from "./service";
export {
  magicLinkEmail,
  noticeEmail,
  passwordResetEmail,
  sellerSaleReceiptEmail,
  verificationEmail,
} from "./templates";
