// multipart/form-data bodies for injected requests and the fault suites' real HTTP requests, and a real PNG to upload.
import { randomBytes } from "node:crypto";
import sharp from "sharp";

export interface FilePart {
  name: string;
  type: string;
  data: Buffer;
  field?: string;
}

/** Text fields (undefined ones left out) and at most one file, under the field `file` unless it says. */
export function multipartBody(fields: Record<string, string | number | undefined>, file?: FilePart) {
  const boundary = `----rifazo${randomBytes(8).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? "file"}"; filename="${file.name}"\r\n` +
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
