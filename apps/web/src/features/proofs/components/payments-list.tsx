import { purchaseDisplayState } from "@rifazo/shared/domain/purchase-state";
import { GENERAL_PROOF_LABEL, PROOF_MESSAGES } from "@rifazo/shared/schemas/proofs";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Button, buttonClasses } from "../../../components/ui/button";
import { Card, CardContent } from "../../../components/ui/card";
import { TicketIcon, UploadIcon } from "../../../components/ui/icons";
import { QueryErrorAlert } from "../../../components/ui/query-error-alert";
import { SearchField } from "../../../components/ui/search-field";
import { Skeleton } from "../../../components/ui/skeleton";
import { formatDateTime, formatMoney, sentence } from "../../../lib/format";
import { paths } from "../../../lib/paths";
import { useDebouncedValue } from "../../../lib/use-debounced-value";
import { useOnline } from "../../../lib/use-online";
import { myProofsQuery, type PaymentProof } from "../api/proofs-api";
import { useLivePayments } from "../hooks/use-live-payments";
import { useOfflineSnapshot } from "../hooks/use-offline-snapshot";
import { clampPage, HELD_PREVIEW_SIZE, heldNumbersNote, ticketPreview, ticketsLabel } from "../payments";
import { ActiveReservations } from "./active-reservations";
import { InstantOutcomeNotice } from "./instant-outcome";
import { PaymentDetailDialog } from "./payment-detail-dialog";
import { ProofStatusBadge } from "./proof-status-badge";
import { RefundNotice } from "./refund-notice";
import { RefundPayout } from "./refund-payout";

/** The first numbers as chips (struck through when void), then "y N más" for the rest. */
function NumberChips({
  numbers,
  limit,
  as: Chip = "span",
  className,
}: {
  numbers: string[];
  limit?: number;
  as?: "span" | "del";
  className: string;
}) {
  const { shown, hidden } = ticketPreview(numbers, limit);
  return (
    <>
      {shown.map((number) => (
        <Chip key={number} className={className}>
          {number}
        </Chip>
      ))}
      {hidden > 0 ? <span className="font-bold text-muted">y {hidden} más</span> : null}
    </>
  );
}

function TicketChips({ numbers, voided }: { numbers: string[]; voided: boolean }) {
  return (
    <p className="flex flex-wrap items-center gap-1.5 text-sm">
      <span className="font-semibold text-muted">{voided ? "Boletos anulados:" : "Boletos:"}</span>
      <NumberChips
        numbers={numbers}
        as={voided ? "del" : "span"}
        className={
          voided
            ? "rounded-md bg-canvas px-2 py-0.5 font-mono font-bold text-muted"
            : "rounded-md bg-brand-50 px-2 py-0.5 font-mono font-bold text-brand-800"
        }
      />
    </p>
  );
}

/**
 * Chosen numbers held for a purchase under review (or rejected and waiting for a new proof): shown as
 * "apartados", outlined and dashed, since they become the buyer's only at approval (decision 0014).
 */
export function HeldNumbers({ numbers, note }: { numbers: string[]; note: string }) {
  return (
    <div className="space-y-1 text-sm">
      <p className="flex flex-wrap items-center gap-1.5">
        <span className="font-semibold text-muted">Números apartados:</span>
        <NumberChips
          numbers={numbers}
          limit={HELD_PREVIEW_SIZE}
          className="rounded-md border border-dashed border-brand-600 px-2 py-0.5 font-mono font-bold text-brand-800"
        />
      </p>
      <p className="text-xs text-muted">{note}</p>
    </div>
  );
}

