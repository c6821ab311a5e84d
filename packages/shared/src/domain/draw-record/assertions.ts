import { DISQUALIFICATION_REASONS_V3 } from "../disqualification-reasons";
import { type DrandChainInfo, roundTime, verifyBeacon } from "../drand";
import { DrawInputError } from "../draw-engine";
import { LOTTERY_FALLBACKS, type LotteryFallback } from "../lottery-binding";
import { isRecordTime } from "./chain";
import type {
  ExternalAnnouncement,
  ExternalCorrectionData,
  ExternalResultData,
  LatestBeacon,
  RulesPublishedData,
} from "./types";
import { valueText } from "./value-text";

const SHA256_HEX = /^[0-9a-f]{64}$/;

/** Decision 0024: the lottery rules of a raffle sold with a fallback and a correction window. */
export function assertSealedLottery(a: ExternalAnnouncement): void {
  if (
    !Number.isSafeInteger(a.correctionWindowHours) ||
    (a.correctionWindowHours as number) < 1 ||
    (a.correctionWindowHours as number) > 168
  ) {
    throw new DrawInputError("plazo de corrección inválido (1 a 168 horas)");
  }
  if (!LOTTERY_FALLBACKS.includes(a.fallback as LotteryFallback))
    throw new DrawInputError("falta el respaldo de la lotería («drand» o «cancel»)");
  if (
    a.fallback === "drand" &&
    (!Number.isSafeInteger(a.fallbackRoundDelayMinutes) || (a.fallbackRoundDelayMinutes as number) < 1)
  ) {
    throw new DrawInputError("demora de la ronda del respaldo inválida");
  }
}

/**
 * Decision 0024: a result counts only if the list froze before the lottery drew, it carries the hash of
 * the official publication, and a correction was confirmed by a second administrator within the window.
 */
export function assertSealedResult(
  a: ExternalAnnouncement,
  data: ExternalResultData & Partial<ExternalCorrectionData>,
  isCorrection: boolean,
  at: string,
  firstResultAt: string | null,
  frozenAt: string | null,
): void {
  if (frozenAt === null || Date.parse(frozenAt) >= Date.parse(a.drawAt)) {
    throw new DrawInputError(
      `la lista se congeló (${valueText(frozenAt)}) después del sorteo de la lotería (${a.drawAt}): su resultado ya se conocía y no puede decidir la rifa`,
    );
  }
  if (typeof data.publicationHash !== "string" || !SHA256_HEX.test(data.publicationHash)) {
    throw new DrawInputError("falta la huella SHA-256 de la publicación oficial (publicationHash)");
  }
  if (!isCorrection) return;
  if (typeof data.proposedBy !== "string" || data.proposedBy === "")
    throw new DrawInputError("falta quién propuso la corrección");
  if (typeof data.confirmedBy !== "string" || data.confirmedBy === "")
    throw new DrawInputError("falta quién confirmó la corrección (cuatro ojos)");
  if (data.proposedBy === data.confirmedBy)
    throw new DrawInputError("la corrección la propuso y la confirmó el mismo administrador");
  if (!isRecordTime(data.proposedAt) || Date.parse(data.proposedAt) > Date.parse(at))
    throw new DrawInputError("fecha de la propuesta inválida");
  const windowEnd = Date.parse(valueText(firstResultAt)) + (a.correctionWindowHours as number) * 3_600_000;
  if (!(Date.parse(at) <= windowEnd)) {
    throw new DrawInputError(
      `corrección confirmada fuera del plazo de ${valueText(a.correctionWindowHours)} h desde el resultado`,
    );
  }
}

/** The rules a v3 record must carry: the claim period, the closed list of reasons and the delay. */
export function assertV3Rules(rules: RulesPublishedData): void {
  if (!Number.isSafeInteger(rules.claimPeriodDays) || (rules.claimPeriodDays as number) < 1) {
    throw new DrawInputError("las reglas v3 deben fijar el plazo de reclamo (claimPeriodDays ≥ 1)");
  }
  if (!Number.isSafeInteger(rules.replacementDelayMinutes) || (rules.replacementDelayMinutes as number) < 1) {
    throw new DrawInputError(
      "las reglas v3 deben fijar la demora de los reemplazos (replacementDelayMinutes ≥ 1)",
    );
  }
  const reasons = rules.disqualificationReasons;
  const known = DISQUALIFICATION_REASONS_V3.map((r) => r.code) as string[];
  if (
    !Array.isArray(reasons) ||
    reasons.length === 0 ||
    reasons.some((r) => !known.includes(r?.code) || typeof r.text !== "string" || r.text.trim() === "") ||
    new Set(reasons.map((r) => r.code)).size !== reasons.length
  ) {
    throw new DrawInputError(
      `las reglas v3 deben publicar la lista cerrada de motivos de descalificación (${known.join(", ")})`,
    );
  }
}

/**
 * The round named by an entry written at `at` was not yet published then (§7.1): the latest beacon the
 * server held verifies, was published no later than `at`, and the named round comes after it by at least
 * `delayMinutes`.
 */
export async function assertProvablyFuture(
  chain: DrandChainInfo,
  latest: LatestBeacon | null | undefined,
  at: string,
  round: number,
  delayMinutes: number,
): Promise<void> {
  if (typeof latest !== "object" || latest === null) {
    throw new DrawInputError(
      "falta el último beacon verificado que tenía el servidor (latestBeacon): nada prueba que la ronda estuviera en el futuro",
    );
  }
  if (typeof latest.signature !== "string" || latest.signature !== latest.signature.toLowerCase()) {
    throw new DrawInputError("la firma del último beacon debe estar en hexadecimal en minúscula");
  }
  await verifyBeacon(chain, { round: latest.round, signature: latest.signature });
  const latestMs = roundTime(chain, latest.round) * 1000;
  if (latestMs > Date.parse(at)) {
    throw new DrawInputError(
      `el último beacon (ronda ${latest.round}) se publicó el ${new Date(latestMs).toISOString()}, después de la fecha de la entrada (${at}): la fecha es falsa`,
    );
  }
  if (!(round > latest.round)) {
    throw new DrawInputError(`la ronda ${round} ya se conocía: el servidor tenía la ronda ${latest.round}`);
  }
  const gapMs = roundTime(chain, round) * 1000 - latestMs;
  if (gapMs < delayMinutes * 60_000) {
    throw new DrawInputError(
      `la ronda ${round} se publica ${gapMs / 1000} s después del último beacon conocido (ronda ${latest.round}); las reglas exigen al menos ${delayMinutes} min`,
    );
  }
}
