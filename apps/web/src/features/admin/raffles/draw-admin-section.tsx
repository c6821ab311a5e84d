import { DISQUALIFICATION_REASONS_V3 } from "@rifazo/shared/domain/disqualification-reasons";
import { isDrawRoundLate } from "@rifazo/shared/domain/draw-round-late";
import { LOTTERY_MESSAGES } from "@rifazo/shared/domain/lottery-binding";
import { formatTicketNumber } from "@rifazo/shared/domain/tickets";
import { claimText } from "@rifazo/shared/fairness-claims";
import {
  beaconInputSchema,
  DRAW_ADMIN_MESSAGES,
  disqualifyInputSchema,
  externalResultInputSchema,
} from "@rifazo/shared/schemas/admin";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Button, buttonClasses } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/field";
import { Input, inputClasses } from "../../../components/ui/input";
import { toast } from "../../../components/ui/toast";
import { type ApiError, errorMessage, isApiError } from "../../../lib/api-client";
import { cn } from "../../../lib/cn";
import { formatDateTime } from "../../../lib/format";
import { paths } from "../../../lib/paths";
import type { RaffleRecord, ShownWinner } from "../../draws";
import {
  recordAvailableOf,
  recordKeys,
  recordQuery,
  recordStage,
  recordTotalTickets,
  roundOf,
  rulesOf,
  shownWinners,
  useRecordExists,
} from "../../draws";
import {
  type AdminRaffle,
  adminKeys,
  type BeaconInput,
  confirmCorrection,
  correctionProposalsQuery,
  type DisqualifyInput,
  discardCorrection,
  disqualifyWinner,
  type ExternalResultInput,
  submitBeacon,
  submitExternalResult,
} from "../api/admin-api";
import { ConfirmDialog } from "../shared/confirm-dialog";
import { SectionCard } from "../shared/section-card";

// The draw's admin screens (decision 0012): the named drand round and "Pegar beacon" on a frozen internal
// raffle, "Descalificar ganador" on a drawn one, "Registrar resultado oficial" on a frozen external one.
// Every action is checked by the server and written into the public record; none lets anyone choose a
// winner.

type FieldErrors = Record<string, string>;

/** The first message of each field a shared schema refused. */
function fieldErrors(error: {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "");
    if (key && !out[key]) out[key] = issue.message;
  }
  return out;
}

/** The server's per-field messages, with a message that names no field put under `fallbackField`. */
function errorsFrom(error: unknown, fallbackField: string): FieldErrors {
  if (isApiError(error) && error.fields && Object.keys(error.fields).length > 0) return { ...error.fields };
  return { [fallbackField]: errorMessage(error) };
}

function useAfterDrawChange(raffleId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: recordKeys.one(raffleId) }),
      queryClient.invalidateQueries({ queryKey: adminKeys.raffle(raffleId) }),
    ]);
}

