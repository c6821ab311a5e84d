import path from "node:path";
import { type StreamLimits, streamLimitsFromEnv } from "./modules/events/stream-limits";

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
}

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === "") return fallback;
  return !["0", "false", "no", "off"].includes(value.toLowerCase());
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
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
    ...overrides,
  };
}
