/**
 * Every sentence about the fairness of a draw that the site shows, each with the tests that prove it
 * (decision 0021, "Shown where people look"). Pages render the texts from fairness-texts.ts, never their
 * own, and every text there must have its entry here (the type says so): a claim cannot reach a page
 * without being listed, and `apps/web/test/fairness-claims.test.tsx` fails when a proof's test is gone or
 * when a page shows a fairness sentence that is not listed. The web app never imports this file.
 *
 * Still not claimed: that nobody, Rifazo included, can steer a draw at all: a record rewritten before its
 * first approval is caught only by an earlier copy (decision 0023), so the pages say exactly that.
 */

import {
  APPROVALS,
  CHECKPOINT,
  CHECKPOINTS_API,
  type FairnessProof,
  LOTTERY,
  OWN_NUMBERS,
  FAIRNESS_PROOFS as P,
  proof,
  VERIFY_CLI_API,
} from "./fairness-proofs";

import { FAIRNESS_TEXTS, type FairnessClaimId } from "./fairness-texts";

export type { FairnessProof } from "./fairness-proofs";
export { claimText, FAIRNESS_HEADINGS, FAIRNESS_TEXTS, type FairnessClaimId } from "./fairness-texts";

export interface FairnessClaim {
  text: string;
  proofs: readonly FairnessProof[];
}

