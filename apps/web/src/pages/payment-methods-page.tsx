import { Page } from "../components/layout/page";
import { publicSettingsQuery } from "../features/exchange-rate";
import { PaymentMethods } from "../features/payment-methods";
import type { PrefetchPage } from "../lib/page-data";

/** Rendered on the server with the bolívar rate and the payment accounts (public settings). */
export const prefetchPage: PrefetchPage = ({ queryClient }) => queryClient.prefetchQuery(publicSettingsQuery);

export function PaymentMethodsPage() {
  return (
    <Page
      title="Métodos de Pago"
      eyebrow="Cómo pagar"
      description="Paga tus boletos con Pago Móvil, transferencia bancaria, Zelle o Binance Pay, guarda la referencia y sube tu comprobante."
    >
      <PaymentMethods />
    </Page>
  );
}
