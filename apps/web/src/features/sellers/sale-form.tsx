import { MIN_TICKETS_PER_PURCHASE } from "@rifazo/shared/constants";
import { formatEsNumber } from "@rifazo/shared/domain/money";
import { countText } from "@rifazo/shared/domain/plural";
import { SELLER_CASH_METHOD, SELLER_SALE_LIMITS } from "@rifazo/shared/schemas/seller-sales";
import { Controller, type UseFormReturn } from "react-hook-form";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { EmailInput } from "../../components/ui/email-input";
import { FormField } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { MoneyInput } from "../../components/ui/money-input";
import { PhoneInput } from "../../components/ui/phone-input";
import { isApiError } from "../../lib/api-client";
import { formatMoney } from "../../lib/format";
import { useOnline } from "../../lib/use-online";
import type { SellerAreaRaffle } from "./api";
import { MethodChoice, RadioChoice } from "./method-choice";
import type { QueuedSale } from "./offline-storage";
import { type AbonoRange, abonoRangeText, cashRoom, currencySymbol, type SaleCharge } from "./sale-amount";
import { SaleNumbers } from "./sale-numbers";
import type { SaleOutcome } from "./sale-queue";
import { type SaleFormValues, type SaleKind, useSaleForm } from "./use-sale-form";

type SaleForm = UseFormReturn<SaleFormValues>;
type FieldId = (field: string) => string;

interface SaleFormProps {
  raffle: SellerAreaRaffle;
  exchangeRate: number | null;
  onSaved: (outcome: SaleOutcome) => void;
  /** A queued sale the server refused, sent again with its same id (its fields filled in). */
  resend?: QueuedSale | undefined;
}

/**
 * A sale recorded on the spot (docs/decisions/0034-vendedores.md): the numbers (or how many), the buyer,
 * how they paid and what was collected. Cash is paid when recorded, within the vendedor's cash limit; any
 * other method waits for the organiser's review.
 */
export function SaleForm({ raffle, exchangeRate, onSaved, resend }: SaleFormProps) {
  const { form, save, onSubmit, charge, method, kind, abonoRange, generalError } = useSaleForm(
    raffle,
    exchangeRate,
    onSaved,
    resend,
  );
  const online = useOnline();
  const id: FieldId = (field) => `sale-${raffle.raffleId}-${field}`;
  const network = isApiError(save.error) && save.error.isNetwork;
  return (
    <div className="space-y-5">
      {online ? null : (
        <Alert variant="warning" title="Sin conexión">
          La venta se guardará en este teléfono y se enviará cuando vuelva la señal. Los números ocupados
          pueden no estar al día: si alguno ya no está libre, te lo diremos al enviarla.
        </Alert>
      )}
      {raffle.numberMode === "chosen" ? (
        <Controller
          control={form.control}
          name="numbers"
          render={({ field, fieldState }) => (
            <SaleNumbers
              raffle={raffle}
              selected={field.value}
              onChange={(next) => {
                field.onChange(next);
                form.clearErrors("numbers");
              }}
              error={fieldState.error?.message}
              errorId={id("numbers")}
              disabled={save.isPending}
            />
          )}
        />
      ) : null}
      <form noValidate onSubmit={onSubmit} aria-label="Datos de la venta" className="space-y-5">
        {generalError ? (
          <Alert variant="danger" title="No se registró la venta">
            {generalError}
            {network
              ? " Vuelve a pulsar «Registrar venta»: se enviará la misma venta y no se registrará dos veces."
              : null}
          </Alert>
        ) : null}
        {raffle.numberMode === "random" ? <QuantityField form={form} raffle={raffle} id={id} /> : null}
        <BuyerFields form={form} id={id} />
        <PaymentFields
          form={form}
          raffle={raffle}
          charge={charge}
          exchangeRate={exchangeRate}
          abonoRange={kind === "abono" ? abonoRange : undefined}
          id={id}
        />
        {method === SELLER_CASH_METHOD ? (
          <CashRoom raffle={raffle} charge={charge} abono={kind === "abono"} />
        ) : null}
        <Button
          type="submit"
          size="lg"
          className="w-full"
          loading={save.isPending}
          loadingText="Registrando..."
        >
          Registrar venta
        </Button>
      </form>
    </div>
  );
}

function QuantityField({ form, raffle, id }: { form: SaleForm; raffle: SellerAreaRaffle; id: FieldId }) {
  const left = Math.max(0, raffle.totalTickets - raffle.soldTickets);
  return (
    <FormField
      id={id("quantity")}
      label="Cantidad de boletos"
      hint={`Los números se asignan al azar. De ${MIN_TICKETS_PER_PURCHASE} a ${Math.min(SELLER_SALE_LIMITS.maxQuantity, left)}.`}
      error={form.formState.errors.quantity?.message}
    >
      {(control) => (
        <Input
          inputMode="numeric"
          autoComplete="off"
          maxLength={3}
          className="max-w-32"
          {...control}
          {...form.register("quantity")}
        />
      )}
    </FormField>
  );
}

