import { methodCurrency } from "@rifazo/shared/domain/pricing";
import { SELLER_CASH_METHOD, SELLER_SALE_LIMITS } from "@rifazo/shared/schemas/seller-sales";
import { useState } from "react";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { FormField } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { MoneyInput } from "../../components/ui/money-input";
import { isApiError } from "../../lib/api-client";
import { formatMoney } from "../../lib/format";
import { useOnline } from "../../lib/use-online";
import type { SellerAreaRaffle } from "./api";
import { MethodChoice } from "./method-choice";
import { abonoRangeText, currencySymbol } from "./sale-amount";
import type { SaleOutcome } from "./sale-queue";
import { QueuedSaleResult, SaleResult } from "./sale-result";
import { type AbonoSale, useAbonoPayment } from "./use-abono-payment";

export interface AbonoProps {
  sale: AbonoSale;
  raffle: SellerAreaRaffle;
  exchangeRate: number | null;
}

/**
 * «Registrar abono» on the first sale of an abono not yet paid whole (decision 0034, "Abonos"): the next
 * payment, then what the server answered (or that it was saved on the phone to send later). Kept by the
 * list, not by the sale's row: once sent, the row loses its button (a payment is under review) and the
 * answer stays in view.
 */
export function AbonoPaymentDialog({ onClose, ...props }: AbonoProps & { onClose: () => void }) {
  const [outcome, setOutcome] = useState<SaleOutcome | null>(null);
  const { sale } = props;
  return (
    <Dialog
      open
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
    >
      <DialogContent size="md" className="p-4 sm:p-6">
        <DialogHeader>
          <DialogTitle>Registrar abono</DialogTitle>
          <DialogDescription>
            {sale.buyerName} · {sale.raffleTitle} · faltan{" "}
            {formatMoney(sale.abono.remaining, sale.abono.currency)}
          </DialogDescription>
        </DialogHeader>
        {outcome?.kind === "sent" ? (
          <SaleResult sale={outcome.sale} title="Abono registrado" onAnother={undefined} onClose={onClose} />
        ) : outcome?.kind === "queued" ? (
          <QueuedSaleResult sale={outcome.queued} onAnother={undefined} onClose={onClose} />
        ) : (
          <AbonoPaymentForm {...props} onSaved={setOutcome} />
        )}
      </DialogContent>
    </Dialog>
  );
}

/** How the buyer paid this time, the reference (not for cash) and how much, within the abono's bounds. */
function AbonoPaymentForm({
  sale,
  raffle,
  exchangeRate,
  onSaved,
}: AbonoProps & { onSaved: (outcome: SaleOutcome) => void }) {
  const { form, save, onSubmit, method, range, generalError } = useAbonoPayment(
    sale,
    raffle,
    exchangeRate,
    onSaved,
  );
  const online = useOnline();
  const id = (field: string) => `abono-${sale.id}-${field}`;
  const { errors } = form.formState;
  const network = isApiError(save.error) && save.error.isNetwork;
  const currency = methodCurrency(method, sale.abono.currency);
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Datos del abono" className="space-y-5">
      {online ? null : (
        <Alert variant="warning" title="Sin conexión">
          El abono se guardará en este teléfono y se enviará cuando vuelva la señal.
        </Alert>
      )}
      {generalError ? (
        <Alert variant="danger" title="No se registró el abono">
          {generalError}
          {network
            ? " Vuelve a pulsar «Registrar abono»: se enviará el mismo abono y no se registrará dos veces."
            : null}
        </Alert>
      ) : null}
      <MethodChoice
        methods={raffle.saleMethods}
        field={form.register("method")}
        selected={method}
        error={errors.method?.message}
        errorId={id("method-error")}
      />
      {method === SELLER_CASH_METHOD ? null : (
        <FormField id={id("reference")} label="Referencia del pago" error={errors.reference?.message}>
          {(control) => (
            <Input
              autoComplete="off"
              maxLength={SELLER_SALE_LIMITS.reference}
              {...control}
              {...form.register("reference")}
            />
          )}
        </FormField>
      )}
      <FormField
        id={id("amount")}
        label={`Monto del abono (${currencySymbol(currency)})`}
        hint={
          range
            ? `${abonoRangeText(range)}.`
            : "No hay tasa BCV publicada: el monto se revisará con la tasa del día."
        }
        error={errors.amount?.message}
      >
        {(control) => <MoneyInput placeholder="0,00" {...control} {...form.register("amount")} />}
      </FormField>
      <Button
        type="submit"
        size="lg"
        className="w-full"
        loading={save.isPending}
        loadingText="Registrando..."
      >
        Registrar abono
      </Button>
    </form>
  );
}
