import {
  CheckpointFormatError,
  type CheckpointCheck as CheckpointResult,
  checkCheckpoint,
  checkpointsSummary,
  parseCheckpoint,
} from "@rifazo/shared/domain/draw-checkpoint";
import type { DrawRecord as RaffleRecord } from "@rifazo/shared/domain/draw-record";
import { countText } from "@rifazo/shared/domain/plural";
import { useId, useMemo, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";

type Outcome = { results: CheckpointResult[]; invalid: string[] } | null;

/** Checkpoint strings in a text (one or more, separated by spaces, commas or lines), without repeats. */
export function checkpointCodesIn(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).filter(Boolean))];
}

function run(record: RaffleRecord, codes: readonly string[]): Outcome {
  const results: CheckpointResult[] = [];
  const invalid: string[] = [];
  for (const code of codes) {
    try {
      results.push(checkCheckpoint(record, parseCheckpoint(code)));
    } catch (error) {
      if (!(error instanceof CheckpointFormatError)) throw error;
      invalid.push(error.message);
    }
  }
  return { results, invalid };
}

/**
 * "Comprobar puntos de control" (docs/draw-protocol.md §14): does the published record extend the
 * checkpoints buyers hold? The buyer's own (from their payments, or the offline copy of Mis boletos) and
 * those in the link are checked at once; more can be pasted. All in the browser, with the shared code.
 */
export function CheckpointCheck({
  record,
  own = [],
  linked = [],
}: {
  record: RaffleRecord;
  /** The signed-in buyer's checkpoints for this raffle. */
  own?: readonly string[];
  /** Checkpoints in the page's link (?punto=…, from a receipt). */
  linked?: readonly string[];
}) {
  const inputId = useId();
  const [text, setText] = useState("");
  const [pasted, setPasted] = useState<Outcome>(null);
  const known = useMemo(() => [...new Set([...linked, ...own])], [linked, own]);
  const automatic = useMemo(() => (known.length > 0 ? run(record, known) : null), [record, known]);

  return (
    <section
      aria-labelledby={`${inputId}-title`}
      className="space-y-3 rounded-card border border-line bg-surface p-5 shadow-card"
    >
      <h2 id={`${inputId}-title`} className="text-lg font-bold text-ink">
        Puntos de control
      </h2>
      <p className="text-sm text-muted">
        Cada pago aprobado guarda en su recibo cómo estaba el acta en ese momento (entradas, huella y ronda de
        drand). Si el acta publicada no los extiende, se reescribió después.
      </p>
      {automatic ? (
        <div aria-live="polite" className="space-y-2">
          <p className="text-sm text-muted">
            {own.length > 0
              ? "Revisamos los puntos de control de tus compras en esta rifa."
              : "Revisamos el punto de control del enlace."}
          </p>
          <CheckpointOutcome outcome={automatic} />
        </div>
      ) : null}
      <form
        className="space-y-2"
        onSubmit={(event) => {
          event.preventDefault();
          setPasted(run(record, checkpointCodesIn(text)));
        }}
      >
        <label htmlFor={inputId} className="block text-sm font-semibold text-ink">
          Pega uno o más puntos de control (rifazo-cp-1:…)
        </label>
        <textarea
          id={inputId}
          value={text}
          onChange={(event) => setText(event.target.value)}
          rows={3}
          spellCheck={false}
          className="w-full rounded-control border border-line bg-canvas px-3 py-2 font-mono text-xs break-all text-ink"
        />
        <Button type="submit" variant="outline" disabled={checkpointCodesIn(text).length === 0}>
          Comprobar puntos de control
        </Button>
      </form>
      <div aria-live="polite">{pasted ? <CheckpointOutcome outcome={pasted} /> : null}</div>
    </section>
  );
}

function CheckpointOutcome({ outcome }: { outcome: NonNullable<Outcome> }) {
  const { results, invalid } = outcome;
  const failed = results.filter((r) => !r.ok);
  return (
    <div className="space-y-2">
      {results.length > 0 ? (
        <Alert
          variant={failed.length === 0 ? "success" : "danger"}
          title={
            failed.length === 0
              ? checkpointsSummary(results)
              : `El acta publicada contradice ${failed.length === 1 ? "un punto de control" : `${countText(failed.length, "punto", "puntos")} de control`}`
          }
        >
          <ul className="mt-1 space-y-1" aria-label="Resultado por punto de control">
            {results.map((r) => (
              <li
                key={`${r.checkpoint.length}:${r.checkpoint.headHash}:${r.checkpoint.round}`}
                className="flex gap-2"
              >
                <span aria-hidden="true" className={r.ok ? "text-success-600" : "text-danger-700"}>
                  {r.ok ? "✓" : "✗"}
                </span>
                <span className="min-w-0 break-words">{r.text}</span>
              </li>
            ))}
          </ul>
          {failed.length > 0 ? (
            <p className="mt-2">
              Guarda esta pantalla y tu recibo: son la prueba de que el acta cambió después de tu compra.
            </p>
          ) : null}
        </Alert>
      ) : null}
      {invalid.map((message) => (
        <Alert key={message} variant="warning">
          {message}
        </Alert>
      ))}
    </div>
  );
}
