// Fetches a drand round from the configured relays (DRAND_RELAYS). Nothing here is trusted: whatever a
// relay answers is verified against the chain named in the record (verifyBeacon) before it decides
// anything, so a lying relay can only make the draw wait, never change its result.

/**
 * Reachability of each relay as this process last saw it (GET /api/health reports it): every answer a
 * relay gives to a draw or to the periodic probe counts as reachable (even "round not out yet"); a
 * timeout or a network error does not. Kept in memory: health reads it and never goes to the network.
 */
export interface RelayStatus {
  url: string;
  lastOkAt: string | null;
  lastErrorAt: string | null;
  lastError: string | null;
}

const relayStatus = new Map<string, RelayStatus>();

function statusOf(base: string): RelayStatus {
  let status = relayStatus.get(base);
  if (!status) {
    status = { url: base, lastOkAt: null, lastErrorAt: null, lastError: null };
    relayStatus.set(base, status);
  }
  return status;
}

export function noteRelayAnswered(relay: string, at = new Date()): void {
  statusOf(relay.replace(/\/+$/, "")).lastOkAt = at.toISOString();
}

export function noteRelayFailed(relay: string, error: string, at = new Date()): void {
  const status = statusOf(relay.replace(/\/+$/, ""));
  status.lastErrorAt = at.toISOString();
  status.lastError = error.slice(0, 200);
}

/** The configured relays, in order, with what this process last saw of each. */
export function relayStatuses(relays: string[]): RelayStatus[] {
  return relays.map((relay) => ({ ...statusOf(relay.replace(/\/+$/, "")) }));
}

/**
 * Asks each relay for its chain's info (a small, cacheable answer) to keep the reachability above fresh
 * between draws; the draw job calls it every few minutes, never per health request.
 */
export async function probeRelays(
  relays: string[],
  chainHash: string,
  options: { timeoutMs?: number; fetchImpl?: typeof fetch } = {},
): Promise<void> {
  const doFetch = options.fetchImpl ?? fetch;
  await Promise.all(
    relays.map(async (relay) => {
      const base = relay.replace(/\/+$/, "");
      try {
        const response = await doFetch(`${base}/${chainHash}/info`, {
          signal: AbortSignal.timeout(options.timeoutMs ?? 5_000),
          headers: { accept: "application/json" },
        });
        await response.body?.cancel();
        // Any HTTP answer means the relay is reachable; a 404 may be a single-chain relay (no /{hash}/).
        if (response.status < 500) noteRelayAnswered(base);
        else noteRelayFailed(base, `HTTP ${response.status}`);
      } catch (error) {
        noteRelayFailed(base, error instanceof Error ? error.message : String(error));
      }
    }),
  );
}

export interface RelayBeacon {
  round: number;
  signature: string;
  randomness?: string;
}

export interface RelayFetchOptions {
  relays: string[];
  chainHash: string;
  round: number;
  /** Per-request timeout (ms). */
  timeoutMs?: number;
  /** Passes over the whole relay list before giving up. */
  attempts?: number;
  /** Pause between passes (ms). */
  retryDelayMs?: number;
  fetchImpl?: typeof fetch;
  /**
   * Checks an answer before it is taken (the caller verifies the BLS signature against the record's
   * chain): a relay serving another chain under /public/{round}, or lying, is skipped for the next one.
   */
  accept?: (beacon: RelayBeacon) => Promise<boolean>;
}

export type RelayFetchResult =
  | { ok: true; beacon: RelayBeacon; relay: string }
  | { ok: false; tooEarly: boolean; errors: string[] };

function parseBeacon(body: unknown, round: number): RelayBeacon | null {
  if (typeof body !== "object" || body === null) return null;
  const value = body as Record<string, unknown>;
  if (value.round !== round || typeof value.signature !== "string") return null;
  if (!/^[0-9a-fA-F]+$/.test(value.signature)) return null;
  return {
    round,
    signature: value.signature.toLowerCase(),
    ...(typeof value.randomness === "string" ? { randomness: value.randomness.toLowerCase() } : {}),
  };
}

/**
 * Asks each relay for `/{chainhash}/public/{round}` (quicknet's form) and, when that path is unknown
 * (404), `/public/{round}` (relays serving a single chain). Stops at the first well-formed answer for
 * that very round. `tooEarly` is true when every relay that answered said the round is not out yet.
 */
export async function fetchRound(options: RelayFetchOptions): Promise<RelayFetchResult> {
  const doFetch = options.fetchImpl ?? fetch;
  const timeoutMs = options.timeoutMs ?? 5_000;
  const attempts = Math.max(1, options.attempts ?? 2);
  const errors: string[] = [];
  let answered = 0;
  let early = 0;
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, options.retryDelayMs ?? 1_000));
    for (const relay of options.relays) {
      const base = relay.replace(/\/+$/, "");
      for (const path of [`/${options.chainHash}/public/${options.round}`, `/public/${options.round}`]) {
        try {
          const response = await doFetch(`${base}${path}`, {
            signal: AbortSignal.timeout(timeoutMs),
            headers: { accept: "application/json" },
          });
          if (response.status < 500) noteRelayAnswered(base);
          else noteRelayFailed(base, `HTTP ${response.status}`);
          if (response.status === 404 && path.startsWith(`/${options.chainHash}`)) {
            await response.body?.cancel();
            continue; // try the single-chain form
          }
          answered += 1;
          if (response.status === 425 || response.status === 404) {
            // drand relays answer a future round with 425 (or 404 on older versions).
            early += 1;
            await response.body?.cancel();
            errors.push(`${base}${path}: ${response.status}`);
            break;
          }
          if (!response.ok) {
            await response.body?.cancel();
            errors.push(`${base}${path}: ${response.status}`);
            break;
          }
          const beacon = parseBeacon(await response.json(), options.round);
          if (beacon && (!options.accept || (await options.accept(beacon))))
            return { ok: true, beacon, relay: base };
          errors.push(
            `${base}${path}: ${beacon ? "beacon que no verifica contra la cadena del acta" : "respuesta sin la ronda pedida"}`,
          );
          if (beacon && path.startsWith(`/${options.chainHash}`)) continue; // maybe /public/{round} is right
          break;
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          noteRelayFailed(base, message);
          errors.push(`${base}${path}: ${message}`);
          break;
        }
      }
    }
  }
  return { ok: false, tooEarly: answered > 0 && early === answered, errors };
}
