import pg from "pg";

// PostgreSQL's LISTEN side of the Database (openPostgres in ./client): one dedicated connection for every
// channel, re-established when it is lost, with a round trip that tells when notifications are all in.

export type NotificationListener = (payload: string) => void;

export interface ListenOptions {
  /**
   * Called when the LISTEN connection was lost and a new one is about to subscribe again, with a promise
   * that settles once LISTEN is active (rejects if that attempt failed). Whatever committed while nobody
   * listened produced no notification here, so the subscriber reads it back from its table. Called before
   * LISTEN is sent, so the subscriber can queue that read ahead of the first new notification.
   */
  onResubscribe?: (listening: Promise<void>) => void;
}

/** application_name of the LISTEN connection. */
export const LISTENER_APPLICATION_NAME = "rifazo-listen";

/** How long a notification round trip may take before the caller treats the listener as unknown. */
const SYNC_TIMEOUT_MS = 1_000;

export class PgListener {
  private readonly listeners = new Map<string, Set<NotificationListener>>();
  private readonly resubscribers = new Set<NonNullable<ListenOptions["onResubscribe"]>>();
  private listenClient: pg.Client | undefined;
  private closed = false;
  private reconnectTimer: NodeJS.Timeout | undefined;
  /** Set once a LISTEN connection has been lost: every later connection is a re-subscription. */
  private lost = false;
  /** The newest LISTEN connection (or attempt); an older one's late 'end' must not start another. */
  private current: pg.Client | undefined;
  // A round trip on the LISTEN connection: PostgreSQL sends an idle listener's pending notifications
  // before ReadyForQuery, and a commit that returned before the round trip started has already queued
  // its notification for this connection, so they are all delivered (node-pg emits them while parsing,
  // before the query resolves). Callers arriving while one is in flight share the next one, which starts
  // after they arrived (the one in flight may have started before a commit they must see).
  private syncInFlight: Promise<boolean> | undefined;
  private syncNext: Promise<boolean> | undefined;

  constructor(private readonly url: string) {}

  async listen(
    channel: string,
    onPayload: NotificationListener,
    options?: ListenOptions,
  ): Promise<() => Promise<void>> {
    if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Canal inválido: ${channel}`);
    let set = this.listeners.get(channel);
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
      if (!this.listenClient) await this.connectListener();
      else await this.listenClient.query(`LISTEN "${channel}"`);
    }
    set.add(onPayload);
    const onResubscribe = options?.onResubscribe;
    if (onResubscribe) this.resubscribers.add(onResubscribe);
    return async () => {
      set.delete(onPayload);
      if (onResubscribe) this.resubscribers.delete(onResubscribe);
    };
  }

  syncNotifications(): Promise<boolean> {
    if (!this.syncInFlight) return this.syncRoundTrip();
    this.syncNext ??= this.syncInFlight.then(() => {
      this.syncNext = undefined;
      return this.syncRoundTrip();
    });
    return this.syncNext;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    // The newest connection, even one still subscribing (listenClient is set only once it listens).
    await this.current?.end().catch(() => {});
  }

  private async connectListener(): Promise<void> {
    // Named, so pg_stat_activity tells it apart from the pool (its last query is often the sync SELECT 1).
    const client = new pg.Client({ connectionString: this.url, application_name: LISTENER_APPLICATION_NAME });
    this.current = client;
    client.on("notification", (msg) => {
      for (const fn of this.listeners.get(msg.channel) ?? []) fn(msg.payload ?? "");
    });
    const onLost = () => {
      if (client === this.current) this.scheduleReconnect();
    };
    client.on("error", onLost);
    client.on("end", onLost);
    try {
      await client.connect();
      const listening = (async () => {
        for (const channel of this.listeners.keys()) await client.query(`LISTEN "${channel}"`);
      })();
      if (this.lost) {
        // Observed here so a failed attempt is not an unhandled rejection when nobody awaits it.
        listening.catch(() => {});
        for (const fn of [...this.resubscribers]) fn(listening);
      }
      await listening;
    } catch (error) {
      client.end().catch(() => {});
      throw error;
    }
    this.listenClient = client;
  }

  private syncRoundTrip(): Promise<boolean> {
    const client = this.listenClient;
    if (!client) return Promise.resolve(false);
    let timer: NodeJS.Timeout | undefined;
    const trip = Promise.race([
      client.query("SELECT 1").then(() => true),
      // A connection that died without a reset would leave the query hanging: give up quickly.
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), SYNC_TIMEOUT_MS);
      }),
    ])
      .catch(() => false)
      .finally(() => {
        clearTimeout(timer);
        if (this.syncInFlight === trip) this.syncInFlight = undefined;
      });
    this.syncInFlight = trip;
    return trip;
  }

  private scheduleReconnect(): void {
    if (this.closed || this.reconnectTimer) return;
    this.lost = true;
    this.listenClient = undefined;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      this.connectListener().catch(() => this.scheduleReconnect());
    }, 1_000);
    this.reconnectTimer.unref();
  }
}
