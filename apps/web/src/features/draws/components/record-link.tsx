import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { buttonClasses } from "../../../components/ui/button";
import { ShieldIcon } from "../../../components/ui/icons";
import { paths } from "../../../lib/paths";
import { drawsQuery, recordQuery } from "../api";

/**
 * The server's word on whether a raffle has a record (lifecycle.recordAvailable), when its payload
 * carries one: read structurally so a page passes its raffle as it is, before and after that field exists.
 */
export function recordAvailableOf(raffle: object): boolean | undefined {
  const lifecycle = (raffle as { lifecycle?: { recordAvailable?: unknown } | null }).lifecycle;
  return typeof lifecycle?.recordAvailable === "boolean" ? lifecycle.recordAvailable : undefined;
}

/**
 * Whether the raffle has a record, from what the server says without a 404: lifecycle.recordAvailable
 * when given; else a frozen raffle has one (the freeze writes it), and a finished one has one when the
 * published list of draws links it (a v1 draw has none).
 */
export function useRecordExists(
  raffleId: string,
  status: string,
  available: boolean | undefined = undefined,
): boolean {
  const known = available !== undefined;
  const frozen = useQuery({ ...recordQuery(raffleId), enabled: !known && status === "frozen" });
  const draws = useQuery({ ...drawsQuery, enabled: !known && status === "finished" });
  if (known) return available;
  if (status === "frozen") return Boolean(frozen.data);
  if (status === "finished") return Boolean(draws.data?.some((d) => d.raffleId === raffleId && d.recordUrl));
  return false;
}

/** What a draw-page section that reads the raffle's record is given: the raffle, and whether to read now. */
export interface RaffleRecordProps {
  raffle: { id: string; status: string };
  enabled: boolean;
}

/**
 * The raffle's public record, read only when the raffle has one (an announced or v1 raffle has none:
 * asking would be a 404).
 */
export function useRaffleRecord({ raffle, enabled }: RaffleRecordProps) {
  const exists = useRecordExists(raffle.id, raffle.status, recordAvailableOf(raffle));
  return useQuery({ ...recordQuery(raffle.id), enabled: enabled && exists });
}

/** "Ver el acta del sorteo", shown from the moment the raffle's record exists. */
export function RecordLink({
  raffle,
  className,
}: {
  raffle: { id: string; status: string };
  className?: string;
}) {
  const exists = useRecordExists(raffle.id, raffle.status, recordAvailableOf(raffle));
  if (!exists) return null;
  return (
    <Link to={paths.drawRecord(raffle.id)} className={className ?? buttonClasses({ variant: "outline" })}>
      <ShieldIcon /> Ver el acta del sorteo
    </Link>
  );
}
