import { countText, pluralWord } from "@rifazo/shared/domain/plural";
import { MAX_TICKET_DIGITS, sanitizeTicketInput, ticketDigits } from "@rifazo/shared/domain/tickets";
import { ADMIN_MESSAGES, externalWinnersError } from "@rifazo/shared/schemas/admin";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { Spinner } from "../../../components/ui/spinner";
import { toast } from "../../../components/ui/toast";
import { errorMessage } from "../../../lib/api-client";
import { formatDate } from "../../../lib/format";
import { type AdminRaffle, adminKeys, fetchSoldTicket, registerExternalWinners } from "../api/admin-api";
import { ConfirmDialog } from "../shared/confirm-dialog";
import { RafflePicker } from "../shared/raffle-picker";
import { RaffleStatusBadge } from "../shared/raffle-status";
import { SectionCard } from "../shared/section-card";
import { useAdminRaffles } from "../shared/use-admin-raffles";
import { rememberWinners, rowsForLevels, type TicketLookup, unsoldRows, type WinnerRow } from "./winner-rows";

/**
 * Spec 2 §2 "External winners tab": winners announced outside Rifazo (a live on Instagram, TV, radio) are
 * registered per prize level. A number sold here fills in and locks the buyer's name; an unsold one
 * needs confirming.
 */
