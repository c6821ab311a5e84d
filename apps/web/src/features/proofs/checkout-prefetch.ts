import type { PrefetchPage } from "../../lib/page-data";
import { fetchRenderedSessionUser, sessionQueryKey, sessionRenderedKey } from "../auth";
import { reservationKeys, reservationQuery } from "./api/reservations-api";
import { newIdempotencyKey } from "./idempotency-key";

/**
 * The payment page of a reservation, rendered on the server for its buyer (decision 0029): the session
 * (the cookie reaches the in-process API only for this page, apps/api/src/lib/web.ts), the reservation
 * and a fresh idempotency key for the proof form. An administrator may read any reservation through the
 * API; the page is rendered only with the buyer's own, so an administrator's is left to the browser.
 */
export const prefetchCheckout: PrefetchPage = async ({
  queryClient,
  params,
  searchParams,
  prefetchNextPage,
}) => {
  const reservationId = searchParams.get("reserva");
  if (!reservationId || !params.raffleId) return;
  const user = await fetchRenderedSessionUser(queryClient);
  if (!user) return;
  queryClient.setQueryData(sessionQueryKey, user);
  queryClient.setQueryData(sessionRenderedKey, true);
  if (user.role === "admin") return;
  // The full proof form replaces the browser's own once the page runs: its code is asked for at the
  // lowest priority, after what the page needs to run (features/proofs/lazy.ts).
  prefetchNextPage("ProofUploadForm");
  // The API answers only the buyer's own reservation (404 otherwise, left to the browser as loading).
  await queryClient.prefetchQuery(reservationQuery(reservationId));
  if (queryClient.getQueryData(reservationKeys.formKey(reservationId)) === undefined) {
    queryClient.setQueryData(reservationKeys.formKey(reservationId), newIdempotencyKey());
  }
};