/** "Pegar beacon": round + signature, verified by the server against the chain's key before drawing. */
export function BeaconForm({ raffleId, round }: { raffleId: string; round: number }) {
  const after = useAfterDrawChange(raffleId);
  const [roundText, setRoundText] = useState(String(round));
  const [signature, setSignature] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const mutation = useMutation({
    mutationFn: (body: BeaconInput) => submitBeacon(raffleId, body),
    onSuccess: async () => {
      setErrors({});
      toast({
        title: "Beacon verificado",
        description: "El sorteo se realizó con esa ronda.",
        variant: "success",
      });
      await after();
    },
    onError: (error: ApiError | Error) => setErrors(errorsFrom(error, "signature")),
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = beaconInputSchema.safeParse({ round: roundText.trim(), signature });
    setErrors(parsed.success ? {} : fieldErrors(parsed.error));
    if (parsed.success) mutation.mutate(parsed.data);
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="beacon-title" className="space-y-3">
      <h3 id="beacon-title" className="font-bold text-ink">
        Pegar beacon
      </h3>
      <p className="text-sm text-muted">
        Si el servidor no puede consultar drand, copia la ronda y su firma de un relay público (por ejemplo{" "}
        <span className="font-mono break-all">https://api.drand.sh/…/public/{round}</span>). Se verifican
        igual que si llegaran solas: una firma falsa o de otra ronda se rechaza.
      </p>
      <FormField id="beacon-round" label="Ronda" error={errors.round} className="max-w-48">
        {(control) => (
          <Input
            inputMode="numeric"
            value={roundText}
            onChange={(e) => setRoundText(e.target.value)}
            {...control}
            className="font-mono"
          />
        )}
      </FormField>
      <FormField id="beacon-signature" label="Firma (signature)" error={errors.signature}>
        {(control) => (
          <textarea
            rows={3}
            spellCheck={false}
            value={signature}
            onChange={(e) => setSignature(e.target.value)}
            {...control}
            className={cn(inputClasses, "h-auto py-2 font-mono text-xs break-all")}
          />
        )}
      </FormField>
      <Button type="submit" loading={mutation.isPending} loadingText="Verificando...">
        Verificar y sortear
      </Button>
    </form>
  );
}

/** "Registrar resultado oficial", or its correction (a new visible entry with a reason) once one exists. */
export function ExternalResultForm({ raffleId, correcting }: { raffleId: string; correcting: boolean }) {
  const after = useAfterDrawChange(raffleId);
  const [result, setResult] = useState("");
  const [sourceUrl, setSourceUrl] = useState("");
  const [reason, setReason] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const mutation = useMutation({
    mutationFn: (body: ExternalResultInput) => submitExternalResult(raffleId, body),
    onSuccess: async () => {
      setErrors({});
      setResult("");
      setSourceUrl("");
      setReason("");
      setFile(null);
      toast({
        title: correcting ? "Corrección propuesta" : "Resultado registrado",
        description: correcting
          ? "Otro administrador debe confirmarla para que llegue al acta."
          : "Quedó publicado en el acta de la rifa.",
        variant: "success",
      });
      await after();
    },
    onError: (error: ApiError | Error) => setErrors(errorsFrom(error, "result")),
  });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    // Decision 0024: the official publication (photo or PDF) goes with the result; the server checks its type.
    const publication = file
      ? { contentType: file.type || "application/octet-stream", dataBase64: await fileToBase64(file) }
      : undefined;
    const parsed = externalResultInputSchema.safeParse({
      result,
      sourceUrl,
      ...(correcting ? { reason } : {}),
      ...(publication ? { publication } : {}),
    });
    const next = parsed.success ? {} : fieldErrors(parsed.error);
    // The server requires a correction's reason and the publication; said here before asking it.
    if (correcting && !reason.trim()) next.reason = "Explica por qué se corrige el resultado.";
    if (!file) next.publication = LOTTERY_MESSAGES.publicationRequired;
    setErrors(next);
    if (parsed.success && Object.keys(next).length === 0) mutation.mutate(parsed.data);
  }

  const id = correcting ? "external-correction" : "external-result";
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`} className="space-y-3">
      <h3 id={`${id}-title`} className="font-bold text-ink">
        {correcting ? "Proponer una corrección del resultado" : "Registrar resultado oficial"}
      </h3>
      <p className="text-sm text-muted">
        {correcting
          ? "Una corrección la confirma otro administrador dentro del plazo de las reglas; entonces queda en el acta como una entrada nueva, visible para todos, con su motivo. El resultado anterior no se borra."
          : "Se publica de inmediato en el acta y los ganadores salen de la regla fijada antes de la venta."}
      </p>
      <FormField id={`${id}-value`} label="Resultado oficial" error={errors.result} className="max-w-xs">
        {(control) => (
          <Input
            value={result}
            onChange={(e) => setResult(e.target.value)}
            {...control}
            className="font-mono"
          />
        )}
      </FormField>
      <FormField id={`${id}-url`} label="Enlace a la publicación oficial" error={errors.sourceUrl}>
        {(control) => (
          <Input type="url" value={sourceUrl} onChange={(e) => setSourceUrl(e.target.value)} {...control} />
        )}
      </FormField>
      <FormField
        id={`${id}-publication`}
        label="Publicación oficial (foto o PDF, hasta 700 KB)"
        hint="Se publica junto al resultado y su huella SHA-256 queda en el acta."
        error={errors.publication}
      >
        {(control) => (
          <input
            type="file"
            accept="application/pdf,image/jpeg,image/png,image/webp"
            {...control}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            className="text-sm"
          />
        )}
      </FormField>
      {correcting ? (
        <FormField id={`${id}-reason`} label="Motivo de la corrección" error={errors.reason}>
          {(control) => (
            <textarea
              rows={2}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              {...control}
              className={cn(inputClasses, "h-auto py-2")}
            />
          )}
        </FormField>
      ) : null}
      <Button type="submit" variant={correcting ? "outline" : "primary"} loading={mutation.isPending}>
        {correcting ? "Proponer corrección" : "Registrar resultado"}
      </Button>
    </form>
  );
}

/**
 * Corrections waiting for a second administrator (decision 0024): the proposer sees it waiting; any
 * other administrator can confirm it (then it reaches the record) or discard it.
 */
function CorrectionProposals({ raffleId }: { raffleId: string }) {
  const after = useAfterDrawChange(raffleId);
  const query = useQuery(correctionProposalsQuery(raffleId));
  const confirm = useMutation({
    mutationFn: (proposalId: string) => confirmCorrection(raffleId, proposalId),
    onSuccess: async () => {
      toast({ title: "Corrección confirmada", description: "Quedó en el acta.", variant: "success" });
      await Promise.all([after(), query.refetch()]);
    },
    onError: (error) =>
      toast({ title: "No se confirmó", description: errorMessage(error), variant: "error" }),
  });
  const discard = useMutation({
    mutationFn: (proposalId: string) => discardCorrection(raffleId, proposalId),
    onSuccess: async () => {
      await query.refetch();
    },
    onError: (error) =>
      toast({ title: "No se descartó", description: errorMessage(error), variant: "error" }),
  });
  const list = query.data ?? [];
  if (list.length === 0) return null;
  return (
    <section aria-labelledby="correction-proposals" className="space-y-2">
      <h3 id="correction-proposals" className="font-bold text-ink">
        Corrección pendiente de confirmación
      </h3>
      {list.map((p) => (
        <div key={p.id} className="space-y-1 rounded-control border border-line bg-canvas p-3 text-sm">
          <p className="text-ink">
            Nuevo resultado: <strong className="font-mono">{p.result}</strong> · Motivo: {p.reason}
          </p>
          <p className="text-xs text-muted">
            Propuesta por <span className="font-mono">{p.proposedBy}</span> el {formatDateTime(p.proposedAt)}
            {p.windowEndsAt ? `; el plazo vence el ${formatDateTime(p.windowEndsAt)}` : ""}.
          </p>
          {p.mine ? (
            <p className="text-sm text-muted">La propusiste tú: debe confirmarla otro administrador.</p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            {p.mine ? null : (
              <Button size="sm" loading={confirm.isPending} onClick={() => confirm.mutate(p.id)}>
                Confirmar corrección
              </Button>
            )}
            <Button
              size="sm"
              variant="outline"
              loading={discard.isPending}
              onClick={() => discard.mutate(p.id)}
            >
              Descartar
            </Button>
          </div>
        </div>
      ))}
    </section>
  );
}

/** The closed list of reasons published in the rules (decision 0021): a code, never free text. */
const DISQUALIFICATION_REASONS = DISQUALIFICATION_REASONS_V3;

/** The evidence file as base64 (the server keeps it privately; the record publishes its SHA-256). */
async function fileToBase64(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * "Descalificar ganador": a reason of the rules' closed list (with the evidence for fraud) and a
 * confirmation that says the replacement will come from a future drand round nobody knows yet.
 */
function DisqualifyButton({
  raffleId,
  totalTickets,
  winner,
}: {
  raffleId: string;
  totalTickets: number;
  winner: ShownWinner;
}) {
  const after = useAfterDrawChange(raffleId);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<string>("");
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  const mutation = useMutation({
    mutationFn: (body: DisqualifyInput) => disqualifyWinner(raffleId, body),
  });
  const ticket = formatTicketNumber(winner.ticketNumber, totalTickets);
  const reasonId = `disqualify-${winner.level}-${winner.index}`;

  async function confirm() {
    const evidence =
      reason === "fraud" && file
        ? { contentType: file.type || "application/octet-stream", dataBase64: await fileToBase64(file) }
        : undefined;
    const parsed = disqualifyInputSchema.safeParse({
      level: winner.level,
      index: winner.index,
      reason,
      ...(evidence ? { evidence } : {}),
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? DRAW_ADMIN_MESSAGES.reason);
      throw parsed.error;
    }
    try {
      await mutation.mutateAsync(parsed.data);
    } catch (failure) {
      setError(errorMessage(failure));
      throw failure;
    }
    setError(undefined);
    setReason("");
    setFile(null);
    toast({
      title: "Ganador descalificado",
      description: `Boleto ${ticket}. El reemplazo saldrá de una ronda futura de drand.`,
      variant: "success",
    });
    await after();
  }

  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        Descalificar ganador
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setError(undefined);
        }}
        title={`Descalificar el boleto ${ticket}`}
        description={
          <>
            <p>{claimText("adminReplacementBlind")}</p>
            <p>
              El ganador original, el motivo, la ronda y la hora quedan publicados en el acta y en el sorteo.
            </p>
          </>
        }
        confirmLabel="Descalificar"
        busy={mutation.isPending}
        onConfirm={confirm}
      >
        <fieldset className="mt-4 space-y-2" aria-describedby={error ? `${reasonId}-error` : undefined}>
          <legend className="text-sm font-semibold text-ink">
            Motivo (de la lista publicada en las reglas)
          </legend>
          {DISQUALIFICATION_REASONS.map((r) => (
            <label key={r.code} className="flex items-start gap-2 text-sm">
              <input
                type="radio"
                name={reasonId}
                value={r.code}
                checked={reason === r.code}
                onChange={() => setReason(r.code)}
                className="mt-1"
              />
              <span>{r.text}</span>
            </label>
          ))}
        </fieldset>
        {reason === "fraud" ? (
          <FormField
            id={`${reasonId}-evidence`}
            label="Documento de prueba (obligatorio para fraude)"
            className="mt-3"
          >
            {(control) => (
              <input
                type="file"
                accept="application/pdf,image/*"
                {...control}
                onChange={(e) => setFile(e.target.files?.[0] ?? null)}
                className="text-sm"
              />
            )}
          </FormField>
        ) : null}
        {error ? (
          <p id={`${reasonId}-error`} role="alert" className="mt-2 text-sm text-danger-700">
            {error}
          </p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}

function WinnersWithActions({ raffleId, record }: { raffleId: string; record: RaffleRecord }) {
  // The record's published size: its numbers show in the raffle's digits, as on the public record.
  const totalTickets = recordTotalTickets(record);
  const winners = shownWinners(record);
  if (winners.length === 0) return <p className="text-sm text-muted">Sin ganadores.</p>;
  return (
    <ul className="space-y-2">
      {winners.map((w) => (
        <li
          key={`${w.level}-${w.index}`}
          className="flex flex-wrap items-center justify-between gap-2 rounded-control bg-canvas p-3 text-sm"
        >
          <div className="min-w-0">
            <p className={w.disqualified ? "text-muted line-through" : "font-semibold text-ink"}>
              Nivel {w.level} · boleto{" "}
              <span className="font-mono">{formatTicketNumber(w.ticketNumber, totalTickets)}</span> ·{" "}
              {w.description}
            </p>
            {w.disqualified ? (
              <p className="text-xs text-danger-700">Descalificado: {w.disqualified.reason}</p>
            ) : null}
            {w.replacement ? <p className="text-xs text-muted">Reemplazo determinado por el acta</p> : null}
          </div>
          {w.disqualified ? null : (
            <DisqualifyButton raffleId={raffleId} totalTickets={totalTickets} winner={w} />
          )}
        </li>
      ))}
    </ul>
  );
}

/** The draw as the record stands, with the one action each stage allows. */
export function DrawAdminSection({ raffle }: { raffle: AdminRaffle }) {
  // Asked for only when the server says a record exists (no 404 for raffles on sale or drawn with v1).
  const exists = useRecordExists(raffle.id, raffle.status, recordAvailableOf(raffle));
  const query = useQuery({ ...recordQuery(raffle.id), enabled: exists });
  if (!exists || query.isPending) return null;
  if (query.isError) {
    return (
      <SectionCard title="Sorteo y acta">
        <Alert variant="danger">No se pudo cargar el acta: {errorMessage(query.error)}</Alert>
      </SectionCard>
    );
  }
  const record = query.data;
  if (!record) return null;
  const stage = recordStage(record);
  const round = roundOf(record);
  const rules = rulesOf(record);
  const external = rules?.announcement.type === "external";
  const hasResult = record.entries.some((e) => e.type === "external_result");
  return (
    <SectionCard
      title="Sorteo y acta"
      actions={
        <Link to={paths.drawRecord(raffle.id)} className={buttonClasses({ variant: "outline", size: "sm" })}>
          Ver el acta pública
        </Link>
      }
    >
      <div className="space-y-5">
        {stage === "awaiting_round" && round ? (
          <>
            {isDrawRoundLate(round.roundTime, new Date()) ? (
              <Alert variant="warning" title="La ronda está atrasada">
                La ronda <strong className="font-mono">{round.round}</strong> de drand debía estar disponible
                desde el {formatDateTime(round.roundTime)}, y el servidor todavía no ha podido obtenerla de
                ningún relay. Revisa la conexión del servidor y DRAND_RELAYS (estado en /api/health), o pega
                abajo la ronda y su firma.
              </Alert>
            ) : (
              <p className="text-sm text-ink">
                Ronda de drand fijada: <strong className="font-mono">{round.round}</strong>, prevista para el{" "}
                <strong>{formatDateTime(round.roundTime)}</strong>. Al llegar esa hora el servidor intenta
                obtenerla de los relays y realizar el sorteo; si no lo logra en un minuto, lo verás aquí y en
                Hoy, y te llegará un correo.
              </p>
            )}
            <BeaconForm raffleId={raffle.id} round={round.round} />
          </>
        ) : null}
        {stage === "awaiting_result" && external && rules.announcement.type === "external" ? (
          <>
            <p className="text-sm text-ink">
              Lista congelada. Se decide con <strong>{rules.announcement.lottery}</strong> del{" "}
              <strong>{formatDateTime(rules.announcement.drawAt)}</strong>. Regla:{" "}
              {rules.announcement.ruleText}
            </p>
            <ExternalResultForm raffleId={raffle.id} correcting={false} />
          </>
        ) : null}
        {stage === "drawn" ? (
          <>
            <WinnersWithActions raffleId={raffle.id} record={record} />
            {external && hasResult ? <CorrectionProposals raffleId={raffle.id} /> : null}
            {external && hasResult ? <ExternalResultForm raffleId={raffle.id} correcting /> : null}
          </>
        ) : null}
        {stage === "open" || stage === "closed" ? (
          <p className="text-sm text-muted">
            El acta está abierta: la lista se congelará cuando se cierren las ventas y no quede ningún pago
            pendiente.
          </p>
        ) : null}
      </div>
    </SectionCard>
  );
}
