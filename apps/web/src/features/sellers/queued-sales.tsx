import { useState } from "react";
import { Button } from "../../components/ui/button";
import { useOnline } from "../../lib/use-online";
import type { SellerAreaView } from "./api";
import type { QueuedSale } from "./offline-storage";
import { QueuedSaleItem } from "./queued-sale-item";
import { SaleDialog } from "./sale-dialog";
import { useSaleQueue } from "./use-sale-queue";

interface QueuedSalesProps {
  area: SellerAreaView;
  onSync: () => Promise<void>;
}

/**
 * "Ventas por enviar": the sales saved on this phone without signal, oldest first, each with its state,
 * and «Enviar ahora» (they also go by themselves when the signal returns and when the area opens).
 */
export function QueuedSales({ area, onSync }: QueuedSalesProps) {
  const { sales } = useSaleQueue();
  // Kept here, not in the item: once that sale is sent it leaves the list, and its result stays in view.
  const [choosing, setChoosing] = useState<QueuedSale | null>(null);
  const raffle = area.raffles.find((r) => r.raffleId === choosing?.body.raffleId);
  return (
    <>
      {sales.length > 0 ? <QueueList area={area} onSync={onSync} onChoose={setChoosing} /> : null}
      {choosing && raffle ? (
        <SaleDialog
          key={choosing.saleId}
          raffle={raffle}
          exchangeRate={area.exchangeRate}
          open
          onOpenChange={(open) => {
            if (!open) setChoosing(null);
          }}
          resend={choosing}
        />
      ) : null}
    </>
  );
}

function QueueList({ area, onSync, onChoose }: QueuedSalesProps & { onChoose: (sale: QueuedSale) => void }) {
  const { sales, sending } = useSaleQueue();
  const online = useOnline();
  const [syncing, setSyncing] = useState(false);
  const waiting = sales.filter((sale) => sale.state === "pending").length;
  const sendNow = () => {
    setSyncing(true);
    void onSync()
      .catch(() => undefined)
      .finally(() => setSyncing(false));
  };
  return (
    <section
      aria-labelledby="queued-sales-title"
      className="mb-8 space-y-3 rounded-card border border-warning-700/25 bg-warning-50/50 p-3 sm:p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="queued-sales-title" className="text-xl font-bold text-ink">
          Ventas por enviar ({sales.length})
        </h2>
        {waiting > 0 ? (
          <Button
            size="sm"
            onClick={sendNow}
            loading={syncing || sending !== null}
            loadingText="Enviando..."
            disabled={!online}
          >
            Enviar ahora
          </Button>
        ) : null}
      </div>
      <p className="text-sm text-muted" aria-live="polite">
        {online
          ? "Se envían solas, una a una, en el orden en que las guardaste."
          : "Sin señal: se enviarán solas cuando vuelva la conexión. No cierres sesión o no podrán enviarse."}
      </p>
      <ul aria-label="Ventas guardadas en este teléfono" className="space-y-3">
        {sales.map((sale) => (
          <li key={sale.saleId}>
            <QueuedSaleItem
              sale={sale}
              sending={sending === sale.saleId}
              raffle={area.raffles.find((raffle) => raffle.raffleId === sale.body.raffleId)}
              saleKey={area.saleKey}
              onChoose={onChoose}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
