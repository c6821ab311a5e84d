import { countText, pluralWord } from "@rifazo/shared/domain/plural";
import { formatTicketNumber } from "@rifazo/shared/domain/tickets";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { ShieldIcon } from "../../../components/ui/icons";
import { errorMessage } from "../../../lib/api-client";
import { recordQuery } from "../api";
import { checkOwnership, type NumberCheck, type OwnershipResult } from "../lib/owner-check";

export type OwnershipCheckState =
  | { kind: "idle" }
  | { kind: "running" }
  | { kind: "no_record" }
  | { kind: "done"; result: OwnershipResult }
  | { kind: "error"; message: string };

const STATUS_TEXT: Record<NumberCheck["status"], string> = {
  ok: "está en la lista congelada con tu etiqueta",
  missing: "no está en la lista congelada",
  other_tag: "está en la lista, pero con una etiqueta que no sale de este recibo",
};

function NumberRow({ check }: { check: NumberCheck }) {
  const ok = check.status === "ok";
  return (
    <li className="flex items-start gap-2">
      <span aria-hidden="true" className={ok ? "text-success-600" : "text-danger-700"}>
        {ok ? "✓" : "✗"}
      </span>
      <span>
        <span className="font-mono font-bold tracking-widest">{check.display}</span>{" "}
        {STATUS_TEXT[check.status]}.
      </span>
    </li>
  );
}

/** The outcome in words: every number confirmed, or which ones are not and what that means. */
export function OwnershipOutcome({ result }: { result: OwnershipResult }) {
  if (result.kind === "not_frozen") {
    return (
      <Alert variant="info" title="La lista todavía no está congelada">
        Podrás comprobar tus números cuando se cierre la revisión de pagos y la lista de boletos quede
        congelada y publicada en el acta.
      </Alert>
    );
  }
  const bad = result.numbers.filter((n) => n.status !== "ok");
  const allOk = result.numbers.length > 0 && bad.length === 0;
  return (
    <Alert
      variant={allOk ? "success" : result.numbers.length === 0 ? "info" : "danger"}
      title={
        allOk
          ? result.numbers.length === 1
            ? "Tu boleto está en la lista congelada y marcado como tuyo"
            : `Tus ${countText(result.numbers.length, "boleto", "boletos")} están en la lista congelada y marcados como tuyos`
          : result.numbers.length === 0
            ? "Comprobación con tu código de recibo"
            : `${bad.length} de ${countText(result.numbers.length, "boleto", "boletos")} no ${pluralWord(result.numbers.length, "coincide", "coinciden")}`
      }
    >
      {result.numbers.length > 0 ? (
        <ul className="mt-1 space-y-1" aria-label="Resultado por número">
          {result.numbers.map((check) => (
            <NumberRow key={check.number} check={check} />
          ))}
        </ul>
      ) : null}
      {bad.length > 0 ? (
        <p className="mt-2">
          Si compraste estos números con este recibo, guarda esta pantalla y escríbenos: la lista congelada no
          puede cambiar, pero el organizador debe explicar por qué tu compra no quedó registrada así.
        </p>
      ) : null}
      {result.tagged ? (
        <p className="mt-2">
          {result.tagged.length === 0
            ? "Ningún número de la lista lleva la etiqueta de este recibo."
            : `Números de la lista con la etiqueta de este recibo: ${result.tagged
                .map((n) => formatTicketNumber(n, result.totalTickets))
                .join(", ")}.`}
        </p>
      ) : null}
    </Alert>
  );
}

/**
 * The check itself, for this dialog and the ticket verifier: downloads the raffle's record (fresh) and
 * checks, in this browser, each number against the frozen list with the tag the receipt code gives.
 */
export function useOwnershipCheck() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<OwnershipCheckState>({ kind: "idle" });

  async function check(
    raffleId: string,
    receiptCode: string,
    numbers: readonly number[],
    options?: { findAll?: boolean },
  ) {
    setState({ kind: "running" });
    try {
      const record = await queryClient.fetchQuery({ ...recordQuery(raffleId), staleTime: 0 });
      if (!record) {
        setState({ kind: "no_record" });
        return;
      }
      setState({ kind: "done", result: await checkOwnership(record, receiptCode, numbers, options) });
    } catch (error) {
      setState({ kind: "error", message: errorMessage(error, "No se pudo comprobar la lista.") });
    }
  }

  return { state, check };
}

/** The check's outcome, said politely as it arrives. */
export function OwnershipCheckStatus({ state }: { state: OwnershipCheckState }) {
  return (
    <div aria-live="polite">
      {state.kind === "done" ? <OwnershipOutcome result={state.result} /> : null}
      {state.kind === "no_record" ? (
        <Alert variant="info">Esta rifa todavía no tiene acta publicada.</Alert>
      ) : null}
      {state.kind === "error" ? <Alert variant="danger">{state.message}</Alert> : null}
    </div>
  );
}

/**
 * "Comprobar mis boletos en la lista congelada": downloads the raffle's record and checks, in this
 * browser, that each number of the purchase is in the frozen list with the tag its receipt gives.
 */
export function OwnershipCheck({
  raffleId,
  receiptCode,
  numbers,
}: {
  raffleId: string;
  receiptCode: string;
  numbers: readonly number[];
}) {
  const { state, check } = useOwnershipCheck();
  return (
    <div className="space-y-3">
      <Button
        variant="outline"
        waitsForCode
        loading={state.kind === "running"}
        loadingText="Comprobando..."
        onClick={() => check(raffleId, receiptCode, numbers)}
        // A long label: it wraps on a phone instead of overflowing the dialog.
        className="h-auto! min-h-11 py-2 text-left whitespace-normal!"
      >
        <ShieldIcon /> Comprobar mis boletos en la lista congelada
      </Button>
      <OwnershipCheckStatus state={state} />
    </div>
  );
}
