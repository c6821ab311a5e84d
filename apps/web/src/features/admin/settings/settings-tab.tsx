import { formatEsNumber, parseEsNumber } from "@rifazo/shared/domain/money";
import {
  EMPTY_PAYMENT_ACCOUNTS,
  EMPTY_SUPPORT_CONTACT,
  type ExchangeRate,
  exchangeRateInputSchema,
  formatVenezuelanMobile,
  type PaymentAccounts,
  type PaymentAccountsInput,
  type PublicSettings,
  paymentAccountsSchema,
  SETTINGS_MESSAGES,
  type SupportContact,
  supportContactSchema,
  type TransferAccount,
  todayInVenezuela,
} from "@rifazo/shared/schemas/settings";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { MoneyInput } from "../../../components/ui/money-input";
import { Skeleton } from "../../../components/ui/skeleton";
import { Switch } from "../../../components/ui/switch";
import { toast } from "../../../components/ui/toast";
import { api, errorMessage, isApiError } from "../../../lib/api-client";
import { formatDate, formatNumber } from "../../../lib/format";
import { publicSettingsQuery, publicSettingsQueryKey } from "../../exchange-rate";
import { LoadError } from "../shared/load-states";
import { SectionCard } from "../shared/section-card";

/** The bolívar rate (tasa BCV), the accounts shown on /metodos-pago and the support WhatsApp of /contacto. */
export function SettingsTab() {
  // Always fresh here: the admin edits what the cached public copy shows.
  const settings = useQuery({ ...publicSettingsQuery, staleTime: 0 });

  if (settings.isPending) {
    return (
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2" aria-busy="true">
        <Skeleton className="h-72" />
        <Skeleton className="h-96" />
      </div>
    );
  }
  if (settings.isError) {
    return <LoadError onRetry={() => settings.refetch()}>{errorMessage(settings.error)}</LoadError>;
  }
  return (
    <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
      <ExchangeRateCard current={settings.data.exchangeRate} />
      <PaymentAccountsCard current={settings.data.paymentAccounts ?? EMPTY_PAYMENT_ACCOUNTS} />
      <SupportContactCard current={settings.data.supportContact ?? EMPTY_SUPPORT_CONTACT} />
    </div>
  );
}

function SupportContactCard({ current }: { current: SupportContact }) {
  const updateCache = useSettingsCache();
  const [whatsapp, setWhatsapp] = useState(current.whatsapp ? formatVenezuelanMobile(current.whatsapp) : "");
  const [error, setError] = useState<string | undefined>();

  const save = useMutation({
    mutationFn: (body: { whatsapp: string | null }) =>
      api.put<SupportContact>("/api/admin/settings/support-contact", body),
    onSuccess: (saved) => {
      updateCache({ supportContact: saved });
      setWhatsapp(saved.whatsapp ? formatVenezuelanMobile(saved.whatsapp) : "");
      toast({
        title: "Contacto Actualizado",
        description: saved.whatsapp
          ? `WhatsApp de soporte: ${formatVenezuelanMobile(saved.whatsapp)}.`
          : "El WhatsApp de soporte ya no se muestra en Contacto.",
        variant: "success",
      });
    },
    onError: (failure) => {
      if (isApiError(failure) && failure.fields) setError(Object.values(failure.fields)[0]);
      toast({ title: "Error al Guardar", description: errorMessage(failure), variant: "error" });
    },
  });

  return (
    <SectionCard
      title="Contacto de soporte"
      description={
        current.whatsapp
          ? `Publicado en Contacto: ${formatVenezuelanMobile(current.whatsapp)}`
          : "Sin WhatsApp publicado: la página de Contacto muestra solo el correo."
      }
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          const typed = whatsapp.trim();
          const parsed = supportContactSchema.safeParse({ whatsapp: typed === "" ? null : typed });
          if (!parsed.success) {
            setError(parsed.error.issues[0]?.message ?? SETTINGS_MESSAGES.whatsappInvalid);
            return;
          }
          setError(undefined);
          save.mutate(parsed.data);
        }}
      >
        <FormField
          id="support-whatsapp"
          label="WhatsApp de soporte"
          hint="Déjalo vacío para no mostrarlo."
          error={error}
        >
          {(control) => (
            <Input
              inputMode="tel"
              autoComplete="off"
              placeholder="0424-1234567"
              value={whatsapp}
              onChange={(event) => setWhatsapp(event.target.value)}
              {...control}
            />
          )}
        </FormField>
        <div className="flex justify-end">
          <Button type="submit" loading={save.isPending} loadingText="Guardando...">
            Guardar Contacto
          </Button>
        </div>
      </form>
    </SectionCard>
  );
}

function useSettingsCache() {
  const queryClient = useQueryClient();
  return (patch: Partial<PublicSettings>) =>
    queryClient.setQueryData<PublicSettings>(publicSettingsQueryKey, (old) =>
      old ? { ...old, ...patch } : undefined,
    );
}

/** Bolívares per dollar are published with up to four decimals (the API rounds to them too). */
const RATE_DECIMALS = 4;

