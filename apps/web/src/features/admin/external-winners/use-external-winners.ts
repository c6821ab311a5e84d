import { countText } from "@rifazo/shared/domain/plural";
import { sanitizeTicketInput } from "@rifazo/shared/domain/tickets";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { toast } from "../../../components/ui/toast";
import { errorMessage } from "../../../lib/api-client";
import { type AdminRaffle, adminKeys, fetchSoldTicket, registerExternalWinners } from "../api/admin-api";
import { rememberWinners, type TicketLookup, type WinnerRow } from "./winner-rows";

interface WinnerRowsOptions {
  raffleId: string;
  totalTickets: number | undefined;
  /** The raffle's ticket digits: a number is looked up once it has them all. */
  digits: number;
  /** Called when a typed number changes (the tab clears its error then). */
  onEdit: () => void;
}

/**
 * The winner rows of the chosen raffle and the look-up of each typed number: a number sold here fills
 * in and locks the buyer's name, an unsold one is marked to be confirmed.
 */
export function useWinnerRows({ raffleId, totalTickets, digits, onEdit }: WinnerRowsOptions) {
  const [rows, setRows] = useState<WinnerRow[]>([]);
  const lookups = useRef(new Map<string, AbortController>());

  useEffect(() => {
    const pending = lookups.current;
    return () => {
      for (const controller of pending.values()) controller.abort();
    };
  }, []);

  /** Another raffle was chosen: its numbers' look-ups no longer matter. */
  const replaceRows = (next: WinnerRow[]) => {
    for (const controller of lookups.current.values()) controller.abort();
    lookups.current.clear();
    setRows(next);
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
    const ticketNumber = sanitizeTicketInput(value, totalTickets);
    if (ticketNumber === row.ticketNumber) return;
    // A name filled in from a sale belongs to that number only.
    const winnerName = row.lookup.state === "sold" ? "" : row.winnerName;
    updateRow(row.key, { ticketNumber, winnerName, lookup: { state: "idle" } });
    onEdit();
    lookUp(row.key, ticketNumber);
  };

  return { rows, setRows, replaceRows, updateRow, onTicketChange };
}

/**
 * Registers the winners; on success remembers them on this device for the winners' page, says so and
 * calls onDone; on failure hands the message to onFail.
 */
export function useRegisterWinners(onDone: () => void, onFail: (message: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
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
      onDone();
    },
    onError: (err) => {
      onFail(errorMessage(err));
      toast({ title: "Error al Registrar", description: errorMessage(err), variant: "error" });
    },
  });
}
