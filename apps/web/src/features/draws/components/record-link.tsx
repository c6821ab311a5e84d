import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { buttonClasses } from "../../../components/ui/button";
import { ShieldIcon } from "../../../components/ui/icons";
import { paths } from "../../../lib/paths";
import { recordQuery } from "../api";

const RECORD_STATUSES = new Set(["frozen", "finished"]);

/**
 * "Ver el acta del sorteo", shown from the moment the raffle's record exists. `available` is the
 * server's word (lifecycle.recordAvailable) when the page has it; without it the record itself is asked
 * for (404 = no record yet) and the answer is kept for the record page.
 */
export function RecordLink({
  raffleId,
  available,
  status,
  className,
}: {
  raffleId: string;
  available?: boolean | null | undefined;
  /**
   * The raffle's status, when the page has it: the server writes a record at the freeze, so while the
   * raffle is on sale the record is not asked for (it can be large: every ticket of the frozen list).
   */
  status?: string | undefined;
  className?: string;
}) {
  const known = typeof available === "boolean";
  const mayExist = status === undefined || RECORD_STATUSES.has(status);
  const query = useQuery({ ...recordQuery(raffleId), enabled: !known && mayExist });
  const exists = known ? available : Boolean(query.data);
  if (!exists) return null;
  return (
    <Link to={paths.drawRecord(raffleId)} className={className ?? buttonClasses({ variant: "outline" })}>
      <ShieldIcon /> Ver el acta del sorteo
    </Link>
  );
}
