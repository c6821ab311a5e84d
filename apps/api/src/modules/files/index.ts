// files' entry (decision 0026): the storage, the file-type checks and private-file serving.
import path from "node:path";
import type { Config } from "../../config";
import { createS3Storage } from "./s3-storage";
import { createLocalStorage, type Storage } from "./storage";

export {
  declaredPixels,
  detectFileKind,
  type FileKind,
  IMAGE_TYPES,
  newStorageKey,
  PROOF_TYPES,
  readLimited,
} from "./file-type";
export { contentDisposition, privateFileCsp, sendPrivateFile } from "./serve";
export { assertValidKey, type Storage } from "./storage";
export { checkProofFile, type Upload, type UploadFormMessages, uploadForm } from "./upload-form";

export type StorageConfig = Pick<
  Config,
  | "dataDir"
  | "s3Bucket"
  | "s3Endpoint"
  | "s3Region"
  | "s3AccessKeyId"
  | "s3SecretAccessKey"
  | "s3ForcePathStyle"
>;

/** The one place that picks the file driver: S3_BUCKET selects S3, otherwise DATA_DIR/files. */
export function createStorage(config: StorageConfig): Storage {
  if (config.s3Bucket) {
    return createS3Storage({
      bucket: config.s3Bucket,
      endpoint: config.s3Endpoint,
      region: config.s3Region,
      accessKeyId: config.s3AccessKeyId,
      secretAccessKey: config.s3SecretAccessKey,
      forcePathStyle: config.s3ForcePathStyle,
    });
  }
  return createLocalStorage(path.join(config.dataDir, "files"));
}
