import { paths } from "../../lib/paths";

/** The header's five links (spec 1 §2), shared by the desktop bar and the mobile menu. */
export const MAIN_NAV = [
  { to: paths.home, label: "Inicio" },
  { to: paths.raffles, label: "Rifas" },
  { to: paths.winners, label: "Ganadores" },
  { to: paths.club, label: "Club" },
  { to: paths.ticketVerifier, label: "Verificar Boleto" },
] as const;

/**
 * Footer pages a buyer on a phone needs before paying (how to pay, whom to ask): the mobile menu lists
 * them under the five links, since on a phone the footer is far below.
 */
export const MOBILE_EXTRA_NAV = [
  { to: paths.paymentMethods, label: "Métodos de pago" },
  { to: paths.contact, label: "Contacto" },
] as const;
