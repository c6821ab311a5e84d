import {
  type PaymentAccounts,
  type PaymentAccountsInput,
  paymentAccountsSchema,
  SETTINGS_MESSAGES,
} from "@rifazo/shared/schemas/settings";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { Switch } from "../../../components/ui/switch";
import { toast } from "../../../components/ui/toast";
import { api, errorMessage, isApiError } from "../../../lib/api-client";
import { SectionCard } from "../shared/section-card";
import {
  ACCOUNT_FIELDS,
  type AccountFields,
  type AccountKey,
  type Accounts,
  type AccountsState,
  accountsState,
} from "./payment-accounts";
import { useSettingsCache } from "./settings-cache";

/** What the form saves: each method's account, or null for one switched off. */
function accountsInput(state: AccountsState): PaymentAccountsInput {
  return {
    pagoMovil: state.enabled.pagoMovil ? state.pagoMovil : null,
    transfer: state.enabled.transfer ? state.transfer : null,
    zelle: state.enabled.zelle ? state.zelle : null,
    binance: state.enabled.binance ? state.binance : null,
  };
}

/** One payment method: its on/off switch and, when on, its fields with what was refused in each. */
function AccountFieldset({
  account,
  enabled,
  values,
  errors,
  onEnabledChange,
  onFieldChange,
}: {
  account: AccountFields;
  enabled: boolean;
  values: Record<string, string>;
  errors: Record<string, string>;
  onEnabledChange: (checked: boolean) => void;
  onFieldChange: (name: string, value: string) => void;
}) {
  const switchId = `account-${account.key}-enabled`;
  return (
    <fieldset className="space-y-3 rounded-control border border-line p-3">
      <legend className="px-1 text-sm font-bold text-ink">{account.title}</legend>
      <div className="flex items-center gap-3">
        <Switch id={switchId} checked={enabled} onCheckedChange={onEnabledChange} />
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
                    onChange={(event) => onFieldChange(field.name, event.target.value)}
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
}

export function PaymentAccountsCard({ current }: { current: Accounts }) {
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
          const parsed = paymentAccountsSchema.safeParse(accountsInput(state));
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
        {ACCOUNT_FIELDS.map((account) => (
          <AccountFieldset
            key={account.key}
            account={account}
            enabled={state.enabled[account.key]}
            values={state[account.key] as Record<string, string>}
            errors={errors}
            onEnabledChange={(checked) =>
              setState((old) => ({ ...old, enabled: { ...old.enabled, [account.key]: checked } }))
            }
            onFieldChange={(name, value) => setField(account.key, name, value)}
          />
        ))}
        <div className="flex justify-end">
          <Button type="submit" loading={save.isPending} loadingText="Guardando...">
            Guardar Cuentas
          </Button>
        </div>
      </form>
    </SectionCard>
  );
}
