import { PROFILE_MESSAGES } from "@rifazo/shared/schemas/profile";
import { useQuery } from "@tanstack/react-query";
import { ClockIcon } from "../../../components/ui/icons";
import { QueryErrorAlert } from "../../../components/ui/query-error-alert";
import { Spinner } from "../../../components/ui/spinner";
import { formatDateTime, toDate } from "../../../lib/format";
import { loginActivityQuery } from "../../profile";

/** The three latest sign-ins (spec 1 §2 Seguridad, §8 lists): date, device and IP. */
export function LoginActivityList() {
  const query = useQuery(loginActivityQuery);

  if (query.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted">
        <Spinner label={null} /> Cargando...
      </p>
    );
  }
  if (query.isError) {
    return <QueryErrorAlert query={query}>{PROFILE_MESSAGES.loginActivityError}</QueryErrorAlert>;
  }
  const items = query.data.items;
  if (items.length === 0) return <p className="text-sm text-muted">{PROFILE_MESSAGES.loginActivityEmpty}</p>;
  return (
    <ul className="divide-y divide-line">
      {items.map((entry) => (
        <li key={entry.id} className="flex gap-3 py-3 first:pt-0 last:pb-0">
          <span className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <ClockIcon />
          </span>
          <dl className="grid min-w-0 flex-1 grid-cols-[5.75rem_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-sm">
            <dt className="font-semibold text-muted">Fecha</dt>
            <dd className="text-ink">
              {toDate(entry.loginTime) ? (
                <time dateTime={entry.loginTime}>{formatDateTime(entry.loginTime)}</time>
              ) : (
                PROFILE_MESSAGES.unknownDate
              )}
            </dd>
            <dt className="font-semibold text-muted">Dispositivo</dt>
            <dd className="break-words text-ink">{entry.device || PROFILE_MESSAGES.notAvailable}</dd>
            <dt className="font-semibold text-muted">IP</dt>
            <dd className="font-mono text-ink">{entry.ipAddress || PROFILE_MESSAGES.notAvailable}</dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}
