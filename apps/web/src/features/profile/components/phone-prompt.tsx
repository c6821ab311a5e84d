import { lazy, Suspense } from "react";
import { Alert } from "../../../components/ui/alert";

const loadBuyerPhonePrompt = () =>
  import("./buyer-phone-prompt").then((m) => ({ default: m.BuyerPhonePrompt }));

// Its own chunk: only a buyer whose account has no mobile ever needs it (decision 0031).
const BuyerPhonePrompt = lazy(() =>
  loadBuyerPhonePrompt().catch(() => ({
    default: () => (
      <Alert variant="danger">No pudimos cargar el formulario del celular. Recarga la página.</Alert>
    ),
  })),
);

/** The inline mobile form a purchase or a proof refused with 422 PHONE_REQUIRED asks for. */
export function PhonePrompt({ onSaved }: { onSaved: () => void }) {
  return (
    <Suspense fallback={<p role="status">Cargando…</p>}>
      <BuyerPhonePrompt onSaved={onSaved} />
    </Suspense>
  );
}
