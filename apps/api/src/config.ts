import path from "node:path";
import { assertSupportedChain, type DrandChainInfo, QUICKNET } from "@rifazo/shared/domain/drand";
import { isKnownLeagueOfEntropyChain } from "@rifazo/shared/domain/draw-trust";

// Every environment variable the server reads, in one place (the README lists the same).
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  supportEmail: string | undefined;
  seedDemo: boolean;
  authSecret: string | undefined;
  trustProxy: boolean | string;
  webDist: string | undefined;
  /** How long a server-rendered page may be reused (until the next raffle event in any case); 0 = never. */
  pageCacheSeconds: number;
  /** Caps on open realtime streams (SSE_MAX_STREAMS, SSE_MAX_STREAMS_PER_CLIENT, SSE_MAX_STREAMS_PER_USER). */
  streamLimits: StreamLimits;
  logLevel: string;
  nodeEnv: string;
  /** Swagger UI at /api/docs; /api/openapi.json is always served. */
  apiDocs: boolean;
  /** S3-compatible bucket for uploaded files; unset keeps them in DATA_DIR/files. */
  s3Bucket: string | undefined;
  /** Endpoint of a non-AWS service (MinIO, Cloudflare R2, ...); unset means AWS S3. */
  s3Endpoint: string | undefined;
  s3Region: string;
  /** Both unset: the AWS SDK's default chain (AWS_* variables, instance or task role). */
  s3AccessKeyId: string | undefined;
  s3SecretAccessKey: string | undefined;
  s3ForcePathStyle: boolean;
  /** drand chain whose rounds decide internal draws (DRAND_CHAIN_INFO, JSON); unset = League of Entropy quicknet. */
  drandChainInfo: DrandChainInfo;
  /** Relays the draw job asks for a round, in order (DRAND_RELAYS, comma-separated); unset = quicknet's. */
  drandRelays: string[];
  /** The freeze names the first round at least this many minutes later (DRAW_ROUND_DELAY_MINUTES, default 2). */
  drawRoundDelayMinutes: number;
  /**
   * DRAND_ALLOW_UNKNOWN_CHAIN=1: a production server may draw with a chain that is not the League of
   * Entropy's (a test or demonstration chain, whose operator can predict its rounds). Off by default;
   * the start logs it as an error and every page with such a draw says so (decision 0012).
   */
  drandAllowUnknownChain: boolean;
  /**
   * Proof analysis worker (perceptual hash + OCR of each uploaded proof, decision 0015): PROOF_ANALYSIS,
   * on unless "off"/"0"/"false". Test apps turn it off unless a test asks for it.
   */
  proofAnalysis: boolean;
  /** Receipts read at the same time (OCR_CONCURRENCY, 1–4, default 1): each reader holds ~100 MB. */
  ocrConcurrency: number;
  /**
   * AVIF copies of the prize images' variants, encoded in the background (IMAGE_AVIF, on unless
   * "off"/"0"/"false"; off in test apps): about half the bytes of the WebP ones for browsers that accept it.
   */
  imageAvif: boolean;
}

