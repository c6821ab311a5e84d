import type { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { assertValidKey, type Storage } from "./storage";

export interface S3StorageOptions {
  bucket: string;
  /** MinIO, Cloudflare R2, Backblaze B2, ...; undefined means AWS S3 itself. */
  endpoint?: string | undefined;
  region: string;
  /** Both or neither: without them the SDK's default chain applies (AWS_* variables, instance role). */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key`. */
  forcePathStyle: boolean;
}

/**
 * A missing object: NoSuchKey for GET, a bare 404 ("NotFound") for HEAD, which has no body to say more.
 * A missing bucket on GET is NoSuchBucket and stays an error: a misconfiguration must not look like an
 * empty store.
 */
function isMissing(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  return name === "NoSuchKey" || name === "NotFound";
}

export function createS3Client(options: S3StorageOptions): S3Client {
  const { accessKeyId, secretAccessKey } = options;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new Error("S3_ACCESS_KEY_ID y S3_SECRET_ACCESS_KEY van juntas: falta una de las dos.");
  }
  return new S3Client({
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(accessKeyId && secretAccessKey ? { credentials: { accessKeyId, secretAccessKey } } : {}),
    // Newer SDKs add CRC checksums to every upload by default, which several S3-compatible services
    // (older MinIO, R2, B2) reject; outside AWS, send them only where the API requires them.
    ...(options.endpoint
      ? { requestChecksumCalculation: "WHEN_REQUIRED", responseChecksumValidation: "WHEN_REQUIRED" }
      : {}),
    // An unreachable or stalled storage service must fail the request, not hold it (and its socket) forever.
    requestHandler: { connectionTimeout: 5_000, socketTimeout: 30_000 },
  });
}

/**
 * Files in an S3-compatible bucket, under the same keys (and the same key rules) as the local folder,
 * so rows written with one driver stay valid with the other once the files are copied. Objects stay
 * private: they are only ever streamed through the API, which checks who may see them.
 */
export function createS3Storage(
  options: S3StorageOptions,
  client: S3Client = createS3Client(options),
): Storage {
  const Bucket = options.bucket;

  return {
    async put(key, body, contentType) {
      assertValidKey(key);
      // One PUT is atomic: readers see the old object or the whole new one, never a partial upload.
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          ContentLength: body.length,
        }),
      );
    },

    async get(key) {
      assertValidKey(key);
      try {
        const response = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        const body = response.Body as Readable | undefined;
        if (!body || response.ContentLength === undefined) {
          body?.destroy();
          throw new Error(`Respuesta de S3 incompleta para ${key}`);
        }
        return { body, size: response.ContentLength };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      assertValidKey(key);
      // S3 answers 204 for a key that is already gone, so a retried cleanup does not fail either.
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async exists(key) {
      assertValidKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (error) {
        // Without s3:ListBucket, AWS answers 403 instead of 404 for a missing key: that stays an error,
        // so a permissions problem is not mistaken for a missing file.
        if (isMissing(error)) return false;
        throw error;
      }
    },
  };
}
