import { useRefetchOnNotification } from "../../../lib/use-refetch-on-notification";
import { prizeKeys } from "../api";

const KEYS = [prizeKeys.all];

/**
 * Keeps the winner's prize pages current: the API tells the winner when the organiser reviews the claim,
 * records a delivery or resolves a dispute.
 */
export function useLivePrizes(): void {
  useRefetchOnNotification(KEYS);
}
