import {
  CURRENCIES,
  MAX_EXTENSIONS_LIMIT,
  RAFFLE_STATUS_LABELS,
  type RaffleStatus,
} from "@rifazo/shared/constants";
import { formatEsNumber, parseEsNumber } from "@rifazo/shared/domain/money";
import { countText } from "@rifazo/shared/domain/plural";
import { defaultTicketCap } from "@rifazo/shared/domain/purchase-limits";
import { ADMIN_MESSAGES, RAFFLE_FORM_LABELS } from "@rifazo/shared/schemas/admin";
import { Controller } from "react-hook-form";
import { FormField } from "../../../components/ui/field";
import { Label } from "../../../components/ui/label";
import { MoneyInput } from "../../../components/ui/money-input";
import { Select } from "../../../components/ui/select";
import { Switch } from "../../../components/ui/switch";
import { RaffleFormSection } from "./raffle-form-section";
import { lockableInput, type RaffleFormApi } from "./raffle-form-values";

/** A new raffle starts upcoming or on sale; every later state comes from the list's actions (lifecycle). */
const CREATION_STATUSES = ["upcoming", "active"] as const satisfies readonly RaffleStatus[];
const STATUS_OPTIONS = CREATION_STATUSES.map((status) => ({
  value: status,
  label: RAFFLE_STATUS_LABELS[status],
}));
const STATUS_BY_ACTIONS =
  "El estado cambia con las acciones de la lista de rifas: Abrir ventas, Cerrar antes de tiempo o Cancelar.";
const CURRENCY_OPTIONS = CURRENCIES.map((currency) => ({
  value: currency,
  label: currency === "USD" ? "USD (dólares)" : "VES (bolívares)",
}));

/** The total as typed ("1.000" is a thousand), or null while it is blank or unreadable. */
function ticketsOf(text: string): number | null {
  const parsed = parseEsNumber(text, { decimals: 0 });
  return parsed.ok && parsed.value >= 1 ? parsed.value : null;
}

/** The usual sizes, one tap away; any other total from 1 to 10000 is typed. */
const QUICK_TOTALS = [100, 1_000, 10_000] as const;

interface SaleSectionProps {
  form: RaffleFormApi;
  /** Editing an existing raffle: its ticket count is fixed. */
  editing: boolean;
  /** The raffle has sales: price, currency and activation are fixed. */
  locked: boolean;
}

/** Price, currency, tickets and the per-buyer cap, status and featured flag. */
export function RaffleFormSaleSection({ form, editing, locked }: SaleSectionProps) {
  const total = ticketsOf(form.watch("totalTickets"));
  return (
    <RaffleFormSection id="raffle-form-sale" title="Venta">
      <div className="grid gap-4 sm:grid-cols-3">
        <PriceFields form={form} locked={locked} />
        <TotalTicketsField form={form} editing={editing} total={total} />
        <MaxPerBuyerField form={form} total={total} />
      </div>
      <MinimumFields form={form} locked={locked} />
      <StatusFields form={form} editing={editing} />
    </RaffleFormSection>
  );
}

function PriceFields({ form, locked }: { form: RaffleFormApi; locked: boolean }) {
  const {
    control,
    formState: { errors },
  } = form;
  return (
    <>
      <FormField id="raffle-price" label={`${RAFFLE_FORM_LABELS.price} *`} error={errors.price?.message}>
        {(fieldProps) => (
          <MoneyInput placeholder="Ej.: 2,50" {...fieldProps} {...lockableInput(form, "price", locked)} />
        )}
      </FormField>
      <FormField
        id="raffle-currency"
        label={`${RAFFLE_FORM_LABELS.currency} *`}
        error={errors.currency?.message}
      >
        {(fieldProps) => (
          <Controller
            control={control}
            name="currency"
            render={({ field }) => (
              <Select
                options={CURRENCY_OPTIONS}
                value={field.value}
                onValueChange={(value) => field.onChange(value)}
                disabled={locked}
                {...fieldProps}
              />
            )}
          />
        )}
      </FormField>
    </>
  );
}

interface TotalTicketsFieldProps {
  form: RaffleFormApi;
  editing: boolean;
  /** The total as typed, null while blank or unreadable. */
  total: number | null;
}

