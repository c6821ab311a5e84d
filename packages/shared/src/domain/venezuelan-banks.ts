// The banks of the Venezuelan national system by their 4-digit code (the first four digits of every
// account number, and what Pago Móvil asks for). Main banks first, as the payout form lists them.

export const VENEZUELAN_BANKS = [
  { code: "0102", name: "Banco de Venezuela" },
  { code: "0134", name: "Banesco" },
  { code: "0105", name: "Mercantil" },
  { code: "0108", name: "BBVA Provincial" },
  { code: "0191", name: "BNC" },
  { code: "0172", name: "Bancamiga" },
  { code: "0114", name: "Bancaribe" },
  { code: "0163", name: "Banco del Tesoro" },
  { code: "0175", name: "Banco Digital de los Trabajadores" },
  { code: "0115", name: "Banco Exterior" },
  { code: "0151", name: "BFC Banco Fondo Común" },
  { code: "0138", name: "Banco Plaza" },
  { code: "0104", name: "Venezolano de Crédito" },
  { code: "0128", name: "Banco Caroní" },
  { code: "0137", name: "Sofitasa" },
  { code: "0156", name: "100% Banco" },
  { code: "0157", name: "DelSur" },
  { code: "0166", name: "Banco Agrícola de Venezuela" },
  { code: "0168", name: "Bancrecer" },
  { code: "0169", name: "R4" },
  { code: "0171", name: "Banco Activo" },
  { code: "0174", name: "Banplus" },
  { code: "0177", name: "Banfanb" },
] as const;
export type VenezuelanBankCode = (typeof VENEZUELAN_BANKS)[number]["code"];

const BANK_CODES: ReadonlySet<string> = new Set(VENEZUELAN_BANKS.map((bank) => bank.code));

export function isVenezuelanBankCode(code: string): code is VenezuelanBankCode {
  return BANK_CODES.has(code);
}

/** "0134 · Banesco", or the code alone when unknown. */
export function bankLabel(code: string | null | undefined): string {
  if (!code) return "";
  const bank = VENEZUELAN_BANKS.find((b) => b.code === code);
  return bank ? `${bank.code} · ${bank.name}` : code;
}
