import type { DrawRecord, FrozenData } from "@rifazo/shared/domain/draw-record";
import { formatTicketNumber } from "@rifazo/shared/domain/tickets";
import { recordTotalTickets } from "./record-text";

// "Buyers can check" (decision 0012): from the receipt's secret, the owner tag of each of the buyer's numbers,
// compared with the frozen list of the record. The tag code (Web Crypto) loads only when a check runs.

export type NumberCheckStatus = "ok" | "missing" | "other_tag";

export interface NumberCheck {
  number: number;
  display: string;
  status: NumberCheckStatus;
}

export type OwnershipResult =
  | { kind: "not_frozen" }
  | {
      kind: "checked";
      /** One per number the buyer named, in their order. */
      numbers: NumberCheck[];
      /** Every number of the frozen list tagged with this receipt (found by trying each). */
      tagged: number[] | null;
      /** The raffle's size, so its numbers show in its digits (ticketDigits). */
      totalTickets: number;
    };

const SECRET = /^[0-9a-f]{64}$/;

/** The receipt code as typed or pasted (spaces, line breaks and capitals allowed), or null if malformed. */
export function normaliseReceiptCode(input: string): string | null {
  const code = input.replace(/\s+/g, "").toLowerCase();
  return SECRET.test(code) ? code : null;
}

export const RECEIPT_CODE_HELP =
  "Son 64 caracteres (números y letras de la a a la f). Lo encuentras en Mis pagos, en el detalle de tu pago.";

/** The frozen list of the record (the last freeze entry), or null while the list is not frozen. */
export function frozenListOf(record: DrawRecord): FrozenData | null {
  for (let i = record.entries.length - 1; i >= 0; i -= 1) {
    const entry = record.entries[i];
    if (entry?.type === "frozen") return entry.data as FrozenData;
  }
  return null;
}

/**
 * Checks each number against the frozen list: there with this receipt's tag (ok), absent (missing), or
 * there with another tag (other_tag: the list says it belongs to another purchase). With `findAll`, also
 * lists every number of the list that carries this receipt's tags.
 */
export async function checkOwnership(
  record: DrawRecord,
  receiptCode: string,
  numbers: readonly number[],
  { findAll = false }: { findAll?: boolean } = {},
): Promise<OwnershipResult> {
  const frozen = frozenListOf(record);
  if (!frozen) return { kind: "not_frozen" };
  const { ownerTag } = await import("@rifazo/shared/domain/owner-tag");
  const byNumber = new Map(frozen.tickets.map((t) => [t.number, t.tag]));
  const totalTickets = recordTotalTickets(record);
  const checks = await Promise.all(
    numbers.map(async (number): Promise<NumberCheck> => {
      const listed = byNumber.get(number);
      const display = formatTicketNumber(number, totalTickets);
      if (listed === undefined) return { number, display, status: "missing" };
      const tag = await ownerTag(receiptCode, record.raffleId, number);
      return { number, display, status: tag === listed ? "ok" : "other_tag" };
    }),
  );
  let tagged: number[] | null = null;
  if (findAll) {
    const tags = await Promise.all(
      frozen.tickets.map(async (t) => (await ownerTag(receiptCode, record.raffleId, t.number)) === t.tag),
    );
    tagged = frozen.tickets.filter((_, i) => tags[i]).map((t) => t.number);
  }
  return { kind: "checked", numbers: checks, tagged, totalTickets };
}