/** DRAND_CHAIN_INFO is the JSON a relay's /info returns; a malformed one stops the server with the reason. */
export function parseChainInfo(text: string | undefined): DrandChainInfo {
  if (!text || text.trim() === "") return QUICKNET.info;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error(
      "DRAND_CHAIN_INFO no es JSON válido (debe ser la respuesta de /info de la cadena drand).",
    );
  }
  const info = value as Partial<DrandChainInfo>;
  if (
    typeof info !== "object" ||
    info === null ||
    typeof info.public_key !== "string" ||
    typeof info.hash !== "string" ||
    typeof info.schemeID !== "string" ||
    !Number.isInteger(info.period) ||
    !Number.isInteger(info.genesis_time)
  ) {
    throw new Error("DRAND_CHAIN_INFO debe tener public_key, period, genesis_time, hash y schemeID.");
  }
  // Only the fields the record's schema knows: anything else would be hashed into the record but left
  // out of GET /api/raffles/:id/record, and the served record would not verify.
  const chain: DrandChainInfo = {
    public_key: info.public_key.toLowerCase(),
    period: info.period as number,
    genesis_time: info.genesis_time as number,
    hash: info.hash.toLowerCase(),
    schemeID: info.schemeID,
    ...(typeof info.groupHash === "string" ? { groupHash: info.groupHash } : {}),
    ...(typeof info.metadata?.beaconID === "string"
      ? { metadata: { beaconID: info.metadata.beaconID } }
      : {}),
  };
  try {
    assertSupportedChain(chain);
  } catch (error) {
    throw new Error(
      `DRAND_CHAIN_INFO no es una cadena admitida: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return chain;
}

function relayList(text: string | undefined): string[] {
  const list = (text ?? "")
    .split(",")
    .map((url) => url.trim().replace(/\/$/, ""))
    .filter(Boolean);
  return list.length > 0 ? list : [...QUICKNET.relays];
}

function delayMinutes(text: string | undefined): number {
  if (text === undefined || text.trim() === "") return 2;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0 || value > 24 * 60) {
    throw new Error("DRAW_ROUND_DELAY_MINUTES debe ser un número entero de minutos entre 0 y 1440.");
  }
  return value;
}

/**
 * The least DRAW_ROUND_DELAY_MINUTES a production server accepts with a League of Entropy chain
 * (decision 0020): the named round must still be in the future, with margin, when the freeze is
 * committed and the record can be read.
 */
export const MIN_PRODUCTION_ROUND_DELAY_MINUTES = 1;

/**
 * What a production start refuses about the draw's randomness (decisions 0012 and 0020), with the
 * reason in Spanish: a chain that is not a League of Entropy chain (by hash and public key) unless
 * DRAND_ALLOW_UNKNOWN_CHAIN=1 says it is a test, and a round delay below the floor on a League of
 * Entropy chain. Outside production anything goes (tests and demos run their own chain with delay 0).
 */
export function assertProductionDrawSettings(
  config: Pick<Config, "nodeEnv" | "drandChainInfo" | "drandAllowUnknownChain" | "drawRoundDelayMinutes">,
): void {
  if (config.nodeEnv !== "production") return;
  const known = isKnownLeagueOfEntropyChain(config.drandChainInfo);
  if (!known && !config.drandAllowUnknownChain) {
    throw new Error(
      `DRAND_CHAIN_INFO nombra una cadena drand que no es de la League of Entropy (hash ${config.drandChainInfo.hash}). En producción los sorteos solo se hacen con quicknet de la League of Entropy: quien opera otra cadena puede predecir a los ganadores. Quita DRAND_CHAIN_INFO para usar quicknet; solo para pruebas, DRAND_ALLOW_UNKNOWN_CHAIN=1 la permite y las páginas lo advierten.`,
    );
  }
  if (known && config.drawRoundDelayMinutes < MIN_PRODUCTION_ROUND_DELAY_MINUTES) {
    throw new Error(
      `DRAW_ROUND_DELAY_MINUTES=${config.drawRoundDelayMinutes} es demasiado poco: en producción la ronda de drand se fija al menos ${MIN_PRODUCTION_ROUND_DELAY_MINUTES} minuto después de congelar la lista, para que nadie conozca su valor cuando la lista ya no puede cambiar (decisión 0020).`,
    );
  }
}

function ocrConcurrency(text: string | undefined): number {
  if (text === undefined || text.trim() === "") return 1;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1 || value > 4) {
    throw new Error("OCR_CONCURRENCY debe ser un número entero entre 1 y 4.");
  }
  return value;
}

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === "") return fallback;
  return !["0", "false", "no", "off"].includes(value.toLowerCase());
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const config = readConfig(env, overrides);
  assertProductionDrawSettings(config);
  return config;
}

function readConfig(env: NodeJS.ProcessEnv, overrides: Partial<Config>): Config {
  const port = Number(env.PORT ?? 3000);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, "");
  const trust = env.TRUST_PROXY;
  return {
    port,
    host: env.HOST ?? "0.0.0.0",
    dataDir: path.resolve(env.DATA_DIR ?? "data"),
    databaseUrl: env.DATABASE_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? "Rifazo <no-responder@rifazo.local>",
    publicUrl,
    adminEmail: env.ADMIN_EMAIL?.trim().toLowerCase() || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    supportEmail: env.SUPPORT_EMAIL || env.ADMIN_EMAIL || undefined,
    // The demo catalogue's buyers are public knowledge: in production only on an explicit SEED_DEMO=1
    // (and then with generated passwords, seed/demo-accounts.ts).
    seedDemo: bool(env.SEED_DEMO, (env.NODE_ENV ?? "development") !== "production"),
    authSecret: env.AUTH_SECRET || undefined,
    // Behind a proxy, X-Forwarded-For is trusted only when TRUST_PROXY says so.
    trustProxy: trust === undefined || trust === "" ? false : trust === "true" ? true : trust,
    webDist: env.WEB_DIST,
    pageCacheSeconds: Math.max(0, Number(env.PAGE_CACHE_SECONDS ?? 5) || 0),
    streamLimits: streamLimitsFromEnv(env),
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === "test" ? "silent" : "info"),
    nodeEnv: env.NODE_ENV ?? "development",
    // In production the interactive docs are opt-in: they map every endpoint for whoever finds them.
    apiDocs: bool(env.API_DOCS, env.NODE_ENV !== "production"),
    s3Bucket: env.S3_BUCKET || undefined,
    s3Endpoint: env.S3_ENDPOINT || undefined,
    s3Region: env.S3_REGION || "us-east-1",
    s3AccessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    s3SecretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
    // MinIO and most self-hosted servers only answer http://host/bucket/key (no bucket subdomains).
    s3ForcePathStyle: bool(env.S3_FORCE_PATH_STYLE, Boolean(env.S3_ENDPOINT)),
    drandChainInfo: parseChainInfo(env.DRAND_CHAIN_INFO),
    drandRelays: relayList(env.DRAND_RELAYS),
    drawRoundDelayMinutes: delayMinutes(env.DRAW_ROUND_DELAY_MINUTES),
    drandAllowUnknownChain: env.DRAND_ALLOW_UNKNOWN_CHAIN === "1",
    proofAnalysis: bool(env.PROOF_ANALYSIS, (env.NODE_ENV ?? "development") !== "test"),
    ocrConcurrency: ocrConcurrency(env.OCR_CONCURRENCY),
    imageAvif: bool(env.IMAGE_AVIF, (env.NODE_ENV ?? "development") !== "test"),
    ...overrides,
  };
}

/**
 * How many realtime streams one API instance keeps open. Each stream holds a socket (a file descriptor),
 * a heartbeat timer and a bus subscription for as long as the browser stays, so without caps one address
 * could open thousands and starve everyone else (docs/decisions/0006-realtime-stream-limits.md).
 */
export interface StreamLimits {
  /** Per client address, as Fastify trusts it (TRUST_PROXY). Generous: many phones share one carrier NAT. */
  perClient: number;
  /** Per signed-in user, whatever the address: a browser opens one or two per tab. */
  perUser: number;
  /** Per instance; keep it well under the process's open-file limit (`ulimit -n`). */
  total: number;
}

/** The defaults, overridable with SSE_MAX_STREAMS_PER_CLIENT, SSE_MAX_STREAMS_PER_USER and SSE_MAX_STREAMS. */
export const DEFAULT_STREAM_LIMITS: StreamLimits = { perClient: 40, perUser: 12, total: 4_000 };

function positive(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return value && Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
}

export function streamLimitsFromEnv(env: NodeJS.ProcessEnv): StreamLimits {
  return {
    perClient: positive(env.SSE_MAX_STREAMS_PER_CLIENT, DEFAULT_STREAM_LIMITS.perClient),
    perUser: positive(env.SSE_MAX_STREAMS_PER_USER, DEFAULT_STREAM_LIMITS.perUser),
    total: positive(env.SSE_MAX_STREAMS, DEFAULT_STREAM_LIMITS.total),
  };
}
