import type { DrawRecord as RaffleRecord } from "@rifazo/shared/domain/draw-record";
import { countText } from "@rifazo/shared/domain/plural";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { ShieldIcon } from "../../../components/ui/icons";
import { errorMessage } from "../../../lib/api-client";
import { drawApi, recordQuery } from "../api";

interface ShownCheck {
  name: string;
  ok: boolean;
  expected: string;
  actual: string;
}

type Verification =
  | { state: "idle" }
  | { state: "running" }
  | {
      state: "done";
      ok: boolean;
      checks: ShownCheck[];
      warnings: string[];
      pending: string[];
      /** Decision 0035: the instant prizes as verified (total 0 for a raffle without them). */
      instant: { total: number; left: number; wins: number };
    }
  | { state: "error"; message: string };

/** A failed check's values can be long (a winners list in JSON): the start is enough to see the difference. */
function clip(text: string, max = 240): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/**
 * The record (v2) or, for a draw made before records existed, its v1 transcript, through the shared
 * verifyAny: hash chain, list hash, round, drand signature, winners and replacements, or the v1 checks.
 * The module (with the BLS code) is downloaded here, on press, never with the page.
 */
async function runVerification(source: unknown): Promise<Verification> {
  const { verifyAny } = await import("@rifazo/shared/domain/draw-record");
  const result = await verifyAny(source);
  return {
    state: "done",
    ok: result.ok,
    checks: result.checks,
    warnings: result.warnings,
    pending: result.pending,
    instant: { total: result.instant.total, left: result.instant.left, wins: result.instant.wins.length },
  };
}

/**
 * "Verificar": checks the whole draw here, in the browser. A raffle with a record (draw v2) is verified
 * from it; one drawn before records existed, from its v1 transcript. The verification code (and the BLS
 * library for drand signatures) is downloaded only when the button is pressed.
 */
export function VerifyDraw({
  raffleId,
  record,
  label = "Verificar",
  actions,
}: {
  raffleId: string;
  /**
   * The record when the caller already has it; null for a draw without one (v1: its transcript is
   * verified); fetched on press when not given.
   */
  record?: RaffleRecord | null;
  label?: string;
  /** Shown beside the button (e.g. the download), above the result. */
  actions?: React.ReactNode;
}) {
  const queryClient = useQueryClient();
  const [verification, setVerification] = useState<Verification>({ state: "idle" });

  async function verify() {
    setVerification({ state: "running" });
    try {
      const found =
        record !== undefined
          ? record
          : await queryClient.fetchQuery({ ...recordQuery(raffleId), staleTime: 0 });
      setVerification(await runVerification(found ?? (await drawApi.transcript(raffleId))));
    } catch (error) {
      setVerification({ state: "error", message: errorMessage(error, "No se pudo verificar el sorteo.") });
    }
  }

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="outline"
          waitsForCode
          onClick={verify}
          loading={verification.state === "running"}
          loadingText="Verificando..."
        >
          <ShieldIcon /> {label}
        </Button>
        {actions}
      </div>
      <div aria-live="polite" className="space-y-3">
        {verification.state === "done" ? <VerificationResult verification={verification} /> : null}
        {verification.state === "error" ? <Alert variant="danger">{verification.message}</Alert> : null}
      </div>
    </div>
  );
}

function VerificationResult({ verification }: { verification: Extract<Verification, { state: "done" }> }) {
  const failed = verification.checks.filter((c) => !c.ok);
  return (
    <>
      <Alert
        variant={verification.ok ? "success" : "danger"}
        title={
          verification.ok
            ? "Verificado en tu navegador: todo coincide"
            : `El acta no es válida: ${failed.map((c) => c.name).join(", ") || "falló la verificación"}`
        }
      >
        <ul className="mt-1 space-y-1" aria-label="Comprobaciones">
          {verification.checks.map((c) => (
            <li key={c.name} className="flex items-start gap-2">
              <span aria-hidden="true" className={c.ok ? "text-success-600" : "text-danger-700"}>
                {c.ok ? "✓" : "✗"}
              </span>
              <span className="min-w-0">
                <span className="font-semibold">{c.name}</span>
                <span className="sr-only">{c.ok ? ": correcto" : ": no coincide"}</span>
                {c.ok ? null : (
                  <span className="block font-mono text-xs break-all text-muted">
                    Esperado: {clip(c.expected)} · En el acta: {clip(c.actual)}
                  </span>
                )}
              </span>
            </li>
          ))}
        </ul>
        {verification.ok && verification.instant.total > 0 ? (
          <p className="mt-2">
            Premios instantáneos verificados: {countText(verification.instant.wins, "ganado", "ganados")} de{" "}
            {verification.instant.total}, cada uno con la ronda de drand que nombró su compra; quedan{" "}
            {verification.instant.left}.
          </p>
        ) : null}
        {verification.pending.length > 0 ? (
          <div className="mt-2">
            <p className="font-semibold">Aún pendiente:</p>
            <ul className="list-disc pl-5">
              {verification.pending.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </div>
        ) : null}
      </Alert>
      {verification.warnings.length > 0 ? (
        <Alert variant="warning" title="Advertencias">
          {/* A warning may quote a chain's 64-hex hash: it breaks anywhere rather than widen a phone's page. */}
          <ul className="mt-1 list-disc space-y-1 pl-5 [overflow-wrap:anywhere]">
            {verification.warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
    </>
  );
}

/** The record as a JSON file, made in the browser from what was downloaded (no second request). */
export function DownloadRecordButton({ record }: { record: RaffleRecord }) {
  function download() {
    const blob = new Blob([`${JSON.stringify(record, null, 2)}\n`], { type: "application/json" });
    const url = URL.createObjectURL(blob);
    const link = document.createElement("a");
    link.href = url;
    link.download = `acta-${record.raffleId}.json`;
    document.body.append(link);
    link.click();
    link.remove();
    window.setTimeout(() => URL.revokeObjectURL(url), 1_000);
  }
  return (
    <Button variant="ghost" waitsForCode onClick={download}>
      Descargar acta (JSON)
    </Button>
  );
}