function ExchangeRateCard({ current }: { current: ExchangeRate | null }) {
  const updateCache = useSettingsCache();
  const [rate, setRate] = useState(current ? formatEsNumber(current.rate, RATE_DECIMALS) : "");
  const [date, setDate] = useState(todayInVenezuela());
  const [source, setSource] = useState(current?.source ?? "BCV");
  const [errors, setErrors] = useState<Record<string, string>>({});

  const save = useMutation({
    mutationFn: (body: { rate: number; date: string; source: string }) =>
      api.put<ExchangeRate>("/api/admin/settings/exchange-rate", body),
    onSuccess: (saved) => {
      updateCache({ exchangeRate: saved });
      toast({
        title: "Tasa Actualizada",
        description: `1 USD = Bs. ${formatNumber(saved.rate, 4)} (${saved.source}, ${formatDate(`${saved.date}T12:00:00Z`)}).`,
        variant: "success",
      });
    },
    onError: (error) => {
      if (isApiError(error) && error.fields) setErrors(error.fields);
      toast({ title: "Error al Guardar", description: errorMessage(error), variant: "error" });
    },
  });

  return (
    <SectionCard
      title="Tasa de cambio (BCV)"
      description={
        current
          ? `Publicada: 1 USD = Bs. ${formatNumber(current.rate, 4)} · ${current.source} · ${formatDate(`${current.date}T12:00:00Z`)}`
          : "Aún no hay una tasa publicada: los precios en dólares se muestran sin su equivalente en bolívares."
      }
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          // "36,5124" or "1.194,56" as the BCV publishes it; "36.512" is refused as ambiguous, never guessed.
          const typed = parseEsNumber(rate, { decimals: RATE_DECIMALS });
          const parsed = exchangeRateInputSchema.safeParse({
            rate: typed.ok ? typed.value : undefined,
            date: date || undefined,
            source,
          });
          if (!parsed.success || (!typed.ok && rate.trim() !== "")) {
            const next: Record<string, string> = {};
            if (!typed.ok && rate.trim() !== "") next.rate = typed.error;
            for (const issue of parsed.error?.issues ?? []) next[String(issue.path[0])] ??= issue.message;
            setErrors(next);
            return;
          }
          setErrors({});
          save.mutate({
            rate: parsed.data.rate,
            date: parsed.data.date ?? todayInVenezuela(),
            source: parsed.data.source,
          });
        }}
      >
        <FormField id="rate-value" label="Bolívares por dólar (Bs./USD)" error={errors.rate}>
          {(control) => (
            <MoneyInput
              decimals={RATE_DECIMALS}
              placeholder="Ej.: 36,50"
              value={rate}
              onChange={(event) => setRate(event.target.value)}
              {...control}
            />
          )}
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="rate-date" label="Fecha de la tasa" error={errors.date}>
            {(control) => (
              <Input
                type="date"
                value={date}
                onChange={(event) => setDate(event.target.value)}
                {...control}
              />
            )}
          </FormField>
          <FormField id="rate-source" label="Fuente" error={errors.source}>
            {(control) => (
              <Input
                value={source}
                maxLength={60}
                onChange={(event) => setSource(event.target.value)}
                {...control}
              />
            )}
          </FormField>
        </div>
        <div className="flex justify-end">
          <Button type="submit" loading={save.isPending} loadingText="Guardando...">
            Guardar Tasa
          </Button>
        </div>
      </form>
    </SectionCard>
  );
}

/** The accounts; a payload without the bank transfer one shows it as not set up. */
type Accounts = PaymentAccounts;
type AccountKey = keyof Required<Accounts>;

interface AccountsState {
  enabled: Record<AccountKey, boolean>;
  pagoMovil: { bank: string; phone: string; idNumber: string };
  transfer: TransferAccount;
  zelle: { email: string; name: string };
  binance: { payId: string };
}

function accountsState(current: Accounts): AccountsState {
  return {
    enabled: {
      pagoMovil: Boolean(current.pagoMovil),
      transfer: Boolean(current.transfer),
      zelle: Boolean(current.zelle),
      binance: Boolean(current.binance),
    },
    pagoMovil: current.pagoMovil ?? { bank: "", phone: "", idNumber: "" },
    transfer: current.transfer ?? { bank: "", accountNumber: "", holder: "", idNumber: "" },
    zelle: current.zelle ?? { email: "", name: "" },
    binance: current.binance ?? { payId: "" },
  };
}

