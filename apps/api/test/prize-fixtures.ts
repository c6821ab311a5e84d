// Prizes after the draw (docs/decisions/0035-prizes-on-the-record.md): a raffle drawn on the local drand
// relay whose every sold ticket is one buyer's (so each winner row is theirs), and the multipart requests
// of a claim and a delivery.
import { and, asc, eq, isNull } from "drizzle-orm";
import { expect } from "vitest";
import { winners } from "../src/db/schema";
import { closedRaffleWithSales, type DrawTestContext, freezeAt, type V2RaffleOptions } from "./draw-fixtures";
import { nextIp } from "./helpers";
import { type FilePart, multipartBody, tinyPng } from "./multipart";

export type WinnerRow = typeof winners.$inferSelect;

/** The numbers the buyer holds: every winner of a 50-ticket raffle comes from them. */
const NUMBERS = [1, 2, 3, 5, 8, 13, 21, 34];

/** A raffle drawn through POST /api/raffles/{id}/draw, all its tickets sold to `buyerId`; its current winners. */
export async function drawnRaffle(
  env: Pick<DrawTestContext, "t">,
  buyerId: string,
  options: V2RaffleOptions = {},
): Promise<{ id: string; winners: WinnerRow[] }> {
  const ctx = env.t.app.ctx;
  const raffle = await closedRaffleWithSales(ctx, options, [{ userId: buyerId, numbers: NUMBERS }]);
  await freezeAt(ctx, raffle.id, new Date(Date.now() - 10 * 60_000));
  const drawn = await env.t.app.inject({
    method: "POST",
    url: `/api/raffles/${raffle.id}/draw`,
    remoteAddress: nextIp(),
  });
  expect(drawn.statusCode, drawn.body).toBe(200);
  const rows = await ctx.db
    .select()
    .from(winners)
    .where(and(eq(winners.raffleId, raffle.id), isNull(winners.disqualifiedAt)))
    .orderBy(asc(winners.prizeLevel), asc(winners.prizeIndex));
  return { id: raffle.id, winners: rows };
}

/** A photo of a cédula (a real PNG, through the magic-byte check). */
export async function cedulaPng(): Promise<FilePart> {
  return { name: "cedula.png", type: "image/png", data: await tinyPng({ r: 10, g: 120, b: 200 }) };
}

/** A delivery's proof: a small PDF, different for each `seed` (its SHA-256 goes on the record). */
export function proofPdf(seed = "entrega"): FilePart {
  return {
    name: "comprobante.pdf",
    type: "application/pdf",
    data: Buffer.from(`%PDF-1.4\n% ${seed}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`),
  };
}

function postForm(
  env: Pick<DrawTestContext, "t">,
  url: string,
  cookie: string | undefined,
  fields: Record<string, string | undefined>,
  file?: FilePart,
) {
  const body = multipartBody(fields, file);
  return env.t.app.inject({
    method: "POST",
    url,
    payload: body.payload,
    headers: { ...body.headers, ...(cookie ? { cookie } : {}) },
    remoteAddress: nextIp(),
  });
}

/** POST /api/prizes/{winnerId}/claim as `cookie`. */
export const sendClaim = (
  env: Pick<DrawTestContext, "t">,
  winnerId: string,
  cookie: string | undefined,
  fields: Record<string, string | undefined>,
  file?: FilePart,
) => postForm(env, `/api/prizes/${winnerId}/claim`, cookie, fields, file);

/** POST /api/admin/prizes/{winnerId}/deliveries as `cookie`. */
export const sendDelivery = (
  env: Pick<DrawTestContext, "t">,
  winnerId: string,
  cookie: string | undefined,
  fields: Record<string, string | undefined>,
  file?: FilePart,
) => postForm(env, `/api/admin/prizes/${winnerId}/deliveries`, cookie, fields, file);

/** A JSON request as `cookie` from a fresh address. */
export function sendJson(
  env: Pick<DrawTestContext, "t">,
  method: "GET" | "POST" | "PUT",
  url: string,
  cookie?: string,
  payload?: unknown,
) {
  return env.t.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload !== undefined ? { payload: payload as object } : {}),
    remoteAddress: nextIp(),
  });
}

/** A winner's prize claimed (with their cédula) and accepted by the organiser: ready for a delivery. */
export async function claimedAndAccepted(
  env: Pick<DrawTestContext, "t">,
  winnerId: string,
  winnerCookie: string,
  adminCookie: string,
  fields: Record<string, string | undefined> = {},
): Promise<void> {
  const claimed = await sendClaim(env, winnerId, winnerCookie, fields, await cedulaPng());
  expect(claimed.statusCode, claimed.body).toBe(201);
  const accepted = await sendJson(env, "POST", `/api/admin/prizes/${winnerId}/review`, adminCookie, {
    decision: "accepted",
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
}
