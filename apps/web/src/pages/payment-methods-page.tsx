import { Page } from "../components/layout/page";
import { PaymentMethods } from "../features/payment-methods/payment-methods";

export function PaymentMethodsPage() {
  return (
    <Page
      title="Métodos de Pago"
      eyebrow="Cómo pagar"
      description="Paga tus boletos con Pago Móvil, Zelle o Binance Pay, guarda la referencia y sube tu comprobante."
    >
      <PaymentMethods />
    </Page>
  );
}
