import { pluralWord } from "@rifazo/shared/domain/plural";
import { MAX_TICKET_DIGITS, ticketDigits } from "@rifazo/shared/domain/tickets";
import { ADMIN_MESSAGES, externalWinnersError } from "@rifazo/shared/schemas/admin";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { Spinner } from "../../../components/ui/spinner";
import { toast } from "../../../components/ui/toast";
import { formatDate } from "../../../lib/format";
import type { AdminRaffle } from "../api/admin-api";
import { ConfirmDialog } from "../shared/confirm-dialog";
import { RafflePicker } from "../shared/raffle-picker";
import { RaffleStatusBadge } from "../shared/raffle-status";
import { SectionCard } from "../shared/section-card";
import { useAdminRaffles } from "../shared/use-admin-raffles";
import { useRegisterWinners, useWinnerRows } from "./use-external-winners";
import { rowsForLevels, type TicketLookup, unsoldRows, type WinnerRow } from "./winner-rows";

/** What stops registering (a wrong entry is also toasted), or null when the rows can be sent. */
function submitProblem(raffleId: string, rows: WinnerRow[], totalTickets: number | null): string | null {
  const message = externalWinnersError(raffleId || null, rows, totalTickets);
  if (message) {
    toast({
      id: "external-winners-invalid",
      title: "Revisa los ganadores",
      description: message,
      variant: "error",
    });
    return message;
  }
  if (rows.some((row) => row.lookup.state === "loading")) {
    return "Espera a que termine la verificación de los boletos.";
  }
  return null;
}

/**
 * Only raffles announced outside Rifazo take typed-in winners (the server refuses internal ones: the
 * platform draws those), and a raffle already drawn cannot take winners again.
 */
function externalCandidates(raffles: AdminRaffle[] | undefined): AdminRaffle[] {
  return (raffles ?? []).filter((raffle) => raffle.announcementType === "external" && !raffle.hasWinners);
}

/** Asks before registering numbers that were not sold here (or could not be checked). */
function UnsoldConfirmDialog({
  open,
  onOpenChange,
  rows,
  busy,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  rows: WinnerRow[];
  busy: boolean;
  onConfirm: () => Promise<unknown> | undefined;
}) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      variant="primary"
      title="Boletos no vendidos en Rifazo"
      description={<UnsoldWarning unsold={unsoldRows(rows)} />}
      confirmLabel="Sí, registrar"
      busy={busy}
      onConfirm={onConfirm}
    />
  );
}

/**
 * Spec 2 §2 "External winners tab": winners announced outside Rifazo (a live on Instagram, TV, radio) are
 * registered per prize level. A number sold here fills in and locks the buyer's name; an unsold one
 * needs confirming.
 */
export function ExternalWinnersTab() {
  const raffles = useAdminRaffles();
  const [raffleId, setRaffleId] = useState("");
  const [error, setError] = useState<string>();
  const [confirming, setConfirming] = useState(false);

  const candidates = externalCandidates(raffles.data);
  const raffle = raffles.data?.find((r) => r.id === raffleId) ?? null;
  // Numbers are typed in the raffle's digits (2 for 100 tickets, 3 for 1,000: ticketDigits).
  const digits = raffle ? ticketDigits(raffle.totalTickets) : MAX_TICKET_DIGITS;
  const { rows, setRows, replaceRows, updateRow, onTicketChange } = useWinnerRows({
    raffleId,
    totalTickets: raffle?.totalTickets,
    digits,
    onEdit: () => setError(undefined),
  });

  const selectRaffle = (id: string) => {
    setRaffleId(id);
    setError(undefined);
    const chosen = raffles.data?.find((r) => r.id === id);
    replaceRows(chosen ? rowsForLevels(chosen.prizeLevels) : []);
  };

  const register = useRegisterWinners(() => {
    setRaffleId("");
    setRows([]);
  }, setError);

  const submit = () => {
    const problem = submitProblem(raffleId, rows, raffle?.totalTickets ?? null);
    setError(problem ?? undefined);
    if (problem) return;
    if (unsoldRows(rows).length > 0) setConfirming(true);
    else if (raffle) register.mutate({ target: raffle, list: rows });
  };

  return (
    <SectionCard
      title="Ganadores Externos"
      description="Registra los ganadores de sorteos anunciados fuera de Rifazo (Instagram Live, TV, radio...). Al registrarlos la rifa pasa a Finalizada."
    >
      <div className="space-y-6">
        <RaffleChoice raffles={candidates} raffle={raffle} value={raffleId} onChange={selectRaffle} />

        {raffle && rows.length > 0 ? (
          <WinnersForm
            rows={rows}
            digits={digits}
            error={error}
            busy={register.isPending}
            onSubmit={submit}
            onTicketChange={onTicketChange}
            onNameChange={(row, value) => {
              updateRow(row.key, { winnerName: value });
              setError(undefined);
            }}
          />
        ) : error ? (
          <Alert variant="danger">{error}</Alert>
        ) : null}

        {!raffle ? (
          <div className="flex justify-end">
            <Button onClick={submit}>Registrar Ganadores</Button>
          </div>
        ) : null}
      </div>

      <UnsoldConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        rows={rows}
        busy={register.isPending}
        onConfirm={() => (raffle ? register.mutateAsync({ target: raffle, list: rows }) : undefined)}
      />
    </SectionCard>
  );
}

interface RaffleChoiceProps {
  raffles: AdminRaffle[];
  raffle: AdminRaffle | null;
  value: string;
  onChange: (id: string) => void;
}

