import { useState } from "react";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { formatMoney } from "../../lib/format";
import type { SellerAreaRaffle } from "./api";
import type { QueuedSale } from "./offline-storage";
import { SaleForm } from "./sale-form";
import type { SaleOutcome } from "./sale-queue";
import { QueuedSaleResult, SaleResult } from "./sale-result";

/**
 * "Registrar venta" of one raffle: the form, then what the server answered (or that it was saved on the
 * phone to send later). Each form is one sale with its own id; «Registrar otra venta» starts a new one.
 * With `resend`, a queued sale the server refused, sent again with its same id («Elegir otros números»).
 */
export function SaleDialog({
  raffle,
  exchangeRate,
  open,
  onOpenChange,
  resend,
}: {
  raffle: SellerAreaRaffle;
  exchangeRate: number | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  resend?: QueuedSale | undefined;
}) {
  const [outcome, setOutcome] = useState<SaleOutcome | null>(null);
  const [formKey, setFormKey] = useState(0);
  const startOver = () => {
    setOutcome(null);
    setFormKey((key) => key + 1);
  };
  const close = () => {
    onOpenChange(false);
    startOver();
  };
  // A sale sent again is that one sale: no "another" from there.
  const another = resend ? undefined : startOver;
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
          <DialogTitle>{resend ? "Elegir otros números" : "Registrar venta"}</DialogTitle>
          <DialogDescription>
            {raffle.title} · Boleto a {formatMoney(raffle.ticketPrice, raffle.currency)}
          </DialogDescription>
        </DialogHeader>
        {outcome?.kind === "sent" ? (
          <SaleResult sale={outcome.sale} onAnother={another} onClose={close} />
        ) : outcome?.kind === "queued" ? (
          <QueuedSaleResult sale={outcome.queued} onAnother={another} onClose={close} />
        ) : (
          <SaleForm
            key={formKey}
            raffle={raffle}
            exchangeRate={exchangeRate}
            onSaved={setOutcome}
            resend={resend}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