function PaymentItem({ proof, onOpen }: { proof: PaymentProof; onOpen: () => void }) {
  const title = proof.raffleTitle ?? GENERAL_PROOF_LABEL;
  // The receipt's private link, sent once the payment is approved.
  const receiptToken = proof.receiptToken;
  // A refunded purchase no longer plays: its tickets are void and its receipt says so (decision 0016).
  const state = purchaseDisplayState({ proofStatus: proof.status, refund: proof.refund });
  return (
    <li>
      <Card>
        <CardContent className="space-y-3 p-4! sm:p-5!">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0">
              <h2 className="text-base font-bold text-ink">{title}</h2>
              <p className="text-xs text-muted">{formatDateTime(proof.createdAt)}</p>
            </div>
            <ProofStatusBadge status={proof.status} refund={proof.refund} abono={proof.abono} />
          </div>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
            <div>
              <dt className="text-xs text-muted">Monto</dt>
              <dd className="font-semibold text-ink">{formatMoney(proof.amount, proof.currency)}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted">Método</dt>
              <dd className="font-semibold text-ink">{proof.paymentMethodLabel}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted">Cantidad</dt>
              <dd className="font-semibold text-ink">{ticketsLabel(proof.quantityOfTickets)}</dd>
            </div>
            <div className="min-w-0">
              <dt className="text-xs text-muted">Referencia</dt>
              <dd className="truncate font-mono font-semibold text-ink">{proof.transactionRef}</dd>
            </div>
          </dl>
          {proof.status === "rejected" && proof.adminNotes ? (
            <p className="rounded-control border border-danger-600/30 bg-danger-50 px-3 py-2 text-sm text-danger-700">
              <span className="font-bold">Motivo del rechazo: </span>
              {proof.adminNotes}
            </p>
          ) : null}
          {proof.ticketNumbers.length > 0 ? (
            <TicketChips numbers={proof.ticketNumbers} voided={state.refunded} />
          ) : proof.heldNumbers.length > 0 ? (
            <HeldNumbers numbers={proof.heldNumbers} note={heldNumbersNote(proof)} />
          ) : proof.status === "pending" && proof.raffleId ? (
            <p className="text-sm text-muted">Tus números se asignan al aprobar el pago.</p>
          ) : null}
          {/* Decision 0035: the purchase's instant draw, waiting on its round or decided. */}
          <InstantOutcomeNotice instant={proof.instant} />
          {proof.refund ? <RefundNotice refund={proof.refund} /> : null}
          {proof.refund ? <RefundPayout refund={proof.refund} /> : null}
          <div className="flex flex-wrap justify-end gap-2">
            {receiptToken ? (
              <Link
                to={paths.receipt(receiptToken)}
                className={buttonClasses({ variant: "secondary", size: "sm" })}
                aria-label={`${state.refunded ? "Ver recibo anulado" : "Ver recibo"}: ${title}`}
              >
                {state.refunded ? "Ver recibo anulado" : "Ver recibo"}
              </Link>
            ) : null}
            <Button
              variant="outline"
              size="sm"
              onClick={onOpen}
              aria-label={`Ver detalle del pago: ${title}`}
            >
              Ver Detalle
            </Button>
          </div>
        </CardContent>
      </Card>
    </li>
  );
}

/**
 * The list shown is not the server's current one (offline, or the refresh failed): say from when it is.
 * Offline it comes from the last sync kept on this device (decision 0017).
 */
function SyncedAtNotice({ syncedAt, offline }: { syncedAt: number; offline: boolean }) {
  return (
    <Alert variant="warning" title={offline ? "Sin conexión" : PROOF_MESSAGES.listError}>
      <p>{sentence(`Sincronizado el ${formatDateTime(syncedAt)}`)}</p>
      {offline ? (
        <p>
          Estos son tus boletos y pagos de la última sincronización en este dispositivo. Se actualizarán
          cuando vuelvas a tener conexión.
        </p>
      ) : null}
    </Alert>
  );
}

/** While the first page loads: three payment-sized placeholders. */
function ListLoading() {
  return (
    <ul className="space-y-3" aria-hidden="true">
      {[0, 1, 2].map((i) => (
        <li key={i}>
          <Skeleton className="h-40 w-full rounded-card" />
        </li>
      ))}
    </ul>
  );
}

/** No payments: none yet (with the way to the raffles), or none matching the search. */
function NoPayments({ searching }: { searching: boolean }) {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-4 py-10! text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-brand-100 text-2xl text-brand-700">
          <TicketIcon />
        </span>
        <p className="max-w-sm text-muted">
          {searching ? "No encontramos pagos que coincidan con tu búsqueda." : PROOF_MESSAGES.listEmpty}
        </p>
        {searching ? null : (
          <Link to={paths.raffles} className={buttonClasses()}>
            Ver Rifas
          </Link>
        )}
      </CardContent>
    </Card>
  );
}

