// A server that draws with a local drand relay (decision 0012): the relay signs rounds of its own chain with
// its own BLS key (apps/api/test/drand-relay.ts), and the server is started with DRAND_CHAIN_INFO and
// DRAND_RELAYS pointing at it, so a spec can freeze a raffle, wait for its round and draw without network.
import { type DrandRelay, relayEnv, startDrandRelay } from "../../apps/api/test/drand-relay";
import { type RunningServer, type StartServerOptions, startServer } from "./server";

export interface ServerWithRelay {
  server: RunningServer;
  relay: DrandRelay;
  stop(): Promise<void>;
}

/**
 * Starts a relay (genesis one hour ago, 3-second rounds, like quicknet) and a server using it.
 * `roundDelayMinutes` is DRAW_ROUND_DELAY_MINUTES (0 names the first round at or after the freeze, so a
 * spec waits seconds rather than minutes).
 */
export async function startServerWithRelay(
  options: StartServerOptions & { roundDelayMinutes?: number } = {},
): Promise<ServerWithRelay> {
  const relay = await startDrandRelay();
  try {
    const server = await startServer({
      ...options,
      env: {
        ...relayEnv(relay),
        DRAW_ROUND_DELAY_MINUTES: String(options.roundDelayMinutes ?? 0),
        // The local relay is not a League of Entropy chain: production refuses it without this (config.ts).
        DRAND_ALLOW_UNKNOWN_CHAIN: "1",
        ...options.env,
      },
    });
    return {
      server,
      relay,
      async stop() {
        await server.stop();
        await relay.close();
      },
    };
  } catch (error) {
    await relay.close();
    throw error;
  }
}

/**
 * Keeps the server's draw job (every 15 s, draw-job.ts) from drawing the raffle by itself once its round is
 * out, so the draw page's button is still there to press: the relay refuses until the spec restores it
 * (relay.failWith(null)) once the button shows. Call it before the approval that freezes the raffle. The
 * drand fixture (fixtures.ts) lets the relay answer again after every test, whether it passed or not.
 */
export function holdRelay(relay: DrandRelay): void {
  relay.failWith(503);
}
