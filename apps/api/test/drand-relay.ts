// A local drand-compatible relay for tests and e2e (decision 0012): it serves a chain of its own, signed with
// its own BLS key exactly as quicknet signs (bls-unchained-g1-rfc9380), so the draw code and the verifier
// run unchanged against rounds that did not exist when quicknet.json was recorded. Like a real relay it
// refuses a round whose time has not come. No network: node:http on 127.0.0.1.
import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { bls12_381 } from "@noble/curves/bls12-381.js";
import { bytesToHex } from "@noble/curves/utils.js";
import { sha256 } from "@noble/hashes/sha2.js";

/** The hash-to-curve tag quicknet signs with (signatures on G1). */
export const QUICKNET_DST = "BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_";

export interface RelayChainInfo {
  public_key: string;
  period: number;
  genesis_time: number;
  hash: string;
  groupHash: string;
  schemeID: "bls-unchained-g1-rfc9380";
  metadata: { beaconID: string };
}

export interface RelayBeacon {
  round: number;
  randomness: string;
  signature: string;
}

export interface TestDrandChain {
  info: RelayChainInfo;
  secretKey: Uint8Array;
  /** Round r's beacon (signed whether or not its time has come: tests may need a future one to attack). */
  beacon(round: number): RelayBeacon;
  /** Unix seconds at which round r is published. */
  roundTime(round: number): number;
  /** The latest round published at `nowMs`. */
  latestRound(nowMs?: number): number;
}

function roundMessage(round: number): Uint8Array {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, BigInt(round));
  return sha256(bytes);
}

/**
 * A chain with its own key. `genesisTime` (unix seconds) defaults to one hour ago, `period` to 3 seconds
 * as quicknet; `secretKey` (32 bytes hex) makes the chain reproducible (the e2e server and the test share it).
 */
export function createTestChain(
  options: { genesisTime?: number; period?: number; secretKey?: string; beaconID?: string } = {},
): TestDrandChain {
  const shortSigs = bls12_381.shortSignatures;
  const secretKey = options.secretKey
    ? Uint8Array.from(Buffer.from(options.secretKey, "hex"))
    : bls12_381.utils.randomSecretKey(randomBytes(48));
  const publicKey = bytesToHex(shortSigs.getPublicKey(secretKey).toBytes());
  const period = options.period ?? 3;
  const genesisTime = options.genesisTime ?? Math.floor(Date.now() / 1000) - 3600;
  const beaconID = options.beaconID ?? "rifazo-test";
  const hash = createHash("sha256").update(`${publicKey}:${period}:${genesisTime}:${beaconID}`).digest("hex");
  const info: RelayChainInfo = {
    public_key: publicKey,
    period,
    genesis_time: genesisTime,
    hash,
    groupHash: createHash("sha256").update(`group:${hash}`).digest("hex"),
    schemeID: "bls-unchained-g1-rfc9380",
    metadata: { beaconID },
  };
  return {
    info,
    secretKey,
    beacon(round) {
      if (!Number.isInteger(round) || round < 1) throw new Error(`ronda inválida: ${round}`);
      const point = shortSigs.sign(shortSigs.hash(roundMessage(round), QUICKNET_DST), secretKey);
      const signatureBytes = point.toBytes();
      return {
        round,
        randomness: bytesToHex(sha256(signatureBytes)),
        signature: bytesToHex(signatureBytes),
      };
    },
    roundTime(round) {
      return genesisTime + (round - 1) * period;
    },
    latestRound(nowMs = Date.now()) {
      const elapsed = Math.floor(nowMs / 1000) - genesisTime;
      return elapsed < 0 ? 0 : Math.floor(elapsed / period) + 1;
    },
  };
}

export interface DrandRelay {
  chain: TestDrandChain;
  url: string;
  /** Requests served, by path (tests check what the client asked for). */
  requests: string[];
  /** Make the relay fail (status) or hang (ms) for the next requests; null restores it. */
  failWith(status: number | null): void;
  hangFor(ms: number | null): void;
  /** The clock the relay uses to refuse future rounds (defaults to Date.now). */
  setNow(now: (() => number) | null): void;
  close(): Promise<void>;
}

/**
 * Serves `GET /info`, `/public/latest`, `/public/{round}` and the same under `/{chainhash}/` (quicknet's
 * form). A future round gets 425 like drand's relays ("too early"), an unknown chain hash 404.
 */
export async function startDrandRelay(
  options: { chain?: TestDrandChain; port?: number; genesisTime?: number; secretKey?: string } = {},
): Promise<DrandRelay> {
  const chain =
    options.chain ??
    createTestChain({
      ...(options.genesisTime !== undefined ? { genesisTime: options.genesisTime } : {}),
      ...(options.secretKey !== undefined ? { secretKey: options.secretKey } : {}),
    });
  const requests: string[] = [];
  let failStatus: number | null = null;
  let hangMs: number | null = null;
  let now: () => number = () => Date.now();

  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" });
    res.end(JSON.stringify(body));
  };

  const server = http.createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    requests.push(path);
    const answer = () => {
      if (failStatus !== null) return send(res, failStatus, { error: "relay failure (test)" });
      if (req.method !== "GET") return send(res, 405, { error: "method not allowed" });
      let parts = path.split("/").filter(Boolean);
      if (parts.length > 0 && /^[0-9a-f]{64}$/.test(parts[0] ?? "")) {
        if (parts[0] !== chain.info.hash) return send(res, 404, { error: "unknown chain" });
        parts = parts.slice(1);
      }
      if (parts.length === 1 && parts[0] === "info") return send(res, 200, chain.info);
      if (parts.length === 2 && parts[0] === "public") {
        const latest = chain.latestRound(now());
        const round = parts[1] === "latest" ? latest : Number(parts[1]);
        if (!Number.isInteger(round) || round < 1) return send(res, 400, { error: "invalid round" });
        if (round > latest) return send(res, 425, { error: "round not yet available" });
        return send(res, 200, chain.beacon(round));
      }
      return send(res, 404, { error: "not found" });
    };
    if (hangMs !== null) setTimeout(answer, hangMs);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    chain,
    url: `http://127.0.0.1:${port}`,
    requests,
    failWith(status) {
      failStatus = status;
    },
    hangFor(ms) {
      hangMs = ms;
    },
    setNow(fn) {
      now = fn ?? (() => Date.now());
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The environment a server needs to use this relay (DRAND_CHAIN_INFO, DRAND_RELAYS). */
export function relayEnv(relay: DrandRelay): { DRAND_CHAIN_INFO: string; DRAND_RELAYS: string } {
  return { DRAND_CHAIN_INFO: JSON.stringify(relay.chain.info), DRAND_RELAYS: relay.url };
}
