import { PlaceholderPage } from "../components/layout/placeholder-page";

export function PaymentMethodsPage() {
  return (
    <PlaceholderPage
      title="Métodos de Pago"
      eyebrow="Cómo pagar"
      description="Paga tus boletos con Pago Móvil, Zelle o Binance Pay y sube tu comprobante."
    />
  );
}