/** The tests behind each claim, by its id: every text of fairness-texts.ts has its entry (the type says so). */
const CLAIM_PROOFS = {
  // ── Trust levels (domain/draw-trust.ts), shown on every page where a draw appears ──
  trustDrandLabel: {
    proofs: [P.trustDrand, P.verifyCli, P.verifyBrowser],
  },
  trustDrandSummary: {
    proofs: [P.trustDrand, P.roundInFuture, P.nobodyTypesAValue, P.badBeacons, P.verifyCli, P.verifyBrowser],
  },
  trustUnknownLabel: {
    proofs: [P.trustUnknown, P.webUnknownChain],
  },
  trustUnknownSummary: {
    proofs: [P.trustUnknown, P.webUnknownChain, P.unknownChainWarned],
  },
  trustLotterySummary: {
    proofs: [
      P.trustLottery,
      P.lotteryBound,
      P.lotteryBeforeSale,
      P.lotteryNotAddedOnSale,
      P.lotteryLocked,
      P.lotteryMapped,
      P.lotteryRule,
      proof(
        LOTTERY,
        "vincular una hora de lotería antes del cierre + la revisión + 60 min: 400; la base de datos también la rechaza",
      ),
      proof(
        LOTTERY,
        "respaldo «drand»: la lotería sortea antes de que la lista se congele; el acta lo dice y una ronda futura de drand decide",
      ),
      proof(
        LOTTERY,
        "sin la publicación oficial: 400 y nada escrito; con ella, su SHA-256 en el acta y el archivo público",
      ),
      proof(
        LOTTERY,
        "la corrección 0009→0006 de un solo administrador no cambia nada; el mismo no la confirma; otro sí",
      ),
    ],
  },
  trustAnnouncedSummary: {
    proofs: [P.trustAnnounced, P.announcedNotDrawn, P.webAnnounced],
  },
  trustSeedV1Summary: {
    proofs: [P.v1Recompute, P.v1Verifies],
  },

  // ── Raffle page and admin raffle page: how a random-numbers raffle gives out its numbers ──
  randomNumbers: {
    proofs: [
      proof(
        APPROVALS,
        "asigna números únicos al azar, acredita 100 puntos por unidad, sube de nivel y avisa",
      ),
      proof(OWN_NUMBERS, "al azar no hay números apartados: se asignan al aprobar"),
    ],
  },

  // ── Transparency page: the commitment and how a draw works ──
  commitment: {
    proofs: [P.nobodyTypesAValue, P.roundInFuture, P.verifyCli, P.verifyBrowser, P.trustAnnounced],
  },
  stepRules: {
    proofs: [P.saleLocked, P.claimPeriodLocked, P.lotteryBound, P.lotteryLocked, P.rulesAtClose],
  },
  stepFrozen: {
    proofs: [P.publicRecordNoPeople, P.ownerTag, P.noGrouping, P.frozenTickets, P.frozenProofs],
  },
  stepRound: {
    proofs: [P.roundInFuture, P.delayFloor, P.badBeacons, P.impostorChain],
  },
  stepWinners: {
    proofs: [P.nobodyTypesAValue, P.engineProperties, P.anyoneDraws, P.verifyCli],
  },

  // ── Transparency page: what holds ──
  roundAfterFreeze: {
    proofs: [P.roundInFuture, P.delayFloor, P.millisecond],
  },
  nobodyTypesTheResult: {
    proofs: [P.nobodyTypesAValue, P.badBeacons, P.anyoneDraws, P.sameResult],
  },
  productionChain: {
    proofs: [P.ownChainRefused, P.impostorChain, P.trustUnknown, P.webUnknownChain],
  },
  frozenList: {
    proofs: [P.frozenTickets, P.frozenProofs, P.frozenRules, P.recordImmutable],
  },
  recordChained: {
    proofs: [P.editDetected, P.rechainDetected, P.verifyBrowserRechained],
  },
  anyoneVerifies: {
    proofs: [P.verifyBrowser, P.verifyCli, P.verifyCliFromUrl, P.publicRecordNoPeople],
  },
  buyerChecksOwnTickets: {
    proofs: [P.ownerTag, P.ownershipCheck, P.noGrouping, P.ownTickets],
  },
  blindReplacement: {
    proofs: [P.blindReplacement, P.closedReasons, P.closedReasonsVerifier, P.replacementFromItsRound],
  },
  lateRoundWaits: {
    proofs: [P.lateRound, P.lateRoundApi, P.badBeacons],
  },

  // ── Transparency page: what does not hold ──
  notRewrite: {
    proofs: [
      P.earlierCopy,
      proof(CHECKPOINT, "catches a freeze backdated to before the round the server held at the approval"),
      proof(CHECKPOINT, "catches rules rewritten, entries removed and another raffle's checkpoint"),
      proof(
        CHECKPOINTS_API,
        "una rifa próxima no tiene acta (404); al abrir ventas el visitante ve las reglas publicadas",
      ),
      proof(
        VERIFY_CLI_API,
        "--checkpoint: el acta que extiende el punto de control del recibo pasa; una reescrita con otras reglas no",
      ),
    ],
  },
  receiptCheckpoint: {
    proofs: [
      proof(CHECKPOINT, "an honest record extends every checkpoint taken before its freeze"),
      proof(CHECKPOINT, "catches a freeze moved before an approval"),
      proof(CHECKPOINT, "property: a checkpoint of any prefix holds, and any changed hash is caught"),
      proof(
        CHECKPOINTS_API,
        "guarda la cabeza del acta y la ronda drand; el recibo lo muestra; un acta reescrita lo contradice",
      ),
    ],
  },
  notAnnounced: {
    proofs: [P.trustAnnounced, P.announcedNotDrawn, P.webAnnounced],
  },
  notLottery: {
    proofs: [P.lotteryBound, P.lotteryBeforeSale, P.lotteryLocked, P.lotteryMapped, P.lotteryRule],
  },
  notUnknownChain: {
    proofs: [P.trustUnknown, P.webUnknownChain, P.unknownChainWarned],
  },
  notReroll: {
    proofs: [P.blindReplacement, P.closedReasons, P.replacementFromItsRound],
  },

  // ── Draw page and record page ──
  drawRoundUnknown: {
    proofs: [P.roundInFuture, P.delayFloor, P.trustDrand],
  },
  drawRoundNotPublished: {
    proofs: [P.roundInFuture],
  },
  drawButtonAnyone: {
    proofs: [P.anyoneDraws, P.nobodyTypesAValue, P.sameResult],
  },
  replacementsBlind: {
    proofs: [P.blindReplacement, P.replacementFromItsRound],
  },

  lateRoundNoOther: {
    proofs: [P.lateRound, P.badBeacons],
  },
  adminReplacementBlind: {
    proofs: [P.blindReplacement, P.closedReasons],
  },

  // ── Receipts ──
  receiptCode: {
    proofs: [P.ownerTag, P.ownershipCheck, P.noGrouping, P.publicRecordNoPeople],
  },

  // ── Terms, section 5 ──
  termsDrand: {
    proofs: [P.roundInFuture, P.delayFloor, P.nobodyTypesAValue, P.verifyCli, P.lateRound],
  },
  termsLottery: {
    proofs: [P.lotteryBound, P.lotteryBeforeSale, P.lotteryLocked, P.lotteryMapped],
  },
  termsAnnounced: {
    proofs: [P.trustAnnounced, P.announcedNotDrawn, P.webAnnounced],
  },

  // ── Raffle page (and the rules on the transparency page and the terms): the claim period ──
  reasonsClosedList: {
    proofs: [P.closedReasons, P.closedReasonsVerifier],
  },
  claimPeriodReplacement: {
    proofs: [P.closedReasons, P.blindReplacement, P.replacementFromItsRound],
  },
} as const satisfies Record<FairnessClaimId, Pick<FairnessClaim, "proofs">>;

/** Every claim: its text (fairness-texts.ts, by the same id) and the tests that prove it. */
export const FAIRNESS_CLAIMS = Object.fromEntries(
  (Object.keys(CLAIM_PROOFS) as FairnessClaimId[]).map((id): [FairnessClaimId, FairnessClaim] => [
    id,
    { text: FAIRNESS_TEXTS[id], proofs: CLAIM_PROOFS[id].proofs },
  ]),
) as Record<FairnessClaimId, FairnessClaim>;
