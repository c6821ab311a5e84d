// Late rounds (packages/shared/src/domain/draw-round-late.ts): a frozen raffle whose named drand round
// is past its time and the grace, still not drawn because no relay answered. The organiser's "Hoy"
// lists them, and the organiser gets one email (through the outbox) with the way out: check the relays
// (GET /api/health shows each one's last contact) or paste the round's beacon ("Pegar beacon", verified
// exactly as a relay's answer, record-service.ts pasteBeacon).
import { DRAW_ROUND_GRACE_MS, DRAW_ROUND_LATE_TEXTS } from "@rifazo/shared/domain/draw-round-late";
import type { AppContext } from "../../context";
import type { Executor } from "../../db/client";
import { noticeEmail } from "../email";
import * as repo from "./repository";

const caracas = (iso: string) =>
  new Date(iso).toLocaleString("es-VE", {
    timeZone: "America/Caracas",
    dateStyle: "long",
    timeStyle: "medium",
  });

export interface LateDraw {
  id: string;
  title: string;
  round: number;
  /** When the round was published (ISO); the draw counts as late from roundAt + the grace. */
  roundAt: string;
}

/** Every late draw now, oldest round first. */
export async function lateDraws(db: Executor, now = new Date()): Promise<LateDraw[]> {
  const rows = await repo.findLateRounds(db, new Date(now.getTime() - DRAW_ROUND_GRACE_MS));
  return rows.map((row) => ({
    id: row.raffleId,
    title: row.title,
    round: row.round,
    roundAt: row.roundTime,
  }));
}

/**
 * Emails the organisers once per late raffle: the claim on raffles.draw_late_alerted_at and the outbox
 * rows are one transaction, so a crash sends nothing and a second run (or instance) sends nothing more.
 * Returns the raffles alerted now.
 */
export async function alertLateDraws(
  ctx: Pick<AppContext, "db" | "mail" | "config" | "log">,
  now = new Date(),
): Promise<string[]> {
  const late = await repo.findLateRounds(ctx.db, new Date(now.getTime() - DRAW_ROUND_GRACE_MS));
  const alerted: string[] = [];
  for (const row of late) {
    if (row.alertedAt) continue;
    const sent = await ctx.db.transaction(async (tx) => {
      if (!(await repo.claimLateAlert(tx, row.raffleId, now))) return false;
      const since = caracas(row.roundTime);
      for (const organiser of await repo.organiserEmails(tx)) {
        await ctx.mail.enqueue(tx, {
          to: organiser.email,
          ...noticeEmail({
            name: organiser.name,
            title: DRAW_ROUND_LATE_TEXTS.emailSubject(row.title),
            message: DRAW_ROUND_LATE_TEXTS.emailBody(row.title, row.round, since),
            actionUrl: `${ctx.config.publicUrl}/admin/rifas/${row.raffleId}`,
            actionLabel: "Abrir la rifa (Pegar beacon)",
          }),
        });
      }
      return true;
    });
    if (sent) {
      alerted.push(row.raffleId);
      ctx.log.warn({ raffleId: row.raffleId, round: row.round }, "sorteo atrasado: se avisó al organizador");
    }
  }
  if (alerted.length > 0) ctx.mail.flushSoon();
  return alerted;
}
