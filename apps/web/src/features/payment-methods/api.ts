// Types only from the shared schemas: a value import would bring zod into this page's chunk.
import type { PaymentAccounts, PublicSettings } from "@rifazo/shared/schemas/settings";

export type { PublicSettings };

/** The organiser's bank account for transfers in bolívares (20-digit account number). */
export interface TransferAccount {
  bank: string;
  accountNumber: string;
  holder: string;
  idNumber: string;
}

/**
 * The public accounts with the bank transfer one; optional here so a server that does not send it yet
 * simply shows the method as unavailable.
 */
export type PaymentAccountsWithTransfer = PaymentAccounts & { transfer?: TransferAccount | null };

export const SETTINGS_ERROR = "No se pudieron cargar los datos de pago. Inténtalo de nuevo más tarde.";

// The settings query itself is the one every page shares: exchange-rate/api/public-settings.
