// What the app says when something needs the network and there is none: the action or the data, and
// that the buyer can try again (decision 0017).

export const OFFLINE_TITLE = "Sin conexión";

/** An action (reserve, upload, favourite...) that could not reach the server; `action` is an infinitive. */
export function offlineActionMessage(action: string): string {
  return `Sin conexión: no se pudo ${action}. Revisa tu conexión e inténtalo de nuevo.`;
}

/** Data that could not load: it loads again by itself once the network is back (refetchOnReconnect). */
export function offlineLoadMessage(what: string): string {
  return `Sin conexión: no se pudo cargar ${what}. Se cargará al volver la conexión, o reintenta.`;
}
