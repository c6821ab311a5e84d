import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { buttonClasses } from "../../../components/ui/button";
import { ShieldIcon } from "../../../components/ui/icons";
import { paths } from "../../../lib/paths";
import { recordQuery } from "../api";

/**
 * "Ver el acta del sorteo", shown from the moment the raffle's record exists. `available` is the
 * server's word (lifecycle.recordAvailable) when the page has it; without it the record itself is asked
 * for (404 = no record yet) and the answer is kept for the record page.
 */
export function RecordLink({
  raffleId,
  available,
  className,
}: {
  raffleId: string;
  available?: boolean | null | undefined;
  className?: string;
}) {
  const known = typeof available === "boolean";
  const query = useQuery({ ...recordQuery(raffleId), enabled: !known });
  const exists = known ? available : Boolean(query.data);
  if (!exists) return null;
  return (
    <Link to={paths.drawRecord(raffleId)} className={className ?? buttonClasses({ variant: "outline" })}>
      <ShieldIcon /> Ver el acta del sorteo
    </Link>
  );
}
