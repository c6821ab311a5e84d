import { formatVenezuelanPhone } from "@rifazo/shared/domain/phone";
import { useEffect, useRef } from "react";
import { Button } from "../../components/ui/button";
import type { SellerSale } from "./api";
import type { QueuedSale } from "./offline-storage";
import { ReceiptShare } from "./receipt-share";
import {
  abonoText,
  queuedNumbersText,
  SaleStatusBadge,
  saleNumbersText,
  salePaymentText,
} from "./sale-status";

const STATUS_TEXT: Record<SellerSale["status"], string> = {
  approved: "La venta quedó pagada. Envía al comprador su recibo: con él verifica sus números.",
  pending:
    "El organizador revisará el pago. Cuando lo apruebe, el recibo del comprador aparecerá en «Mis ventas».",
  rejected: "El pago fue rechazado: los números no quedaron vendidos.",
  cancelled: "La venta fue anulada.",
};

/** An approved payment of an abono not yet complete: the numbers are apartados, not sold (decision 0034). */
const ABONO_APPROVED =
  "El abono quedó registrado: los números quedan apartados hasta que el comprador pague el resto antes del cierre. Si no se completa, se liberan y se le devuelve lo abonado.";

function statusText(sale: SellerSale): string {
  if (sale.status === "approved" && sale.abono && !sale.abono.complete) return ABONO_APPROVED;
  return STATUS_TEXT[sale.status];
}

/** What the server recorded: the numbers, whether it is paid, and the buyer's receipt to send. */
export function SaleResult({
  sale,
  onAnother,
  onClose,
  title = "Venta registrada",
}: {
  sale: SellerSale;
  onAnother: (() => void) | undefined;
  onClose: () => void;
  title?: string;
}) {
  const heading = useFocusedHeading();
  const headingId = `sale-result-${sale.id}`;
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={headingId} ref={heading} tabIndex={-1} className="text-lg font-bold text-ink outline-none">
          {title}
        </h3>
        <SaleStatusBadge status={sale.status} />
      </div>
      <p className="text-sm text-muted">{statusText(sale)}</p>
      <dl className="space-y-2 text-sm">
        <Row label="Comprador">
          {sale.buyerName} · {formatVenezuelanPhone(sale.buyerPhone)}
        </Row>
        <Row label="Números">
          <span className="font-mono font-bold">{saleNumbersText(sale)}</span>
        </Row>
        <Row label="Cobrado">{salePaymentText(sale)}</Row>
        {sale.abono ? <Row label="Saldo">{abonoText(sale)}</Row> : null}
      </dl>
      <ReceiptShare sale={sale} />
      <ResultActions onAnother={onAnother} onClose={onClose} />
    </section>
  );
}

/** The form is gone: focus goes to what replaced it, and a screen reader reads the outcome. */
function useFocusedHeading() {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return heading;
}

function ResultActions({ onAnother, onClose }: { onAnother: (() => void) | undefined; onClose: () => void }) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button variant="outline" onClick={onClose}>
        Cerrar
      </Button>
      {onAnother ? <Button onClick={onAnother}>Registrar otra venta</Button> : null}
    </div>
  );
}

/** A sale saved on the phone without signal: what it holds, and that its receipt comes once it is sent. */
export function QueuedSaleResult({
  sale,
  onAnother,
  onClose,
}: {
  sale: QueuedSale;
  onAnother: (() => void) | undefined;
  onClose: () => void;
}) {
  const heading = useFocusedHeading();
  const headingId = `sale-queued-${sale.saleId}`;
  const { body } = sale;
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h3 id={headingId} ref={heading} tabIndex={-1} className="text-lg font-bold text-ink outline-none">
        Guardada sin conexión: se enviará cuando vuelva la señal
      </h3>
      <p className="text-sm text-muted">
        La venta está en «Ventas por enviar» de este teléfono. Cuando se envíe aparecerá en «Mis ventas», y el
        recibo del comprador con ella.
      </p>
      <dl className="space-y-2 text-sm">
        <Row label="Comprador">
          {body.buyerName} · {body.buyerPhone}
        </Row>
        <Row label="Números">
          <span className="font-mono font-bold">{queuedNumbersText(sale)}</span>
        </Row>
      </dl>
      <ResultActions onAnother={onAnother} onClose={onClose} />
    </section>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="text-muted">{label}:</dt>
      <dd className="min-w-0 text-ink [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}
