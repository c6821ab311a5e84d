// Test-only: a local S3-compatible server (s3rver, a dev dependency) on 127.0.0.1, a free port and a
// temporary folder, with one empty bucket. Never imported by the server itself.
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Config } from "../src/config";

interface S3rverOptions {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
  configureBuckets: { name: string }[];
}
interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverConstructor = new (options: S3rverOptions) => S3rverInstance;

// s3rver is CommonJS without type declarations; these few lines describe the part used here.
const require = createRequire(import.meta.url);

/** s3rver accepts any signature made with these (its fixed development credentials). */
export const LOCAL_S3_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } as const;

export interface LocalS3 {
  endpoint: string;
  bucket: string;
  /** Config fields that make `createStorage` (and so `buildApp`) use this server. */
  config: Pick<
    Config,
    "s3Bucket" | "s3Endpoint" | "s3Region" | "s3AccessKeyId" | "s3SecretAccessKey" | "s3ForcePathStyle"
  >;
  close(): Promise<void>;
}

export async function startLocalS3(bucket = "rifazo-test"): Promise<LocalS3> {
  const S3rver = require("s3rver") as S3rverConstructor;
  const directory = mkdtempSync(path.join(tmpdir(), "rifazo-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    config: {
      s3Bucket: bucket,
      s3Endpoint: endpoint,
      s3Region: "us-east-1",
      s3AccessKeyId: LOCAL_S3_CREDENTIALS.accessKeyId,
      s3SecretAccessKey: LOCAL_S3_CREDENTIALS.secretAccessKey,
      s3ForcePathStyle: true,
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