function TotalTicketsField({ form, editing, total }: TotalTicketsFieldProps) {
  const {
    setValue,
    formState: { errors },
  } = form;
  return (
    <FormField
      id="raffle-total"
      label={`${RAFFLE_FORM_LABELS.totalTickets} *`}
      error={errors.totalTickets?.message}
      hint={editing ? ADMIN_MESSAGES.totalTicketsLocked : "Elige uno o escribe otro entre 1 y 10000."}
    >
      {(fieldProps) => (
        <div className="space-y-2">
          <MoneyInput
            decimals={0}
            placeholder={editing ? undefined : "Ej.: 500"}
            {...fieldProps}
            // Shown but not registered while editing: a disabled registered input would drop its value.
            {...lockableInput(form, "totalTickets", editing)}
          />
          {editing ? null : (
            <fieldset className="flex flex-wrap gap-2">
              <legend className="sr-only">Totales frecuentes</legend>
              {QUICK_TOTALS.map((quick) => (
                <button
                  key={quick}
                  type="button"
                  aria-pressed={total === quick}
                  aria-label={countText(quick, "boleto", "boletos")}
                  className="min-h-9 rounded-control border border-line px-3 text-sm font-semibold text-ink aria-pressed:border-brand-600 aria-pressed:bg-brand-50"
                  onClick={() =>
                    setValue("totalTickets", formatEsNumber(quick, 0), {
                      shouldDirty: true,
                      shouldValidate: true,
                    })
                  }
                >
                  {formatEsNumber(quick, 0)}
                </button>
              ))}
            </fieldset>
          )}
        </div>
      )}
    </FormField>
  );
}

function MaxPerBuyerField({ form, total }: { form: RaffleFormApi; total: number | null }) {
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <FormField
      id="raffle-max-per-buyer"
      label={RAFFLE_FORM_LABELS.maxTicketsPerBuyer}
      error={errors.maxTicketsPerBuyer?.message}
      hint={`Boletos en revisión más aprobados de cada comprador. Vacío: ${
        total === null ? "el 10 % del total" : `${defaultTicketCap(total)} (10 % del total)`
      }.`}
    >
      {(fieldProps) => (
        <MoneyInput
          decimals={0}
          placeholder={total === null ? "" : String(defaultTicketCap(total))}
          {...fieldProps}
          {...register("maxTicketsPerBuyer")}
        />
      )}
    </FormField>
  );
}

/** The minimum of tickets to draw and how many times the closing date may move. */
function MinimumFields({ form, locked }: { form: RaffleFormApi; locked: boolean }) {
  const {
    formState: { errors },
  } = form;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField
        id="raffle-min-tickets"
        label={RAFFLE_FORM_LABELS.minTickets}
        error={errors.minTickets?.message}
        hint="Opcional. Si al llegar la fecha no se alcanza, la rifa no se sortea: podrás prorrogarla o cancelarla (con reembolsos)."
      >
        {(fieldProps) => (
          <MoneyInput
            decimals={0}
            placeholder="Sin mínimo"
            {...fieldProps}
            {...lockableInput(form, "minTickets", locked)}
          />
        )}
      </FormField>
      <FormField
        id="raffle-max-extensions"
        label={RAFFLE_FORM_LABELS.maxExtensions}
        error={errors.maxExtensions?.message}
        hint={`Veces que puedes mover la fecha de cierre (0 a ${MAX_EXTENSIONS_LIMIT}).`}
      >
        {(fieldProps) => (
          <MoneyInput decimals={0} {...fieldProps} {...lockableInput(form, "maxExtensions", locked)} />
        )}
      </FormField>
    </div>
  );
}

/** The status (chosen only when creating) and the featured flag. */
function StatusFields({ form, editing }: { form: RaffleFormApi; editing: boolean }) {
  const {
    control,
    getValues,
    formState: { errors },
  } = form;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {editing ? (
        <div className="space-y-1">
          <p className="text-sm font-semibold text-ink">{RAFFLE_FORM_LABELS.status}</p>
          <p className="text-sm text-ink">
            {RAFFLE_STATUS_LABELS[getValues("status") as RaffleStatus] ?? getValues("status")}
          </p>
          <p className="text-xs text-muted">{STATUS_BY_ACTIONS}</p>
        </div>
      ) : (
        <FormField id="raffle-status" label={RAFFLE_FORM_LABELS.status} error={errors.status?.message}>
          {(fieldProps) => (
            <Controller
              control={control}
              name="status"
              render={({ field }) => (
                <Select
                  options={STATUS_OPTIONS}
                  value={field.value}
                  onValueChange={(value) => field.onChange(value)}
                  {...fieldProps}
                />
              )}
            />
          )}
        </FormField>
      )}
      <div className="flex items-center gap-3 sm:pt-7">
        <Controller
          control={control}
          name="isFeatured"
          render={({ field }) => (
            <Switch
              id="raffle-featured"
              checked={field.value}
              onCheckedChange={(checked) => field.onChange(checked)}
            />
          )}
        />
        <Label htmlFor="raffle-featured">Rifa destacada (aparece en el inicio)</Label>
      </div>
    </div>
  );
}