/** The raffle picker and, once one is chosen, its status and where it is announced. */
function RaffleChoice({ raffles, raffle, value, onChange }: RaffleChoiceProps) {
  return (
    <>
      <div className="max-w-md space-y-1.5">
        <Label htmlFor="external-raffle">Rifa</Label>
        <RafflePicker
          id="external-raffle"
          raffles={raffles}
          value={value}
          onChange={onChange}
          aria-describedby="external-raffle-hint"
        />
        <p id="external-raffle-hint" className="text-xs text-muted">
          {value ? "Solo se listan rifas de anuncio externo sin ganadores." : ADMIN_MESSAGES.selectRaffle}
        </p>
      </div>

      {raffle ? (
        <div className="flex flex-wrap items-center gap-2 text-sm text-muted">
          <RaffleStatusBadge status={raffle.status} />
          <span>
            Anuncio por {raffle.externalAnnouncementPlatform ?? "plataforma externa"}
            {raffle.endDate ? ` · ${formatDate(raffle.endDate)}` : ""}
          </span>
        </div>
      ) : null}
    </>
  );
}

interface WinnersFormProps {
  rows: WinnerRow[];
  digits: number;
  error: string | undefined;
  busy: boolean;
  onSubmit: () => void;
  onTicketChange: (row: WinnerRow, value: string) => void;
  onNameChange: (row: WinnerRow, value: string) => void;
}

/** One row per winner to register, by prize level. */
function WinnersForm({
  rows,
  digits,
  error,
  busy,
  onSubmit,
  onTicketChange,
  onNameChange,
}: WinnersFormProps) {
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      className="space-y-4"
    >
      <ol className="space-y-3">
        {rows.map((row, index) => (
          <WinnerRowFields
            key={row.key}
            row={row}
            index={index}
            digits={digits}
            sameLevelCount={rows.filter((r) => r.level === row.level).length}
            positionInLevel={rows.filter((r, i) => r.level === row.level && i <= index).length}
            onTicketChange={(value) => onTicketChange(row, value)}
            onNameChange={(value) => onNameChange(row, value)}
          />
        ))}
      </ol>
      {error ? <Alert variant="danger">{error}</Alert> : null}
      <div className="flex justify-end">
        <Button type="submit" loading={busy} loadingText="Registrando...">
          Registrar Ganadores
        </Button>
      </div>
    </form>
  );
}

/** Why registering asks first: some numbers were not sold here (or could not be checked). */
function UnsoldWarning({ unsold }: { unsold: WinnerRow[] }) {
  return (
    <>
      <p>
        {pluralWord(unsold.length, "El boleto ", "Los boletos ")}
        <strong className="font-mono text-ink">{unsold.map((row) => row.ticketNumber).join(", ")}</strong>
        {pluralWord(unsold.length, " no se vendió", " no se vendieron")} en Rifazo (o no se pudo verificar).
      </p>
      <p>¿Registrar los ganadores de todos modos?</p>
    </>
  );
}

interface WinnerRowFieldsProps {
  row: WinnerRow;
  index: number;
  /** The raffle's ticket digits. */
  digits: number;
  sameLevelCount: number;
  positionInLevel: number;
  onTicketChange: (value: string) => void;
  onNameChange: (value: string) => void;
}

function WinnerRowFields({
  row,
  index,
  digits,
  sameLevelCount,
  positionInLevel,
  onTicketChange,
  onNameChange,
}: WinnerRowFieldsProps) {
  const locked = row.lookup.state === "sold";
  const ticketId = `winner-${index}-ticket`;
  const nameId = `winner-${index}-name`;
  const statusId = `winner-${index}-status`;
  const title = `Nivel ${row.level}${sameLevelCount > 1 ? ` · ganador ${positionInLevel} de ${sameLevelCount}` : ""}`;
  return (
    <li className="rounded-control border border-line bg-canvas/60 p-3">
      <fieldset className="space-y-3">
        <legend className="text-sm">
          <span className="font-bold text-ink">{title}</span>
          <span className="text-muted"> · {row.prize}</span>
        </legend>
        <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
          <div className="space-y-1.5">
            <Label htmlFor={ticketId}>Número de boleto</Label>
            <Input
              id={ticketId}
              inputMode="numeric"
              autoComplete="off"
              maxLength={digits}
              placeholder={"0".repeat(digits)}
              className="font-mono tracking-widest"
              value={row.ticketNumber}
              onChange={(event) => onTicketChange(event.target.value)}
              aria-describedby={statusId}
            />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={nameId}>Nombre del ganador</Label>
            <Input
              id={nameId}
              autoComplete="off"
              value={row.winnerName}
              readOnly={locked}
              onChange={(event) => onNameChange(event.target.value)}
              aria-describedby={statusId}
            />
          </div>
        </div>
        <p id={statusId} className="min-h-5 text-xs" aria-live="polite">
          <LookupStatus lookup={row.lookup} digits={digits} />
        </p>
      </fieldset>
    </li>
  );
}

function LookupStatus({ lookup, digits }: { lookup: TicketLookup; digits: number }) {
  switch (lookup.state) {
    case "loading":
      return (
        <span className="inline-flex items-center gap-1.5 text-muted">
          <Spinner label={null} /> Verificando el boleto {lookup.number}...
        </span>
      );
    case "sold":
      return <Badge variant="success">Vendido en Rifazo a {lookup.buyerName} · nombre bloqueado</Badge>;
    case "unsold":
      return <Badge variant="warning">El boleto {lookup.number} no se vendió en Rifazo</Badge>;
    case "error":
      return <span className="text-danger-700">No se pudo verificar el boleto: {lookup.message}</span>;
    default:
      return <span className="text-muted">Escribe los {digits} dígitos del boleto ganador.</span>;
  }
}
