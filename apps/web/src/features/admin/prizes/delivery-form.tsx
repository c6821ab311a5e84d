import {
  type CashPrize,
  dayText,
  PRIZE_DELIVERY_METHOD_LABELS,
  PRIZE_DELIVERY_METHODS,
} from "@rifazo/shared/domain/prizes";
import { PRIZE_LIMITS } from "@rifazo/shared/schemas/prizes";
import { todayInVenezuela } from "@rifazo/shared/schemas/settings";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/field";
import { Input, inputClasses } from "../../../components/ui/input";
import { NativeSelect } from "../../../components/ui/native-select";
import { toast } from "../../../components/ui/toast";
import { errorMessage, isApiError } from "../../../lib/api-client";
import { cn } from "../../../lib/cn";
import { type AdminPrize, recordPrizeDelivery } from "../api/prizes-api";
import { FileField } from "../shared/file-field";
import { CashFields } from "./delivery-cash-fields";
import {
  checkDelivery,
  type DeliveryErrors,
  type DeliveryValues,
  newDeliveryValues,
} from "./delivery-values";
import { usePrizeUpdate } from "./use-prize-update";

const METHOD_OPTIONS = PRIZE_DELIVERY_METHODS.map((method) => ({
  value: method,
  label: PRIZE_DELIVERY_METHOD_LABELS[method],
}));

/** The two refusals the server explains with figures next to the amount (docs/decisions/0035-…). */
const AMOUNT_CODES = new Set(["PRIZE_BELOW_RATE", "PRIZE_NO_RATE"]);

type ServerErrors = DeliveryErrors & { form?: string };

function serverErrors(failure: unknown): ServerErrors {
  if (isApiError(failure) && AMOUNT_CODES.has(failure.serverCode ?? failure.code))
    return { paidAmount: failure.message };
  const fields = isApiError(failure) ? failure.fields : undefined;
  if (fields && Object.keys(fields).length > 0) {
    const known: ServerErrors = {};
    for (const key of ["method", "deliveredOn", "paidAmount", "note", "file"] as const) {
      const message = fields[key] ?? (key === "paidAmount" ? fields.paidCurrency : undefined);
      if (message) known[key] = message;
    }
    if (Object.keys(known).length > 0) return known;
  }
  return { form: errorMessage(failure) };
}

interface DeliveryFormProps {
  prize: AdminPrize;
  /** The delivery this one corrects, or null for the first one. */
  corrects: AdminPrize["deliveries"][number] | null;
  onDone?: () => void;
}

type SetValue = <K extends keyof DeliveryValues>(key: K, value: DeliveryValues[K]) => void;

/** The form's values and errors, the checks before sending and the multipart POST. */
function useDeliveryForm({ prize, corrects, onDone }: DeliveryFormProps) {
  const cash: CashPrize | null = prize.cash;
  const today = todayInVenezuela();
  const [values, setValues] = useState<DeliveryValues>(() => newDeliveryValues(cash, today));
  const [errors, setErrors] = useState<ServerErrors>({});
  const update = usePrizeUpdate();

  const save = useMutation({
    mutationFn: (file: File) =>
      recordPrizeDelivery(prize.winnerId, { ...values, file, corrects: corrects?.id ?? null }),
    onSuccess: (updated) => {
      update(updated);
      setValues(newDeliveryValues(cash, today));
      setErrors({});
      toast({
        title: corrects ? "Corrección registrada" : "Entrega registrada",
        description: `Quedó en el acta de la rifa; ${prize.winnerName} puede confirmar que la recibió.`,
        variant: "success",
      });
      onDone?.();
    },
    onError: (failure) => setErrors(serverErrors(failure)),
  });

  const set: SetValue = (key, value) => {
    setValues((old) => ({ ...old, [key]: value }));
    setErrors((old) => ({
      ...old,
      [key === "paidCurrency" ? "paidAmount" : key]: undefined,
      form: undefined,
    }));
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = checkDelivery(values, cash, today);
    setErrors(found);
    if (Object.keys(found).length > 0 || !values.file) return;
    save.mutate(values.file);
  }

  return { cash, today, values, errors, set, submit, pending: save.isPending };
}