/** "Anterior" and "Siguiente" around the page number; both wait while a page loads. */
function PagesNav({
  page,
  pageCount,
  busy,
  onGo,
}: {
  page: number;
  pageCount: number;
  busy: boolean;
  onGo: (page: number) => void;
}) {
  return (
    <nav aria-label="Páginas de pagos" className="flex items-center justify-between gap-3 pt-2">
      <Button variant="outline" size="sm" onClick={() => onGo(page - 1)} disabled={page <= 1 || busy}>
        Anterior
      </Button>
      <p className="text-sm text-muted" aria-live="polite">
        Página {page} de {pageCount}
      </p>
      <Button variant="outline" size="sm" onClick={() => onGo(page + 1)} disabled={page >= pageCount || busy}>
        Siguiente
      </Button>
    </nav>
  );
}

/** The search (debounced) and the page, kept in the address as ?q= and ?pagina=. */
function usePaymentsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const [search, setSearch] = useState(searchParams.get("q") ?? "");
  const q = useDebouncedValue(search.trim(), 300);
  const page = q === (searchParams.get("q") ?? "") ? clampPage(searchParams.get("pagina")) : 1;

  const goTo = (next: number, nextQ = q) => {
    setSearchParams(
      (params) => {
        if (nextQ) params.set("q", nextQ);
        else params.delete("q");
        if (next > 1) params.set("pagina", String(next));
        else params.delete("pagina");
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  const onSearch = (value: string) => {
    setSearch(value);
    goTo(1, value.trim());
  };

  return { search, q, page, goTo, onSearch };
}

/** Mis Pagos: search, pages of 5 (kept in the address, so Back returns to the same page) and details. */
export function PaymentsList() {
  const { search, q, page, goTo, onSearch } = usePaymentsPage();
  const query = useQuery(myProofsQuery(q, page));
  // Approvals, rejections and expiries arrive as notifications: the lists follow them live.
  useLivePayments();
  const online = useOnline();
  const firstPage = q === "" && page === 1 && query.isSuccess && !query.isPlaceholderData;
  useOfflineSnapshot(firstPage ? query.dataUpdatedAt : undefined);
  const [selected, setSelected] = useState<PaymentProof | null>(null);

  const data = query.data;
  // The open payment as the list has it now: a refresh (the instant draw decided) updates the dialog too.
  const shown = selected ? (data?.items.find((p) => p.id === selected.id) ?? selected) : null;
  let body: React.ReactNode;
  if (query.isPending) {
    body = <ListLoading />;
  } else if (query.isError && !data) {
    body = <QueryErrorAlert query={query}>{PROOF_MESSAGES.listError}</QueryErrorAlert>;
  } else if (!data || data.items.length === 0) {
    body = <NoPayments searching={Boolean(q)} />;
  } else {
    body = (
      <>
        <ul className="space-y-3" aria-busy={query.isPlaceholderData || undefined}>
          {data.items.map((proof) => (
            <PaymentItem key={proof.id} proof={proof} onOpen={() => setSelected(proof)} />
          ))}
        </ul>
        {data.pageCount > 1 ? (
          <PagesNav page={data.page} pageCount={data.pageCount} busy={query.isPlaceholderData} onGo={goTo} />
        ) : null}
      </>
    );
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <SearchField
          label="Buscar pagos"
          placeholder="Buscar por rifa o referencia"
          value={search}
          onChange={onSearch}
        />
        <Link to={paths.proofUpload()} className={buttonClasses({ variant: "secondary", size: "sm" })}>
          <UploadIcon />
          Subir Comprobante
        </Link>
      </div>
      <ActiveReservations />
      {data && !query.isPlaceholderData && (!online || query.isError) ? (
        <SyncedAtNotice syncedAt={query.dataUpdatedAt} offline={!online} />
      ) : null}
      {body}
      <PaymentDetailDialog proof={shown} onClose={() => setSelected(null)} />
    </div>
  );
}
