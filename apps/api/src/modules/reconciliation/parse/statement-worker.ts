import { parentPort } from "node:worker_threads";
import { StatementFileError } from "./grid";
import { readStatementFile } from "./read-file";
import type { ReaderJob, ReaderReply } from "./statement-reader";

// The worker thread that reads statement files (statement-reader.ts): one file at a time, answered by id.
// Everything the file costs to inflate and parse happens here, inside this thread's heap limit.

const port = parentPort;
if (!port) throw new Error("statement-worker runs only as a worker thread");

port.on("message", async (job: ReaderJob) => {
  let reply: ReaderReply;
  try {
    const file = Buffer.from(job.file.buffer, job.file.byteOffset, job.file.byteLength);
    reply = { id: job.id, grid: await readStatementFile(file, job.filename, job.options) };
  } catch (error) {
    reply =
      error instanceof StatementFileError
        ? { id: job.id, refusal: { code: error.code, message: error.message } }
        : { id: job.id, failure: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  port.postMessage(reply);
});
// Loaded and listening: the reader starts the file's time limit now, not while this code was loading.
port.postMessage({ ready: true } satisfies ReaderReply);
