// multipart/form-data bodies for injected requests and for the fault suites' real HTTP requests.
import { randomBytes } from "node:crypto";

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
