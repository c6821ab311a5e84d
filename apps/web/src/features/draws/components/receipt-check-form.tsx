import { parseTicketInput } from "@rifazo/shared/domain/tickets";
import { type FormEvent, useState } from "react";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/field";
import { ShieldIcon } from "../../../components/ui/icons";
import { Input, inputClasses } from "../../../components/ui/input";
import { NativeSelect } from "../../../components/ui/native-select";
import { normaliseReceiptCode, RECEIPT_CODE_HELP } from "../lib/owner-check";
import { OwnershipCheckStatus, useOwnershipCheck } from "./ownership-check";

export interface CheckableRaffle {
  id: string;
  title: string;
}

type Errors = Partial<Record<"raffle" | "code" | "numbers", string>>;

/** "0123, 45 7" → [123, 45, 7]; null with the first bad entry's message. */
export function parseNumberList(
  text: string,
): { ok: true; numbers: number[] } | { ok: false; message: string } {
  const parts = text.split(/[\s,;]+/).filter(Boolean);
  const numbers: number[] = [];
  for (const part of parts) {
    const parsed = parseTicketInput(part);
    if (!parsed.ok) return { ok: false, message: `«${part}»: ${parsed.message}` };
    if (!numbers.includes(parsed.number)) numbers.push(parsed.number);
  }
  return { ok: true, numbers };
}

/** The receipt check's inputs and outcome: checked here, then run against the raffle's published record. */
function useReceiptCheck(defaultRaffleId: string) {
  // The default (from ?rifa=) may arrive after the first render, with the list: used until a choice is made.
  const [chosen, setRaffleId] = useState<string | null>(null);
  const raffleId = chosen ?? defaultRaffleId;
  const [code, setCode] = useState("");
  const [numbersText, setNumbersText] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const { state, check } = useOwnershipCheck();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const next: Errors = {};
    const receipt = normaliseReceiptCode(code);
    const numbers = parseNumberList(numbersText);
    if (!raffleId) next.raffle = "Elige la rifa.";
    if (!receipt)
      next.code =
        "El código de verificación no es válido: debe tener 64 caracteres del 0 al 9 y de la a a la f.";
    if (!numbers.ok) next.numbers = numbers.message;
    setErrors(next);
    if (!receipt || !numbers.ok || !raffleId) return;
    await check(raffleId, receipt, numbers.numbers, { findAll: numbers.numbers.length === 0 });
  }

  return {
    raffleId,
    setRaffleId,
    code,
    setCode,
    numbersText,
    setNumbersText,
    errors,
    state,
    onSubmit,
  };
}

/**
 * The raffle select's options: a disabled prompt first, which says the list is still loading, or that
 * there is nothing to choose, rather than "none" before the list has arrived.
 */
function raffleOptions(raffles: readonly CheckableRaffle[], loading: boolean) {
  return [
    {
      value: "",
      label: raffles.length
        ? "Elige una rifa"
        : loading
          ? "Cargando rifas..."
          : "No hay rifas con lista congelada",
      disabled: true,
    },
    ...raffles.map((r) => ({ value: r.id, label: r.title })),
  ];
}

function ReceiptCheckIntro() {
  return (
    <div className="space-y-1">
      <h2 id="receipt-check-title" className="flex items-center gap-2 text-lg font-bold text-ink">
        <ShieldIcon className="text-brand-700" /> Comprobar mis boletos en la lista congelada
      </h2>
      <p className="text-sm text-muted">
        Con el código de verificación de tu recibo confirmas que cada número que compraste está en la lista
        congelada del sorteo, marcado como tuyo. El cálculo se hace en tu navegador: el código no se envía a
        ningún lado.
      </p>
    </div>
  );
}

/**
 * The ticket verifier's receipt check: a raffle, the receipt's code and (optionally) the numbers bought.
 * Everything runs in this browser; the code is never sent anywhere.
 */
export function ReceiptCheckForm({
  raffles,
  defaultRaffleId = "",
  loading = false,
}: {
  raffles: readonly CheckableRaffle[];
  defaultRaffleId?: string;
  /** The raffles are still on their way (the receipt's own raffle may be among them). */
  loading?: boolean;
}) {
  const { raffleId, setRaffleId, code, setCode, numbersText, setNumbersText, errors, state, onSubmit } =
    useReceiptCheck(defaultRaffleId);

  const options = raffleOptions(raffles, loading);

  return (
    <div className="space-y-4">
      <form
        onSubmit={onSubmit}
        noValidate
        aria-labelledby="receipt-check-title"
        className="space-y-4 rounded-card border border-line bg-surface p-5 shadow-card sm:p-6"
      >
        <ReceiptCheckIntro />
        {/* "Elige la rifa" holds only while none is chosen: the receipt's raffle may arrive with the list. */}
        <FormField id="receipt-raffle" label="Rifa" error={raffleId ? undefined : errors.raffle}>
          {(control) => (
            <NativeSelect
              options={options}
              value={raffleId}
              onChange={(e) => setRaffleId(e.target.value)}
              {...control}
            />
          )}
        </FormField>
        <FormField
          id="receipt-code"
          label="Código de verificación del recibo"
          hint={RECEIPT_CODE_HELP}
          error={errors.code}
        >
          {(control) => (
            <textarea
              rows={2}
              spellCheck={false}
              autoComplete="off"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              {...control}
              className={`${inputClasses} h-auto! py-2 font-mono text-sm break-all`}
            />
          )}
        </FormField>
        <FormField
          id="receipt-numbers"
          label="Tus números (opcional)"
          hint="Separados por comas, por ejemplo 0123, 0456. Si los dejas en blanco, te mostramos los números de la lista que llevan la etiqueta de tu recibo."
          error={errors.numbers}
        >
          {(control) => (
            <Input
              inputMode="numeric"
              autoComplete="off"
              value={numbersText}
              onChange={(e) => setNumbersText(e.target.value)}
              {...control}
              className="font-mono"
            />
          )}
        </FormField>
        <Button type="submit" waitsForCode loading={state.kind === "running"} loadingText="Comprobando...">
          Comprobar
        </Button>
      </form>
      <OwnershipCheckStatus state={state} />
    </div>
  );
}
