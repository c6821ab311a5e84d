// Multipart bodies for the upload endpoints (payment proofs, refund proofs) and a real PNG to upload.
import { randomBytes } from "node:crypto";
import sharp from "sharp";

export interface UploadFile {
  name: string;
  type: string;
  data: Buffer;
}

/** A multipart/form-data body with text fields and, optionally, one file under the name `file`. */
export function multipartForm(fields: Record<string, string | number>, file?: UploadFile) {
  const boundary = `----rifazo${randomBytes(8).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

/** A real 8×8 PNG, so an upload goes through the magic-byte check like a phone screenshot does. */
export function tinyPng(background = { r: 1, g: 2, b: 3 }): Promise<Buffer> {
  return sharp({ create: { width: 8, height: 8, channels: 3, background } })
    .png()
    .toBuffer();
}
