import type { ReactNode } from "react";
import { BankIcon, CoinIcon, DollarIcon, PhoneIcon } from "../../components/ui/icons";
import type { PaymentAccounts } from "./api";

// The payment methods the page explains: what each card says, its steps and the account details it shows.

export interface Detail {
  label: string;
  /** Name for the copy button when the label alone is ambiguous ('Teléfono de Pago Móvil'). */
  copyLabel: string;
  value: string;
  /** Codes (phone, ID, Pay ID) in monospace; names in the normal face. */
  mono?: boolean;
}

export interface MethodCardDef {
  key: keyof PaymentAccounts;
  title: string;
  subtitle: string;
  icon: ReactNode;
  accent: string;
  steps: string[];
  /** Rows the details take once loaded: the placeholder matches them, so nothing jumps (CLS). */
  rows: number;
  details: (accounts: PaymentAccounts) => Detail[] | null;
}

export const METHODS: MethodCardDef[] = [
  {
    key: "pagoMovil",
    title: "Pago Móvil",
    subtitle: "En bolívares, desde la app de tu banco",
    icon: <PhoneIcon />,
    accent: "bg-brand-100 text-brand-800",
    rows: 3,
    steps: [
      "Abre la aplicación de tu banco y entra en la opción Pago Móvil.",
      "Ingresa el banco, el teléfono y la cédula o RIF que ves arriba.",
      "Envía el total de tu compra convertido a bolívares con la tasa BCV del día.",
      "Guarda la captura del pago y anota el número de referencia.",
      "Sube tu comprobante en Rifazo con esa referencia.",
    ],
    details: ({ pagoMovil }) =>
      pagoMovil
        ? [
            { label: "Banco", copyLabel: "Banco de Pago Móvil", value: pagoMovil.bank },
            { label: "Teléfono", copyLabel: "Teléfono de Pago Móvil", value: pagoMovil.phone, mono: true },
            {
              label: "Cédula / RIF",
              copyLabel: "Cédula o RIF de Pago Móvil",
              value: pagoMovil.idNumber,
              mono: true,
            },
          ]
        : null,
  },
  {
    key: "transfer",
    title: "Transferencia bancaria",
    subtitle: "En bolívares, a una cuenta en Venezuela",
    icon: <BankIcon />,
    accent: "bg-brand-100 text-brand-800",
    rows: 4,
    steps: [
      "Entra en la banca en línea o la app de tu banco y elige Transferencia a terceros.",
      "Ingresa el banco, el número de cuenta, el titular y la cédula o RIF que ves arriba.",
      "Envía el total de tu compra convertido a bolívares con la tasa BCV del día.",
      "Guarda el comprobante de la transferencia y anota el número de referencia.",
      "Sube tu comprobante en Rifazo con esa referencia.",
    ],
    details: ({ transfer }) =>
      transfer
        ? [
            { label: "Banco", copyLabel: "Banco de la transferencia", value: transfer.bank },
            {
              label: "Número de cuenta",
              copyLabel: "Número de cuenta",
              value: transfer.accountNumber,
              mono: true,
            },
            { label: "Titular", copyLabel: "Titular de la cuenta", value: transfer.holder },
            {
              label: "Cédula / RIF",
              copyLabel: "Cédula o RIF del titular de la cuenta",
              value: transfer.idNumber,
              mono: true,
            },
          ]
        : null,
  },
  {
    key: "zelle",
    title: "Zelle",
    subtitle: "En dólares, desde tu banco en EE. UU.",
    icon: <DollarIcon />,
    accent: "bg-success-50 text-success-700",
    rows: 2,
    steps: [
      "Entra en Zelle desde la aplicación o la web de tu banco.",
      "Agrega como destinatario el correo y el titular que ves arriba.",
      "Envía el monto exacto de tu compra en dólares.",
      "Guarda la captura con el número de confirmación de Zelle.",
      "Sube tu comprobante en Rifazo con ese número como referencia.",
    ],
    details: ({ zelle }) =>
      zelle
        ? [
            { label: "Correo", copyLabel: "Correo de Zelle", value: zelle.email },
            { label: "Titular", copyLabel: "Titular de Zelle", value: zelle.name },
          ]
        : null,
  },
  {
    key: "binance",
    title: "Binance Pay",
    subtitle: "En USDT, sin comisión entre usuarios",
    icon: <CoinIcon />,
    accent: "bg-accent-100 text-accent-700",
    rows: 1,
    steps: [
      "Abre Binance y entra en Pay › Enviar.",
      "Busca al destinatario por el Pay ID que ves arriba.",
      "Envía en USDT el total de tu compra (1 USDT = 1 USD).",
      "Guarda la captura con el ID de la orden.",
      "Sube tu comprobante en Rifazo con ese ID como referencia.",
    ],
    details: ({ binance }) =>
      binance
        ? [{ label: "Pay ID", copyLabel: "Pay ID de Binance", value: binance.payId, mono: true }]
        : null,
  },
];
