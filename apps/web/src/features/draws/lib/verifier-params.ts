import {
  VERIFIER_CHECKPOINT_PARAM,
  VERIFIER_NUMBERS_PARAM,
  VERIFIER_RAFFLE_PARAM,
} from "@rifazo/shared/domain/receipt";

// The verifier's state is its URL (/verificar-boleto?numero=0123): the form is a plain GET form, so it
// works before (or without) the page's code, and the server renders the answer (decision 0018).

/** The number to check, as the form's input is named. */
export const VERIFIER_NUMBER_PARAM = "numero";

/** Which page of the raffles holding the number (?pagina=2); a new number starts at the first. */
export const VERIFIER_PAGE_PARAM = "pagina";

/** The page the URL asks for: a whole number from 1, else 1. */
export function verifierPage(params: URLSearchParams): number {
  const page = Number(params.get(VERIFIER_PAGE_PARAM));
  return Number.isInteger(page) && page > 1 && page <= 10_000 ? page : 1;
}

/**
 * Parameters a check keeps from the receipt link that opened the page: its raffle, its numbers and its
 * record checkpoint (docs/draw-protocol.md §14).
 */
export const VERIFIER_KEPT_PARAMS = [
  VERIFIER_RAFFLE_PARAM,
  VERIFIER_NUMBERS_PARAM,
  VERIFIER_CHECKPOINT_PARAM,
] as const;

/** The verifier's query string for `number`, keeping the receipt's raffle and numbers. */
export function verifierSearch(params: URLSearchParams, number: string): string {
  const next = new URLSearchParams();
  for (const name of VERIFIER_KEPT_PARAMS) {
    const value = params.get(name);
    if (value) next.set(name, value);
  }
  next.set(VERIFIER_NUMBER_PARAM, number);
  return `?${next.toString()}`;
}