export function ExternalWinnersTab() {
  const queryClient = useQueryClient();
  const raffles = useAdminRaffles();
  const [raffleId, setRaffleId] = useState("");
  const [rows, setRows] = useState<WinnerRow[]>([]);
  const [error, setError] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const lookups = useRef(new Map<string, AbortController>());

  // Only raffles announced outside Rifazo take typed-in winners (the server refuses internal ones: the
  // platform draws those), and a raffle already drawn cannot take winners again.
  const candidates = (raffles.data ?? []).filter(
    (raffle) => raffle.announcementType === "external" && !raffle.hasWinners,
  );
  const raffle = raffles.data?.find((r) => r.id === raffleId) ?? null;
  // Numbers are typed in the raffle's digits (2 for 100 tickets, 3 for 1,000: ticketDigits).
  const digits = raffle ? ticketDigits(raffle.totalTickets) : MAX_TICKET_DIGITS;

  useEffect(() => {
    const pending = lookups.current;
    return () => {
      for (const controller of pending.values()) controller.abort();
    };
  }, []);

  const selectRaffle = (id: string) => {
    for (const controller of lookups.current.values()) controller.abort();
    lookups.current.clear();
    setRaffleId(id);
    setError(undefined);
    const chosen = raffles.data?.find((r) => r.id === id);
    setRows(chosen ? rowsForLevels(chosen.prizeLevels) : []);
  };

  const updateRow = (key: string, patch: Partial<WinnerRow>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)));

  const lookUp = (key: string, number: string) => {
    lookups.current.get(key)?.abort();
    if (!raffleId || number.length !== digits) return;
    const controller = new AbortController();
    lookups.current.set(key, controller);
    updateRow(key, { lookup: { state: "loading", number } });
    fetchSoldTicket(raffleId, number, controller.signal)
      .then((result) => {
        if (controller.signal.aborted) return;
        const sold = result.items.find((item) => item.ticketNumber === number) ?? result.items[0];
        const lookup: TicketLookup = sold
          ? { state: "sold", number, buyerName: sold.buyerName }
          : { state: "unsold", number };
        setRows((current) =>
          current.map((row) =>
            row.key === key && row.ticketNumber === number
              ? { ...row, lookup, winnerName: sold ? sold.buyerName : row.winnerName }
              : row,
          ),
        );
      })
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        updateRow(key, { lookup: { state: "error", number, message: errorMessage(err) } });
      })
      .finally(() => {
        if (lookups.current.get(key) === controller) lookups.current.delete(key);
      });
  };

  const onTicketChange = (row: WinnerRow, value: string) => {
    const ticketNumber = sanitizeTicketInput(value, raffle?.totalTickets);
    if (ticketNumber === row.ticketNumber) return;
    // A name filled in from a sale belongs to that number only.
    const winnerName = row.lookup.state === "sold" ? "" : row.winnerName;
    updateRow(row.key, { ticketNumber, winnerName, lookup: { state: "idle" } });
    setError(undefined);
    lookUp(row.key, ticketNumber);
  };

  const register = useMutation({
    mutationFn: ({ target, list }: { target: AdminRaffle; list: WinnerRow[] }) =>
      registerExternalWinners(
        target.id,
        list.map((row) => ({
          level: row.level,
          ticketNumber: row.ticketNumber,
          winnerName: row.winnerName.trim(),
        })),
      ),
    onSuccess: (_data, { target, list }) => {
      if (typeof localStorage !== "undefined") {
        rememberWinners(
          {
            raffleId: target.id,
            raffleName: target.title,
            drawDate: new Date().toISOString(),
            prizeImage: target.prizeImage,
            winners: list.map((row) => ({
              name: row.winnerName.trim(),
              ticket: row.ticketNumber,
              prize: row.prize,
            })),
            announcementSource: "external",
          },
          localStorage,
        );
      }
      toast({
        title: "Ganadores Registrados",
        description: `"${target.title}" quedó finalizada con ${countText(list.length, "ganador", "ganadores")}.`,
        variant: "success",
      });
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
      setRaffleId("");
      setRows([]);
    },
    onError: (err) => {
      setError(errorMessage(err));
      toast({ title: "Error al Registrar", description: errorMessage(err), variant: "error" });
    },
  });

  const submit = () => {
    const message = externalWinnersError(raffleId || null, rows, raffle?.totalTickets ?? null);
    if (message) {
      setError(message);
      toast({
        id: "external-winners-invalid",
        title: "Revisa los ganadores",
        description: message,
        variant: "error",
      });
      return;
    }
    if (rows.some((row) => row.lookup.state === "loading")) {
      setError("Espera a que termine la verificación de los boletos.");
      return;
    }
    setError(undefined);
    if (unsoldRows(rows).length > 0) setConfirming(true);
    else if (raffle) register.mutate({ target: raffle, list: rows });
  };

  const unsold = unsoldRows(rows);

  return (
    <SectionCard
      title="Ganadores Externos"
      description="Registra los ganadores de sorteos anunciados fuera de Rifazo (Instagram Live, TV, radio...). Al registrarlos la rifa pasa a Finalizada."
    >
      <div className="space-y-6">
        <div className="max-w-md space-y-1.5">
          <Label htmlFor="external-raffle">Rifa</Label>
          <RafflePicker
            id="external-raffle"
            raffles={candidates}
            value={raffleId}
            onChange={selectRaffle}
            aria-describedby="external-raffle-hint"
          />
          <p id="external-raffle-hint" className="text-xs text-muted">
            {raffleId
              ? "Solo se listan rifas de anuncio externo sin ganadores."
              : ADMIN_MESSAGES.selectRaffle}
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

        {raffle && rows.length > 0 ? (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              submit();
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
                  onNameChange={(value) => {
                    updateRow(row.key, { winnerName: value });
                    setError(undefined);
                  }}
                />
              ))}
            </ol>
            {error ? <Alert variant="danger">{error}</Alert> : null}
            <div className="flex justify-end">
              <Button type="submit" loading={register.isPending} loadingText="Registrando...">
                Registrar Ganadores
              </Button>
            </div>
          </form>
        ) : error ? (
          <Alert variant="danger">{error}</Alert>
        ) : null}

        {!raffle ? (
          <div className="flex justify-end">
            <Button onClick={submit}>Registrar Ganadores</Button>
          </div>
        ) : null}
      </div>

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        variant="primary"
        title="Boletos no vendidos en Rifazo"
        description={
          <>
            <p>
              {pluralWord(unsold.length, "El boleto ", "Los boletos ")}
              <strong className="font-mono text-ink">
                {unsold.map((row) => row.ticketNumber).join(", ")}
              </strong>
              {pluralWord(unsold.length, " no se vendió", " no se vendieron")} en Rifazo (o no se pudo
              verificar).
            </p>
            <p>¿Registrar los ganadores de todos modos?</p>
          </>
        }
        confirmLabel="Sí, registrar"
        busy={register.isPending}
        onConfirm={() => (raffle ? register.mutateAsync({ target: raffle, list: rows }) : undefined)}
      />
    </SectionCard>
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
