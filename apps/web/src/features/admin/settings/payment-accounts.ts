import type { PaymentAccounts, TransferAccount } from "@rifazo/shared/schemas/settings";

/** The accounts; a payload without the bank transfer one shows it as not set up. */
export type Accounts = PaymentAccounts;
export type AccountKey = keyof Required<Accounts>;

export interface AccountsState {
  enabled: Record<AccountKey, boolean>;
  pagoMovil: { bank: string; phone: string; idNumber: string };
  transfer: TransferAccount;
  zelle: { email: string; name: string };
  binance: { payId: string };
}

export function accountsState(current: Accounts): AccountsState {
  return {
    enabled: {
      pagoMovil: Boolean(current.pagoMovil),
      transfer: Boolean(current.transfer),
      zelle: Boolean(current.zelle),
      binance: Boolean(current.binance),
    },
    pagoMovil: current.pagoMovil ?? { bank: "", phone: "", idNumber: "" },
    transfer: current.transfer ?? { bank: "", accountNumber: "", holder: "", idNumber: "" },
    zelle: current.zelle ?? { email: "", name: "" },
    binance: current.binance ?? { payId: "" },
  };
}

/** One payment method's switch title and fields, as the settings form shows them. */
export interface AccountFields {
  key: AccountKey;
  title: string;
  fields: {
    name: string;
    label: string;
    placeholder?: string;
    inputMode?: "tel" | "email" | "text" | "numeric";
  }[];
}

export const ACCOUNT_FIELDS: AccountFields[] = [
  {
    key: "pagoMovil",
    title: "Pago Móvil",
    fields: [
      { name: "bank", label: "Banco", placeholder: "Banco de Venezuela (0102)" },
      { name: "phone", label: "Teléfono", placeholder: "0414-1234567", inputMode: "tel" },
      { name: "idNumber", label: "Cédula o RIF", placeholder: "V-12345678" },
    ],
  },
  {
    key: "transfer",
    title: "Transferencia bancaria",
    fields: [
      { name: "bank", label: "Banco", placeholder: "Banesco (0134)" },
      {
        name: "accountNumber",
        label: "Número de cuenta (20 dígitos)",
        placeholder: "01340000000000000000",
        inputMode: "numeric",
      },
      { name: "holder", label: "Titular", placeholder: "Nombre o razón social" },
      { name: "idNumber", label: "Cédula o RIF", placeholder: "J-12345678-9" },
    ],
  },
  {
    key: "zelle",
    title: "Zelle",
    fields: [
      { name: "email", label: "Correo de Zelle", placeholder: "pagos@ejemplo.com", inputMode: "email" },
      { name: "name", label: "Titular", placeholder: "Nombre del titular" },
    ],
  },
  {
    key: "binance",
    title: "Binance Pay",
    fields: [{ name: "payId", label: "Pay ID", placeholder: "123456789" }],
  },
];
