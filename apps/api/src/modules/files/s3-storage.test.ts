import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { GetObjectCommand } from "@aws-sdk/client-s3";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helpers";
import { type LocalS3, startLocalS3 } from "../../../test/s3-test-server";
import {
  expectDeleted,
  expectStoreAndOverwrite,
  INVALID_STORAGE_KEYS,
  streamToBuffer,
} from "../../../test/storage-contract";
import { loadConfig } from "../../config";
import { images } from "../../db/schema";
import { createStorage } from ".";
import { newStorageKey } from "./file-type";
import { createS3Client, createS3Storage } from "./s3-storage";
import type { Storage } from "./storage";

let s3: LocalS3;
let storage: Storage;
let scratch: string;

beforeAll(async () => {
  s3 = await startLocalS3();
  storage = createStorage({ dataDir: "/nonexistent", ...s3.config });
  scratch = mkdtempSync(path.join(tmpdir(), "rifazo-s3-test-"));
});

afterAll(async () => {
  await s3?.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe("S3 configuration", () => {
  it("reads the S3 variables with their defaults", () => {
    const local = loadConfig({});
    expect(local.s3Bucket).toBeUndefined();
    expect(local.s3Region).toBe("us-east-1");
    expect(local.s3ForcePathStyle).toBe(false);

    const aws = loadConfig({ S3_BUCKET: "rifazo-prod", S3_REGION: "sa-east-1" });
    expect(aws).toMatchObject({ s3Bucket: "rifazo-prod", s3Region: "sa-east-1", s3ForcePathStyle: false });
    expect(aws.s3Endpoint).toBeUndefined();

    const minio = loadConfig({
      S3_BUCKET: "rifazo",
      S3_ENDPOINT: "http://minio:9000",
      S3_ACCESS_KEY_ID: "clave",
      S3_SECRET_ACCESS_KEY: "secreto",
    });
    expect(minio).toMatchObject({
      s3Endpoint: "http://minio:9000",
      s3AccessKeyId: "clave",
      s3SecretAccessKey: "secreto",
      s3ForcePathStyle: true,
    });
    // R2 and others also answer virtual-hosted requests: the default can be turned off.
    expect(
      loadConfig({ S3_ENDPOINT: "https://x.r2.cloudflarestorage.com", S3_FORCE_PATH_STYLE: "0" }),
    ).toMatchObject({ s3ForcePathStyle: false });
  });

  it("uses the local folder without S3_BUCKET, and S3 with it", async () => {
    const local = createStorage({ ...loadConfig({}), dataDir: scratch });
    await local.put("misc/a.txt", Buffer.from("local"), "text/plain");
    expect(existsSync(path.join(scratch, "files", "misc", "a.txt"))).toBe(true);

    const remote = createStorage({ ...loadConfig({}), dataDir: scratch, ...s3.config });
    await remote.put("misc/b.txt", Buffer.from("remoto"), "text/plain");
    expect(existsSync(path.join(scratch, "files", "misc", "b.txt"))).toBe(false);
    const client = createS3Client({ ...s3, region: "us-east-1", forcePathStyle: true, ...creds() });
    const object = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: "misc/b.txt" }));
    expect(await object.Body?.transformToString()).toBe("remoto");
    expect(object.ContentType).toBe("text/plain");
    client.destroy();
  });

  it("refuses half a pair of credentials", () => {
    expect(() => createStorage({ ...loadConfig({}), ...s3.config, s3SecretAccessKey: undefined })).toThrow(
      /S3_ACCESS_KEY_ID y S3_SECRET_ACCESS_KEY/,
    );
  });
});

function creds() {
  return { accessKeyId: s3.config.s3AccessKeyId, secretAccessKey: s3.config.s3SecretAccessKey };
}

describe("S3 storage", () => {
  it("stores, reads, overwrites and deletes an object", async () => {
    const key = newStorageKey("proofs", "png");
    await expectStoreAndOverwrite(storage, key);

    await expectDeleted(storage, key);
  });

  it("keeps binary content byte for byte", async () => {
    const key = "images/binary/640.webp";
    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 31) % 256));
    await storage.put(key, bytes, "image/webp");
    const file = await storage.get(key);
    expect(file?.size).toBe(bytes.length);
    expect((await streamToBuffer(file?.body)).equals(bytes)).toBe(true);
  });

  it("does not treat a prefix (a 'folder') as an object", async () => {
    await storage.put("folder/inner/file.txt", Buffer.from("x"), "text/plain");
    expect(await storage.exists("folder/inner")).toBe(false);
    expect(await storage.get("folder/inner")).toBeNull();
  });

  it("reports a missing bucket as an error, not as a missing file", async () => {
    const wrong = createS3Storage({
      bucket: "no-existe",
      endpoint: s3.endpoint,
      region: "us-east-1",
      forcePathStyle: true,
      ...creds(),
    });
    await expect(wrong.get("proofs/x.png")).rejects.toThrow();
    await expect(wrong.put("proofs/x.png", Buffer.from("x"), "image/png")).rejects.toThrow();
  });

  // The same keys files.test.ts refuses for the local folder: both drivers share assertValidKey.
  it.each(INVALID_STORAGE_KEYS)("refuses the key %j before any request", async (key) => {
    await expect(storage.put(key, Buffer.from("x"), "text/plain")).rejects.toThrow(
      /Clave de almacenamiento inválida/,
    );
    await expect(storage.get(key)).rejects.toThrow(/Clave de almacenamiento inválida/);
    await expect(storage.exists(key)).rejects.toThrow(/Clave de almacenamiento inválida/);
    await expect(storage.delete(key)).rejects.toThrow(/Clave de almacenamiento inválida/);
  });
});

describe("the app on S3 storage", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ ...s3.config });
  });

  afterAll(async () => {
    await t?.close();
  });

  it("serves a prize image from the bucket through /api/images/:id", async () => {
    const id = randomUUID();
    const webp = await sharp({
      create: { width: 16, height: 8, channels: 3, background: { r: 250, g: 200, b: 0 } },
    })
      .webp()
      .toBuffer();
    await t.app.ctx.storage.put(`images/${id}/640.webp`, webp, "image/webp");
    await t.app.ctx.db.insert(images).values({
      id,
      name: "Moto",
      folder: "gallery",
      storageKey: `images/${id}/640.webp`,
      contentType: "image/webp",
      size: webp.length,
      width: 16,
      height: 8,
      variantWidths: [640],
    });

    const response = await t.app.inject({ method: "GET", url: `/api/images/${id}?w=640` });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("image/webp");
    expect(Number(response.headers["content-length"])).toBe(webp.length);
    expect(response.rawPayload.equals(webp)).toBe(true);
    // Nothing went to the local folder: the bucket is the only store.
    const local = path.join(t.dataDir, "files");
    expect(existsSync(local) ? readdirSync(local) : []).toEqual([]);

    const missing = await t.app.inject({ method: "GET", url: `/api/images/${randomUUID()}` });
    expect(missing.statusCode).toBe(404);
  });
});