const ACCOUNT_FIELDS: {
  key: AccountKey;
  title: string;
  fields: {
    name: string;
    label: string;
    placeholder?: string;
    inputMode?: "tel" | "email" | "text" | "numeric";
  }[];
}[] = [
  {
    key: "pagoMovil",
    title: "Pago Móvil",
    fields: [
      { name: "bank", label: "Banco", placeholder: "Banco de Venezuela (0102)" },
      { name: "phone", label: "Teléfono", placeholder: "0414-1234567", inputMode: "tel" },
      { name: "idNumber", label: "Cédula o RIF", placeholder: "V-12345678" },
    ],
  },
  {
    key: "transfer",
    title: "Transferencia bancaria",
    fields: [
      { name: "bank", label: "Banco", placeholder: "Banesco (0134)" },
      {
        name: "accountNumber",
        label: "Número de cuenta (20 dígitos)",
        placeholder: "01340000000000000000",
        inputMode: "numeric",
      },
      { name: "holder", label: "Titular", placeholder: "Nombre o razón social" },
      { name: "idNumber", label: "Cédula o RIF", placeholder: "J-12345678-9" },
    ],
  },
  {
    key: "zelle",
    title: "Zelle",
    fields: [
      { name: "email", label: "Correo de Zelle", placeholder: "pagos@ejemplo.com", inputMode: "email" },
      { name: "name", label: "Titular", placeholder: "Nombre del titular" },
    ],
  },
  {
    key: "binance",
    title: "Binance Pay",
    fields: [{ name: "payId", label: "Pay ID", placeholder: "123456789" }],
  },
];

function PaymentAccountsCard({ current }: { current: Accounts }) {
  const updateCache = useSettingsCache();
  const [state, setState] = useState<AccountsState>(() => accountsState(current));
  const [errors, setErrors] = useState<Record<string, string>>({});

  // The form follows the saved values (after a save here, or a refetch after one elsewhere).
  const currentJson = JSON.stringify(current);
  useEffect(() => {
    setState(accountsState(JSON.parse(currentJson) as Accounts));
  }, [currentJson]);

  const save = useMutation({
    mutationFn: (body: PaymentAccountsInput) =>
      api.put<PaymentAccounts>("/api/admin/settings/payment-accounts", body),
    onSuccess: (saved) => {
      updateCache({ paymentAccounts: saved });
      toast({ title: "Cuentas Actualizadas", description: SETTINGS_MESSAGES.saved, variant: "success" });
    },
    onError: (error) => {
      if (isApiError(error) && error.fields) setErrors(error.fields);
      toast({ title: "Error al Guardar", description: errorMessage(error), variant: "error" });
    },
  });

  const setField = (key: AccountKey, name: string, value: string) =>
    setState((old) => ({ ...old, [key]: { ...old[key], [name]: value } }));

  return (
    <SectionCard
      title="Cuentas de pago"
      description="Se muestran en Métodos de Pago. Desactiva un método para ocultarlo."
    >
      <form
        noValidate
        className="space-y-5"
        onSubmit={(event) => {
          event.preventDefault();
          const body: PaymentAccountsInput = {
            pagoMovil: state.enabled.pagoMovil ? state.pagoMovil : null,
            transfer: state.enabled.transfer ? state.transfer : null,
            zelle: state.enabled.zelle ? state.zelle : null,
            binance: state.enabled.binance ? state.binance : null,
          };
          const parsed = paymentAccountsSchema.safeParse(body);
          if (!parsed.success) {
            const next: Record<string, string> = {};
            for (const issue of parsed.error.issues) next[issue.path.join(".")] ??= issue.message;
            setErrors(next);
            toast({
              title: "Campos Requeridos",
              description: Object.values(next)[0] ?? "Revisa los datos de las cuentas.",
              variant: "error",
            });
            return;
          }
          setErrors({});
          save.mutate(parsed.data);
        }}
      >
        {ACCOUNT_FIELDS.map((account) => {
          const enabled = state.enabled[account.key];
          const switchId = `account-${account.key}-enabled`;
          const values = state[account.key] as Record<string, string>;
          return (
            <fieldset key={account.key} className="space-y-3 rounded-control border border-line p-3">
              <legend className="px-1 text-sm font-bold text-ink">{account.title}</legend>
              <div className="flex items-center gap-3">
                <Switch
                  id={switchId}
                  checked={enabled}
                  onCheckedChange={(checked) =>
                    setState((old) => ({ ...old, enabled: { ...old.enabled, [account.key]: checked } }))
                  }
                />
                <Label htmlFor={switchId}>{enabled ? "Activo" : "Oculto en Métodos de Pago"}</Label>
              </div>
              {enabled ? (
                <div className="grid gap-3 sm:grid-cols-2">
                  {account.fields.map((field) => {
                    const id = `account-${account.key}-${field.name}`;
                    const error = errors[`${account.key}.${field.name}`];
                    return (
                      <FormField key={field.name} id={id} label={field.label} error={error}>
                        {(control) => (
                          <Input
                            inputMode={field.inputMode}
                            autoComplete="off"
                            placeholder={field.placeholder}
                            value={values[field.name] ?? ""}
                            onChange={(event) => setField(account.key, field.name, event.target.value)}
                            {...control}
                          />
                        )}
                      </FormField>
                    );
                  })}
                </div>
              ) : null}
            </fieldset>
          );
        })}
        <div className="flex justify-end">
          <Button type="submit" loading={save.isPending} loadingText="Guardando...">
            Guardar Cuentas
          </Button>
        </div>
      </form>
    </SectionCard>
  );
}
