import { countText } from "@rifazo/shared/domain/plural";
import { ticketDigits } from "@rifazo/shared/domain/tickets";
import { externalBindingInputSchema } from "@rifazo/shared/schemas/admin";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { toast } from "../../../components/ui/toast";
import { errorMessage, isApiError } from "../../../lib/api-client";
import { formatDateTime } from "../../../lib/format";
import { type AdminRaffle, adminKeys, type ExternalBinding, setExternalBinding } from "../api/admin-api";
import { SectionCard } from "../shared/section-card";

// The external-lottery binding (decision 0012): which lottery decides the raffle, when it draws, and the rule
// that turns its result into a ticket number. Named before the first sale and fixed after it, so
// nobody can pick the lottery or the rule once they know who bought what.

type Errors = Partial<
  Record<
    | "externalLottery"
    | "externalDrawAt"
    | "externalRule"
    | "lotteryFallback"
    | "correctionWindowHours"
    | "form",
    string
  >
>;

/** "2026-12-01T16:45" (the browser's local time) from an ISO time, for <input type="datetime-local">. */
function localInput(iso: string | null): string {
  if (!iso) return "";
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function BindingView({ binding }: { binding: ExternalBinding }) {
  return (
    <dl className="grid gap-2 text-sm">
      <div>
        <dt className="font-semibold text-muted">Lotería</dt>
        <dd className="text-ink">{binding.externalLottery ?? "—"}</dd>
      </div>
      <div>
        <dt className="font-semibold text-muted">Sorteo de la lotería</dt>
        <dd className="text-ink">{binding.externalDrawAt ? formatDateTime(binding.externalDrawAt) : "—"}</dd>
      </div>
      <div>
        <dt className="font-semibold text-muted">Regla</dt>
        <dd className="text-ink">{binding.externalRuleText ?? "—"}</dd>
      </div>
      <div>
        <dt className="font-semibold text-muted">Si la lista no está fija a tiempo</dt>
        <dd className="text-ink">{binding.lotteryFallbackText}</dd>
      </div>
      <div>
        <dt className="font-semibold text-muted">Plazo de corrección</dt>
        <dd className="text-ink">{binding.correctionWindowHours} h desde el registro del resultado</dd>
      </div>
    </dl>
  );
}

/** The binding form's fields, their errors and its submission (kept by the section whether or not it shows). */
function useExternalBindingForm(raffle: AdminRaffle) {
  const binding = raffle.externalBinding;
  const queryClient = useQueryClient();
  const [lottery, setLottery] = useState(binding?.externalLottery ?? "");
  const [drawAt, setDrawAt] = useState(localInput(binding?.externalDrawAt ?? null));
  const [digits, setDigits] = useState(String(binding?.externalRule?.digits ?? ""));
  const [fallback, setFallback] = useState(binding?.lotteryFallback ?? "drand");
  const [windowHours, setWindowHours] = useState(String(binding?.correctionWindowHours ?? 24));
  const [errors, setErrors] = useState<Errors>({});
  const mutation = useMutation({
    mutationFn: (body: Parameters<typeof setExternalBinding>[1]) => setExternalBinding(raffle.id, body),
    onSuccess: async () => {
      setErrors({});
      toast({ title: "Lotería vinculada", description: "Quedará publicada en el acta.", variant: "success" });
      await queryClient.invalidateQueries({ queryKey: adminKeys.raffle(raffle.id) });
    },
    onError: (error) => {
      const fields = isApiError(error) ? error.fields : undefined;
      setErrors(fields && Object.keys(fields).length > 0 ? fields : { form: errorMessage(error) });
    },
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = externalBindingInputSchema.safeParse({
      externalLottery: lottery.trim() || null,
      externalDrawAt: drawAt ? new Date(drawAt).toISOString() : null,
      externalRule: digits.trim() ? { kind: "last_digits", digits: digits.trim() } : null,
      lotteryFallback: fallback,
      correctionWindowHours: windowHours.trim() || undefined,
    });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? "form") as keyof Errors;
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    mutation.mutate(parsed.data);
  }

  return {
    values: { lottery, drawAt, digits, fallback, windowHours },
    set: { setLottery, setDrawAt, setDigits, setFallback, setWindowHours },
    errors,
    pending: mutation.isPending,
    onSubmit,
  };
}

type BindingFormState = ReturnType<typeof useExternalBindingForm>;

/** The rule that turns the official result into a ticket, the fallback and the correction window. */
function BindingRuleFields({ raffle, form }: { raffle: AdminRaffle; form: BindingFormState }) {
  const { values, set, errors } = form;
  return (
    <>
      <FormField
        id="binding-digits"
        label="Regla: cifras finales del resultado oficial"
        hint={`El boleto ganador es el que forman las últimas cifras del número oficial (${countText(raffle.totalTickets, "boleto", "boletos")}, numerados con ${countText(ticketDigits(raffle.totalTickets), "cifra", "cifras")}: al menos ${String(Math.max(1, raffle.totalTickets - 1)).length}).`}
        error={errors.externalRule}
      >
        {(control) => (
          <Input
            inputMode="numeric"
            // Suggested: as many digits as the raffle's numbers show (ticketDigits).
            placeholder={String(ticketDigits(raffle.totalTickets))}
            value={values.digits}
            onChange={(e) => set.setDigits(e.target.value.replace(/\D/g, "").slice(0, 1))}
            {...control}
            className="block w-24! font-mono"
          />
        )}
      </FormField>
      <FormField
        id="binding-fallback"
        label="Si la lista no está fija a la hora de la lotería"
        hint="Su resultado ya se conocería: nunca decide la rifa. Queda en las reglas publicadas."
        error={errors.lotteryFallback}
      >
        {(control) => (
          <select
            value={values.fallback}
            onChange={(e) => set.setFallback(e.target.value === "cancel" ? "cancel" : "drand")}
            {...control}
            className="block w-full rounded-control border border-line bg-surface px-3 py-2 text-sm text-ink"
          >
            <option value="drand">Sortear con una ronda futura de drand</option>
            <option value="cancel">Cancelar la rifa y reembolsar</option>
          </select>
        )}
      </FormField>
      <FormField
        id="binding-window"
        label="Plazo de corrección (horas)"
        hint="Una corrección la propone un administrador y la confirma otro, dentro de este plazo desde el resultado."
        error={errors.correctionWindowHours}
        className="max-w-64"
      >
        {(control) => (
          <Input
            inputMode="numeric"
            value={values.windowHours}
            onChange={(e) => set.setWindowHours(e.target.value.replace(/\D/g, "").slice(0, 3))}
            {...control}
            className="block w-24! font-mono"
          />
        )}
      </FormField>
    </>
  );
}

/** The binding, editable until the first sale. */
function BindingForm({
  raffle,
  binding,
  form,
}: {
  raffle: AdminRaffle;
  binding: ExternalBinding;
  form: BindingFormState;
}) {
  const { values, set, errors, pending, onSubmit } = form;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Lotería que decide la rifa">
      <FormField
        id="binding-lottery"
        label="Lotería y sorteo"
        hint="Por ejemplo: Triple Zulia (sorteo de las 4:45 p. m.)"
        error={errors.externalLottery}
      >
        {(control) => (
          <Input value={values.lottery} onChange={(e) => set.setLottery(e.target.value)} {...control} />
        )}
      </FormField>
      <FormField
        id="binding-draw-at"
        label="Fecha y hora del sorteo de la lotería"
        hint={
          binding.earliestDrawAt
            ? `Debe ser después de que la lista quede fija (cierre + revisión de pagos + 60 min): desde el ${formatDateTime(binding.earliestDrawAt)}.`
            : "Rifa por porcentaje: si la lista no está fija a la hora de la lotería, se aplica el respaldo."
        }
        error={errors.externalDrawAt}
        className="max-w-64"
      >
        {(control) => (
          <Input
            type="datetime-local"
            value={values.drawAt}
            onChange={(e) => set.setDrawAt(e.target.value)}
            {...control}
          />
        )}
      </FormField>
      <BindingRuleFields raffle={raffle} form={form} />
      {binding.externalRuleText ? (
        <p className="text-sm text-muted">Regla publicada: {binding.externalRuleText}</p>
      ) : null}
      {errors.form ? <Alert variant="danger">{errors.form}</Alert> : null}
      <Button type="submit" loading={pending} loadingText="Guardando...">
        Guardar lotería
      </Button>
    </form>
  );
}

export function ExternalBindingSection({ raffle }: { raffle: AdminRaffle }) {
  const binding = raffle.externalBinding;
  const form = useExternalBindingForm(raffle);

  if (raffle.announcementType !== "external" || !binding) return null;

  return (
    <SectionCard
      title="Lotería que decide la rifa"
      description="Se fija antes de poner la rifa a la venta: desde la primera venta nadie puede cambiar la lotería, la fecha ni la regla."
    >
      {binding.editable ? (
        <BindingForm raffle={raffle} binding={binding} form={form} />
      ) : (
        <div className="space-y-3">
          <BindingView binding={binding} />
          <p className="text-sm text-muted">
            {binding.externalLottery === null
              ? "Esta rifa salió a la venta sin lotería: sus ganadores son los que anuncies en vivo. La lotería se fija antes de poner la rifa a la venta."
              : "Fijada: la rifa ya tiene ventas o pagos en revisión."}
          </p>
        </div>
      )}
    </SectionCard>
  );
}
