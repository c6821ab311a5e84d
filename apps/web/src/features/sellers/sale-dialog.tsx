import { useState } from "react";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { formatMoney } from "../../lib/format";
import type { SellerAreaRaffle, SellerSale } from "./api";
import { SaleForm } from "./sale-form";
import { SaleResult } from "./sale-result";

/**
 * "Registrar venta" of one raffle: the form, then what the server answered. Each form is one sale with its
 * own id; «Registrar otra venta» starts a new one.
 */
export function SaleDialog({
  raffle,
  exchangeRate,
  open,
  onOpenChange,
}: {
  raffle: SellerAreaRaffle;
  exchangeRate: number | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [sale, setSale] = useState<SellerSale | null>(null);
  const [formKey, setFormKey] = useState(0);
  const startOver = () => {
    setSale(null);
    setFormKey((key) => key + 1);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) startOver();
      }}
    >
      <DialogContent size="lg" className="p-4 sm:p-6">
        <DialogHeader>
          <DialogTitle>Registrar venta</DialogTitle>
          <DialogDescription>
            {raffle.title} · Boleto a {formatMoney(raffle.ticketPrice, raffle.currency)}
          </DialogDescription>
        </DialogHeader>
        {sale ? (
          <SaleResult
            sale={sale}
            onAnother={startOver}
            onClose={() => {
              onOpenChange(false);
              startOver();
            }}
          />
        ) : (
          <SaleForm key={formKey} raffle={raffle} exchangeRate={exchangeRate} onSaved={setSale} />
        )}
      </DialogContent>
    </Dialog>
  );
}
