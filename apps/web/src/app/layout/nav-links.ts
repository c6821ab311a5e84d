import { paths } from "../../lib/paths";

/** The header's five links (spec 1 §2), shared by the desktop bar and the mobile menu. */
export const MAIN_NAV = [
  { to: paths.home, label: "Inicio" },
  { to: paths.raffles, label: "Rifas" },
  { to: paths.winners, label: "Ganadores" },
  { to: paths.club, label: "Club" },
  { to: paths.ticketVerifier, label: "Verificar Boleto" },
] as const;
