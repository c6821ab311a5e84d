import { resendVerificationSchema } from "./auth";

// Sign-in by email link: the way in that failed passwords from elsewhere can never close
// (docs/decisions/0007-one-sign-in-path.md). The request form takes just the email.

export const signInLinkSchema = resendVerificationSchema;

export const SIGN_IN_LINK_MESSAGES = {
  open: "Recibir un enlace para entrar",
  intro: "Te enviaremos un enlace de un solo uso a tu correo. Vence en 10 minutos.",
  submit: "Enviar enlace",
  sentTitle: "Revisa tu correo",
  sent: "Si el correo está registrado, te enviamos un enlace para entrar. Vence en 10 minutos.",
  invalidTitle: "Enlace no válido",
  invalid: "El enlace para entrar no es válido, ya se usó o venció. Pide uno nuevo.",
  back: "Entrar con contraseña",
} as const;
