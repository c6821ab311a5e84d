// Types only from the shared schemas: a value import would bring zod into this page's chunk.
import type { PaymentAccounts, PublicSettings } from "@rifazo/shared/schemas/settings";

export type { PaymentAccounts, PublicSettings };

export const SETTINGS_ERROR = "No se pudieron cargar los datos de pago. Inténtalo de nuevo más tarde.";

// The settings query itself is the one every page shares: exchange-rate/api/public-settings.
