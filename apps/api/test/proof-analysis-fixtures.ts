// Uploads through the real API and an OCR reader double for the proof analysis tests: the worker and the
// database are real; the double stands in for tesseract.js where a test needs a failing or slow read.
import { randomBytes } from "node:crypto";
import type { ProofOcr } from "@rifazo/shared";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { paymentProofs } from "../src/db/schema";
import type { ProofReader } from "../src/modules/proof-analysis/service";
import { insertRaffle } from "./fixtures";
import { type FilePart, multipartBody } from "./multipart";

export type UploadFile = FilePart;

export const png = (data: Buffer): UploadFile => ({ name: "comprobante.png", type: "image/png", data });
export const jpeg = (data: Buffer): UploadFile => ({ name: "captura.jpg", type: "image/jpeg", data });
export const pdf = (data: Buffer): UploadFile => ({ name: "comprobante.pdf", type: "application/pdf", data });

/** A new active raffle at 5 USD a ticket. */
export async function newRaffle(app: FastifyInstance) {
  return insertRaffle(app.ctx.db, { totalTickets: 100, endDate: new Date(Date.now() + 7 * 86_400_000) });
}

/** POST /api/proofs for two tickets (the minimum) of `raffleId` as the signed-in `cookie`; returns the new proof's id. */
export async function uploadProof(
  app: FastifyInstance,
  cookie: string,
  raffleId: string,
  file: UploadFile,
  transactionRef = `${Date.now()}${randomBytes(3).readUIntBE(0, 3)}`,
): Promise<{ statusCode: number; id: string }> {
  const body = multipartBody(
    { raffleId, paymentMethod: "pago_movil", transactionRef, amount: "10.00", currency: "USD", quantity: 2 },
    file,
  );
  const response = await app.inject({
    method: "POST",
    url: "/api/proofs",
    payload: body.payload,
    headers: { ...body.headers, cookie },
  });
  if (response.statusCode !== 201)
    throw new Error(`subida rechazada ${response.statusCode}: ${response.body}`);
  return { statusCode: response.statusCode, id: (response.json() as { id: string }).id };
}

export async function analysisRow(app: FastifyInstance, id: string) {
  const [row] = await app.ctx.db
    .select({
      status: paymentProofs.analysisStatus,
      attempts: paymentProofs.analysisAttempts,
      analyzedAt: paymentProofs.analyzedAt,
      phash: paymentProofs.phash,
      nearDuplicateOf: paymentProofs.nearDuplicateOf,
      ocr: paymentProofs.ocr,
    })
    .from(paymentProofs)
    .where(eq(paymentProofs.id, id));
  if (!row) throw new Error(`sin comprobante ${id}`);
  return row;
}

export function emptyReading(): ProofOcr {
  return {
    fields: { reference: null, amount: null, currency: null, date: null, bank: null },
    confidence: 0,
    text: "",
    engine: "doble de pruebas",
    ms: 0,
  };
}

/**
 * A reader that answers `next()` for each read: by default an empty reading. Tests swap the behaviour
 * (`failing`, `gate`) and count reads and closes.
 */
export function readerDouble() {
  let failuresLeft = 0;
  let gate: Promise<void> | undefined;
  const double = {
    reads: 0,
    closed: 0,
    /** The next `n` reads throw. */
    failNext(n: number) {
      failuresLeft = n;
    },
    /** Reads wait until the returned function is called. */
    hold(): () => void {
      let release = () => {};
      gate = new Promise<void>((resolve) => {
        release = () => {
          gate = undefined;
          resolve();
        };
      });
      return release;
    },
    reader: {
      async read(_image: Buffer): Promise<ProofOcr> {
        double.reads += 1;
        if (gate) await gate;
        if (failuresLeft > 0) {
          failuresLeft -= 1;
          throw new Error("lectura fallida a propósito");
        }
        return emptyReading();
      },
      async close() {
        double.closed += 1;
      },
    } satisfies ProofReader,
  };
  return double;
}
