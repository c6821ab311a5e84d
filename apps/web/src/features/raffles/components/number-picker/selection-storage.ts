/** The selection survives a sign-in round trip (the login page sends the buyer back here). */
const storageKey = (raffleId: string) => `rifazo:numeros:${raffleId}`;

export function readStoredSelection(raffleId: string): number[] {
  try {
    const raw = sessionStorage.getItem(storageKey(raffleId));
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? parsed.filter((n): n is number => Number.isInteger(n)) : [];
  } catch {
    return [];
  }
}

export function storeSelection(raffleId: string, numbers: readonly number[]): void {
  try {
    if (numbers.length) sessionStorage.setItem(storageKey(raffleId), JSON.stringify(numbers));
    else sessionStorage.removeItem(storageKey(raffleId));
  } catch {
    // Private mode without storage: the selection just does not survive a sign-in.
  }
}
