import { ADMIN_SIGN_IN_PATH, SELLER_INVITATION_PATH } from "@rifazo/shared/constants";

// Every route path of the app (spec 1 §2, spec 2 §2). Links and redirects use these, never literals.

/**
 * The query parameter that carries a record checkpoint (rifazo-cp-1:…) to the record page: the receipt's
 * link and its QR code use it (VERIFIER_CHECKPOINT_PARAM in packages/shared/src/domain/receipt.ts).
 */
export const CHECKPOINT_PARAM = "punto";

const segment = (value: string | number) => encodeURIComponent(String(value));

export const paths = {
  home: "/",
  raffles: "/rifas",
  raffle: (id: string | number) => `/rifas/${segment(id)}`,
  draw: (raffleId: string | number) => `/sorteo/${segment(raffleId)}`,
  /** The raffle's public record (the "acta"): every entry, the frozen list, the verification. */
  drawRecord: (raffleId: string | number) => `/sorteo/${segment(raffleId)}/acta`,
  winners: "/ganadores",
  ticketVerifier: "/verificar-boleto",
  upcoming: "/proximamente",
  live: "/transmisiones-vivo",
  club: "/rifazo-club",
  testimonials: "/testimonios",
  paymentMethods: "/metodos-pago",
  terms: "/terminos-y-condiciones",
  privacy: "/politica-de-privacidad",
  cookiePolicy: "/politica-de-privacidad#cookies",
  transparency: "/transparencia-de-sorteos",
  contact: "/contacto",

  login: "/login",
  /** Sign-in that returns to `to` (a same-app path) afterwards: a plain link, it works before the app runs. */
  loginReturningTo: (to: string) => `/login?volver=${encodeURIComponent(to)}`,
  register: "/registro",
  forgotPassword: "/recuperar-contrasena",
  resetPassword: "/restablecer-contrasena",

  profile: "/perfil",
  profileInfo: "/perfil/info",
  profilePayments: "/perfil/pagos",
  profileFavorites: "/perfil/favoritos",
  profileSecurity: "/perfil/seguridad",
  /** The winner's prizes and one prize's page (docs/decisions/0035-prizes-on-the-record.md). */
  profilePrizes: "/perfil/premios",
  profilePrize: (winnerId: string) => `/perfil/premios/${segment(winnerId)}`,
  /** raffleId may be "general" (a payment not tied to one raffle). */
  proofUpload: (raffleId: string | number = "general") => `/perfil/subir-comprobante/${segment(raffleId)}`,
  /** An approved purchase's receipt: a private link (the token is the only key), not under /perfil. */
  receipt: (token: string) => `/recibo/${segment(token)}`,

  /** The vendedor area (docs/decisions/0034-vendedores.md): the raffles a signed-in vendedor may sell. */
  seller: "/vendedor",
  /** Where an invitation link lands (`?token=`, a secret: @rifazo/shared/secret-urls). */
  sellerInvitation: SELLER_INVITATION_PATH,

  adminSignIn: ADMIN_SIGN_IN_PATH,
  admin: "/admin",
  adminRaffle: (id: string | number) => `/admin/rifas/${segment(id)}`,
  /** The raffle's «Premios» section, or one winner's card in it (docs/decisions/0035-prizes-on-the-record.md). */
  adminRafflePrizes: (id: string | number, winnerId?: string) =>
    `/admin/rifas/${segment(id)}#${winnerId ? `premio-${segment(winnerId)}` : "premios"}`,
  /** One proof in the admin's Comprobantes tab (the reconciliation links a movement's other proof here). */
  adminProof: (proofId: string) => `/admin?tab=payments&proof=${segment(proofId)}`,
  /** The panel's Vendedores tab, at an address of its own (docs/decisions/0034-vendedores.md). */
  adminSellers: "/admin/vendedores",
  adminSeller: (id: string | number) => `/admin/vendedores/${segment(id)}`,
} as const;

/** Route patterns for the router, matching the helpers above. */
export const routePatterns = {
  raffle: "/rifas/:id",
  draw: "/sorteo/:raffleId",
  drawRecord: "/sorteo/:raffleId/acta",
  proofUpload: "/perfil/subir-comprobante/:raffleId",
  profilePrize: "/perfil/premios/:winnerId",
  receipt: "/recibo/:token",
  adminRaffle: "/admin/rifas/:id",
  adminSeller: "/admin/vendedores/:id",
} as const;

const startsWithSegment = (pathname: string, base: string) =>
  pathname === base || pathname.startsWith(`${base}/`);

export function isProfilePath(pathname: string): boolean {
  return startsWithSegment(pathname, paths.profile);
}

/** /admin and /admin/..., but not the admin sign-in page /adminrifazo2025, which is public. */
export function isAdminPath(pathname: string): boolean {
  return startsWithSegment(pathname, paths.admin);
}

/** The vendedor area and its invitation page, rendered in the browser like the profile. */
export function isSellerPath(pathname: string): boolean {
  return startsWithSegment(pathname, paths.seller);
}

export function isProtectedPath(pathname: string): boolean {
  return isProfilePath(pathname) || isAdminPath(pathname) || isSellerPath(pathname);
}