function BuyerFields({ form, id }: { form: SaleForm; id: FieldId }) {
  const { errors } = form.formState;
  return (
    <fieldset className="space-y-4">
      <legend className="mb-3 text-base font-bold text-ink">Comprador</legend>
      <FormField id={id("name")} label="Nombre y apellido" error={errors.buyerName?.message}>
        {(control) => (
          <Input
            autoComplete="off"
            maxLength={SELLER_SALE_LIMITS.buyerName}
            {...control}
            {...form.register("buyerName")}
          />
        )}
      </FormField>
      <FormField
        id={id("phone")}
        label="Celular"
        hint="Le llegará su recibo por WhatsApp."
        error={errors.buyerPhone?.message}
      >
        {(control) => <PhoneInput autoComplete="off" {...control} {...form.register("buyerPhone")} />}
      </FormField>
      <FormField id={id("cedula")} label="Cédula (opcional)" error={errors.buyerIdNumber?.message}>
        {(control) => (
          <Input
            autoComplete="off"
            placeholder="V-12345678"
            maxLength={20}
            {...control}
            {...form.register("buyerIdNumber")}
          />
        )}
      </FormField>
      <FormField
        id={id("email")}
        label="Correo del comprador (opcional)"
        hint="Le enviaremos el enlace del recibo cuando el pago esté aprobado."
        error={errors.buyerEmail?.message}
      >
        {(control) => (
          <EmailInput
            autoComplete="off"
            placeholder="nombre@correo.com"
            maxLength={SELLER_SALE_LIMITS.buyerEmail}
            {...control}
            {...form.register("buyerEmail")}
          />
        )}
      </FormField>
    </fieldset>
  );
}

/**
 * What to collect: the price (combos applied), in the method's currency at the BCV rate when it differs;
 * for an abono (`abonoRange` given, null without a rate) also its bounds.
 */
function ChargeHint({
  charge,
  exchangeRate,
  abonoRange,
}: {
  charge: SaleCharge;
  exchangeRate: number | null;
  abonoRange: AbonoRange | null | undefined;
}) {
  const { quote } = charge;
  if (quote.quantity === 0) return <>Elige los boletos para ver el monto.</>;
  const price = `${countText(quote.quantity, "boleto", "boletos")}: ${formatMoney(quote.total, quote.currency)}${
    quote.applied === "combo" ? " (con combo)" : ""
  }`;
  const bounds = abonoRange ? ` ${abonoRangeText(abonoRange)}.` : "";
  if (!charge.converted) return <>{`${price}.${bounds}`}</>;
  if (exchangeRate === null)
    return <>{price}. No hay tasa BCV publicada: escribe el monto que cobraste en bolívares o en dólares.</>;
  return <>{`${price}, a la tasa BCV de ${formatEsNumber(exchangeRate, 2)} Bs/$.${bounds}`}</>;
}

const SALE_KINDS: readonly { value: SaleKind; label: string }[] = [
  { value: "whole", label: "Venta completa" },
  { value: "abono", label: "Apartar con abono" },
];

/** «Venta completa» or «Apartar con abono», for a raffle that takes abonos (decision 0034, "Abonos"). */
function SaleKindChoice({ form, raffle, id }: { form: SaleForm; raffle: SellerAreaRaffle; id: FieldId }) {
  const minimum = raffle.installmentMinimum ?? null;
  if (minimum === null) return null;
  return (
    <RadioChoice
      legend="Tipo de venta"
      options={SALE_KINDS}
      field={form.register("kind")}
      selected={form.watch("kind")}
      errorId={id("kind-error")}
      hint={`Con abono, los números quedan apartados con un primer pago de al menos ${formatMoney(minimum, raffle.currency)}; si no se completa antes del cierre, se liberan y se devuelve lo abonado.`}
      hintId={id("kind-hint")}
    />
  );
}

function PaymentFields({
  form,
  raffle,
  charge,
  exchangeRate,
  abonoRange,
  id,
}: {
  form: SaleForm;
  raffle: SellerAreaRaffle;
  charge: SaleCharge;
  exchangeRate: number | null;
  abonoRange: AbonoRange | null | undefined;
  id: FieldId;
}) {
  const { errors } = form.formState;
  const method = form.watch("method");
  const cash = method === SELLER_CASH_METHOD;
  return (
    <fieldset className="space-y-4">
      <legend className="mb-3 text-base font-bold text-ink">Pago</legend>
      <SaleKindChoice form={form} raffle={raffle} id={id} />
      <MethodChoice
        methods={raffle.saleMethods}
        field={form.register("method")}
        selected={method}
        error={errors.method?.message}
        errorId={id("method-error")}
      />
      {cash ? null : (
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
        label={`Monto cobrado (${currencySymbol(charge.currency)})`}
        hint={<ChargeHint charge={charge} exchangeRate={exchangeRate} abonoRange={abonoRange} />}
        error={errors.amount?.message}
      >
        {(control) => <MoneyInput placeholder="0,00" {...control} {...form.register("amount")} />}
      </FormField>
    </fieldset>
  );
}

/**
 * The cash the vendedor may still collect before handing some to the organiser, and whether this fits (an
 * abono's amount is typed: the server checks it).
 */
function CashRoom({
  raffle,
  charge,
  abono,
}: {
  raffle: SellerAreaRaffle;
  charge: SaleCharge;
  abono: boolean;
}) {
  const room = cashRoom(raffle);
  const over = !abono && charge.quote.total > room;
  return (
    <Alert variant={over ? "warning" : "info"} title="Efectivo">
      Puedes cobrar en efectivo hasta {formatMoney(room, raffle.currency)} más: tienes{" "}
      {formatMoney(raffle.cashHeld, raffle.currency)} por entregar de un límite de{" "}
      {formatMoney(raffle.creditLimit, raffle.currency)}.
      {over ? " Esta venta lo supera: entrega efectivo al organizador o cobra por otro método." : null}
    </Alert>
  );
}
