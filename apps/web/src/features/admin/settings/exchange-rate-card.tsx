import { formatEsNumber, parseEsNumber } from "@rifazo/shared/domain/money";
import {
  type ExchangeRate,
  exchangeRateInputSchema,
  todayInVenezuela,
} from "@rifazo/shared/schemas/settings";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { MoneyInput } from "../../../components/ui/money-input";
import { toast } from "../../../components/ui/toast";
import { api, errorMessage, isApiError } from "../../../lib/api-client";
import { formatDate, formatNumber } from "../../../lib/format";
import { SectionCard } from "../shared/section-card";
import { useSettingsCache } from "./settings-cache";

/** Bolívares per dollar are published with up to four decimals (the API rounds to them too). */
const RATE_DECIMALS = 4;

type RateBody = { rate: number; date: string; source: string };

/**
 * The form's rate, date and source as the API takes them, or the message of each field refused.
 * "36,5124" or "1.194,56" as the BCV publishes it; "36.512" is refused as ambiguous, never guessed.
 */
function checkRateForm(
  rate: string,
  date: string,
  source: string,
): { ok: true; body: RateBody } | { ok: false; errors: Record<string, string> } {
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
    return { ok: false, errors: next };
  }
  return {
    ok: true,
    body: {
      rate: parsed.data.rate,
      date: parsed.data.date ?? todayInVenezuela(),
      source: parsed.data.source,
    },
  };
}

/** Saves the rate, patching the cached public settings; the server's field messages go to `setErrors`. */
function useSaveExchangeRate(setErrors: (errors: Record<string, string>) => void) {
  const updateCache = useSettingsCache();
  return useMutation({
    mutationFn: (body: RateBody) => api.put<ExchangeRate>("/api/admin/settings/exchange-rate", body),
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
}

export function ExchangeRateCard({ current }: { current: ExchangeRate | null }) {
  const [rate, setRate] = useState(current ? formatEsNumber(current.rate, RATE_DECIMALS) : "");
  const [date, setDate] = useState(todayInVenezuela());
  const [source, setSource] = useState(current?.source ?? "BCV");
  const [errors, setErrors] = useState<Record<string, string>>({});

  const save = useSaveExchangeRate(setErrors);

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
          const checked = checkRateForm(rate, date, source);
          setErrors(checked.ok ? {} : checked.errors);
          if (checked.ok) save.mutate(checked.body);
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
