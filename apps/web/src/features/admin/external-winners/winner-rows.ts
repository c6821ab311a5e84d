// External winners (spec 2 §2 "External winners tab"): one row per winner of each prize level. The checks
// themselves are the shared externalWinnersError, the same the API runs.

export interface PrizeLevelLike {
  level: number;
  description: string;
  winnerCount: number;
}

/** Looked-up state of a row's ticket: unknown until the raffle's digits are typed and the server answers. */
export type TicketLookup =
  | { state: "idle" }
  | { state: "loading"; number: string }
  | { state: "sold"; number: string; buyerName: string }
  | { state: "unsold"; number: string }
  | { state: "error"; number: string; message: string };

export interface WinnerRow {
  key: string;
  level: number;
  prize: string;
  ticketNumber: string;
  winnerName: string;
  lookup: TicketLookup;
}

/** One row per winner: a level with winnerCount 3 gives three rows ("1.º nivel, ganador 2 de 3"). */
export function rowsForLevels(levels: readonly PrizeLevelLike[]): WinnerRow[] {
  const rows: WinnerRow[] = [];
  const sorted = [...levels].sort((a, b) => a.level - b.level);
  for (const level of sorted) {
    const count = Math.max(1, Math.floor(level.winnerCount || 1));
    for (let i = 1; i <= count; i++) {
      rows.push({
        key: `${level.level}-${i}`,
        level: level.level,
        prize: level.description,
        ticketNumber: "",
        winnerName: "",
        lookup: { state: "idle" },
      });
    }
  }
  return rows;
}

/** Rows whose ticket was not sold in Rifazo: the admin confirms these before registering. */
export function unsoldRows(rows: readonly WinnerRow[]): WinnerRow[] {
  return rows.filter((row) => row.lookup.state !== "sold");
}

/** Local history (spec 2 §2: rifazo_winners_history); the server keeps the real record. */
export const WINNERS_HISTORY_KEY = "rifazo_winners_history";

export interface WinnersHistoryEntry {
  raffleId: string;
  raffleName: string;
  drawDate: string;
  prizeImage: string | null;
  winners: Array<{ name: string; ticket: string; prize: string }>;
  announcementSource: "external";
}

export function rememberWinners(
  entry: WinnersHistoryEntry,
  storage: Pick<Storage, "getItem" | "setItem">,
): void {
  try {
    const raw = storage.getItem(WINNERS_HISTORY_KEY);
    const list: unknown = raw ? JSON.parse(raw) : [];
    const history = Array.isArray(list) ? (list as WinnersHistoryEntry[]) : [];
    const next = [entry, ...history.filter((item) => item?.raffleId !== entry.raffleId)].slice(0, 50);
    storage.setItem(WINNERS_HISTORY_KEY, JSON.stringify(next));
  } catch {
    // Storage full or disabled: the server already has the winners.
  }
}