interface FieldsProps {
  idBase: string;
  today: string;
  values: DeliveryValues;
  errors: ServerErrors;
  set: SetValue;
}

function MethodAndDay({ idBase, today, values, errors, set }: FieldsProps) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField id={`${idBase}-method`} label="Cómo se entregó *" error={errors.method}>
        {(control) => (
          <NativeSelect
            options={METHOD_OPTIONS}
            value={values.method}
            onChange={(event) => set("method", event.target.value as DeliveryValues["method"])}
            {...control}
          />
        )}
      </FormField>
      <FormField
        id={`${idBase}-day`}
        label="Día de la entrega *"
        hint="Hoy o un día anterior."
        error={errors.deliveredOn}
      >
        {(control) => (
          <Input
            type="date"
            max={today}
            value={values.deliveredOn}
            onChange={(event) => set("deliveredOn", event.target.value)}
            {...control}
          />
        )}
      </FormField>
    </div>
  );
}

function NoteAndProof({ idBase, values, errors, set }: FieldsProps) {
  return (
    <>
      <FormField id={`${idBase}-note`} label="Nota (opcional)" error={errors.note}>
        {(control) => (
          <textarea
            rows={2}
            maxLength={PRIZE_LIMITS.note}
            value={values.note}
            onChange={(event) => set("note", event.target.value)}
            {...control}
            className={cn(inputClasses, "h-auto py-2")}
          />
        )}
      </FormField>
      <FileField
        id={`${idBase}-file`}
        label="Prueba de la entrega *"
        hint="Una foto de la entrega o el comprobante de la transferencia: JPG, PNG o PDF de hasta 5 MB."
        error={errors.file}
        accept="image/jpeg,image/png,application/pdf"
        className="block w-full text-sm text-ink file:mr-3 file:rounded-control file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-800"
        onFile={(file) => set("file", file)}
      />
    </>
  );
}

/**
 * «Registrar entrega» (docs/decisions/0035-prizes-on-the-record.md): how and when the prize was delivered,
 * the proof, and for a cash prize what was paid. Sent as multipart with the proof; the server checks a
 * payment in another currency against the BCV rate of its day and explains a refusal next to the amount,
 * where what was typed stays for the organiser to fix.
 */
export function DeliveryForm(props: DeliveryFormProps) {
  const { prize, corrects, onDone } = props;
  const form = useDeliveryForm(props);
  const idBase = `prize-${prize.winnerId}-${corrects ? "correction" : "delivery"}`;
  const fields: FieldsProps = {
    idBase,
    today: form.today,
    values: form.values,
    errors: form.errors,
    set: form.set,
  };
  return (
    <form
      noValidate
      onSubmit={form.submit}
      aria-labelledby={`${idBase}-title`}
      className="space-y-4 rounded-control border border-line bg-canvas/60 p-3"
    >
      <div className="space-y-1">
        <h4 id={`${idBase}-title`} className="font-bold text-ink">
          {corrects ? "Registrar una corrección" : "Registrar la entrega"}
        </h4>
        <p className="text-sm text-muted">
          {corrects
            ? `Corrige la entrega del ${dayText(corrects.deliveredOn)}. Una entrega registrada no se borra: la corrección queda en el acta junto a ella.`
            : "La entrega queda en el acta pública de la rifa con la huella de la prueba; la prueba misma es privada."}
        </p>
      </div>
      <MethodAndDay {...fields} />
      {form.cash ? (
        <CashFields
          idBase={idBase}
          cash={form.cash}
          values={form.values}
          error={form.errors.paidAmount}
          onChange={form.set}
        />
      ) : null}
      <NoteAndProof {...fields} />
      {form.errors.form ? <Alert variant="danger">{form.errors.form}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={form.pending} loadingText="Registrando...">
          {corrects ? "Registrar corrección" : "Registrar entrega"}
        </Button>
        {onDone ? (
          <Button variant="outline" disabled={form.pending} onClick={onDone}>
            Cancelar
          </Button>
        ) : null}
      </div>
    </form>
  );
}
