import {
  EMPTY_PAYMENT_ACCOUNTS,
  EMPTY_SUPPORT_CONTACT,
  formatVenezuelanMobile,
  SETTINGS_MESSAGES,
  type SupportContact,
  supportContactSchema,
} from "@rifazo/shared/schemas/settings";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { Skeleton } from "../../../components/ui/skeleton";
import { toast } from "../../../components/ui/toast";
import { api, errorMessage, isApiError } from "../../../lib/api-client";
import { publicSettingsQuery } from "../../exchange-rate";
import { LoadError } from "../shared/load-states";
import { SectionCard } from "../shared/section-card";
import { ExchangeRateCard } from "./exchange-rate-card";
import { PaymentAccountsCard } from "./payment-accounts-card";
import { useSettingsCache } from "./settings-cache";

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
