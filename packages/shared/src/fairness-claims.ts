/**
 * Every sentence about the fairness of a draw that the site shows, each with the tests that prove it
 * (decision 0021, "Shown where people look"). Pages render these texts from here, never their own: a
 * claim cannot reach a page without being listed, and `apps/web/test/fairness-claims.test.tsx` fails
 * when a proof's test is gone or when a page shows a fairness sentence that is not listed.
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

export type { FairnessProof } from "./fairness-proofs";

export interface FairnessClaim {
  text: string;
  proofs: readonly FairnessProof[];
}

export const FAIRNESS_CLAIMS = {
  // ── Trust levels (domain/draw-trust.ts), shown on every page where a draw appears ──
  trustDrandLabel: {
    text: "Sorteo verificable con drand",
    proofs: [P.trustDrand, P.verifyCli, P.verifyBrowser],
  },
  trustDrandSummary: {
    text: "Los ganadores salen de una ronda pública de drand (League of Entropy) fijada al congelar la lista, posterior al último valor de drand que el servidor había verificado, y de un cálculo público con la lista: nadie escribe el resultado, y cualquiera puede recalcularlo con el acta.",
    proofs: [P.trustDrand, P.roundInFuture, P.nobodyTypesAValue, P.badBeacons, P.verifyCli, P.verifyBrowser],
  },
  trustUnknownLabel: {
    text: "Cadena de azar no reconocida",
    proofs: [P.trustUnknown, P.webUnknownChain],
  },
  trustUnknownSummary: {
    text: "Atención: este sorteo usa una cadena drand que no es de la League of Entropy. Quien opera esa cadena puede conocer la ronda antes de publicarla y, por lo tanto, predecir a los ganadores.",
    proofs: [P.trustUnknown, P.webUnknownChain, P.unknownChainWarned],
  },
  trustLotterySummary: {
    text: "Los ganadores salen del resultado oficial de una lotería fijada antes de la venta, que sortea después de que la lista de boletos quede fija, con una regla pública. El organizador escribe ese resultado y sube la publicación oficial, cuya huella queda en el acta: cualquiera puede comparar el resultado con la fuente. Confías en que el organizador lo transcriba bien; una corrección necesita a un segundo administrador.",
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
    text: "Los ganadores de esta rifa los anuncia el organizador en una transmisión. No hay un acta verificable: solo cuenta la palabra del organizador.",
    proofs: [P.trustAnnounced, P.announcedNotDrawn, P.webAnnounced],
  },
  trustSeedV1Summary: {
    text: "Sorteo anterior al acta pública: los ganadores salieron de una semilla que Rifazo generó y guardó hasta el sorteo. Se puede recalcular, pero quien tenía la semilla podía conocer el resultado antes.",
    proofs: [P.v1Recompute, P.v1Verifies],
  },

  // ── Raffle page and admin raffle page: how a random-numbers raffle gives out its numbers ──
  randomNumbers: {
    text: "los números se asignan al azar cuando se aprueba el pago.",
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
    text: "En los sorteos que hace la plataforma, los ganadores no los escribe nadie: al cerrarse las ventas y terminar la revisión de pagos, la lista de boletos se congela y se publica, y los ganadores salen de un cálculo público con esa lista y una ronda de drand (League of Entropy) fijada en ese momento, posterior al último valor de drand que el servidor había verificado. Todo queda en un acta pública que cualquiera puede comprobar. No todas las rifas se deciden así: cada rifa dice cuál de estas formas usa, y aquí abajo decimos también, sin rodeos, lo que esto no garantiza.",
    proofs: [P.nobodyTypesAValue, P.roundInFuture, P.verifyCli, P.verifyBrowser, P.trustAnnounced],
  },
  stepRules: {
    text: "Desde la primera venta (o el primer pago en revisión), el precio, la moneda, las reglas de activación, el plazo para reclamar el premio y, si la rifa se decide con una lotería oficial, la lotería, la fecha de su sorteo y la regla que convierte su resultado en un número de boleto ya no pueden cambiar. Al cerrar las ventas, las reglas se escriben en el acta pública de la rifa.",
    proofs: [P.saleLocked, P.claimPeriodLocked, P.lotteryBound, P.lotteryLocked, P.rulesAtClose],
  },
  stepFrozen: {
    text: "Cuando no queda ningún pago pendiente, la lista de boletos vendidos se congela y se publica en el acta: cada número con una etiqueta que solo reconoce quien tiene el código de su recibo, y la huella SHA-256 de la lista completa. Desde ese momento la base de datos rechaza cualquier cambio de boletos o pagos de esa rifa.",
    proofs: [P.publicRecordNoPeople, P.ownerTag, P.noGrouping, P.frozenTickets, P.frozenProofs],
  },
  stepRound: {
    text: "En el mismo instante el acta fija una ronda de drand, el faro de aleatoriedad pública de la League of Entropy (universidades y empresas de varios países que firman juntas un número al azar cada 3 segundos), al menos un minuto posterior al último valor de drand que el servidor había verificado, que el acta también guarda. Nadie puede hacer pasar otro valor por el de esa ronda: su firma se comprueba con la clave pública de la red.",
    proofs: [P.roundInFuture, P.delayFloor, P.badBeacons, P.impostorChain],
  },
  stepWinners: {
    text: "Cuando llega la ronda, su firma se verifica y los ganadores se calculan solo con esa aleatoriedad y la huella de la lista (HMAC-SHA256 con muestreo por rechazo, sin repetir boletos).",
    proofs: [P.nobodyTypesAValue, P.engineProperties, P.anyoneDraws, P.verifyCli],
  },

  // ── Transparency page: what holds ──
  roundAfterFreeze: {
    text: "En los sorteos con drand de la League of Entropy, la ronda que decide a los ganadores se fija en el acta al congelar la lista, al menos un minuto después del último valor de drand que el servidor había verificado, y el acta lleva ese valor para probarlo.",
    proofs: [P.roundInFuture, P.delayFloor, P.millisecond],
  },
  nobodyTypesTheResult: {
    text: "Nadie escribe el resultado: los ganadores se calculan solo con la ronda de drand (cuya firma se comprueba con la clave pública de la red) y la huella de la lista, y cualquiera que pida el sorteo obtiene lo mismo.",
    proofs: [P.nobodyTypesAValue, P.badBeacons, P.anyoneDraws, P.sameResult],
  },
  productionChain: {
    text: "En producción, el servidor no arranca con una cadena drand que no sea de la League of Entropy, salvo que se le ordene expresamente para pruebas; entonces cada página de esos sorteos lo advierte.",
    proofs: [P.ownChainRefused, P.impostorChain, P.trustUnknown, P.webUnknownChain],
  },
  frozenList: {
    text: "Desde que la lista se congela, la base de datos rechaza cualquier cambio de sus boletos, pagos, premios o reglas, y también editar o borrar una entrada del acta.",
    proofs: [P.frozenTickets, P.frozenProofs, P.frozenRules, P.recordImmutable],
  },
  recordChained: {
    text: "Cada paso es una entrada del acta encadenada a la anterior por su huella: cambiar una entrada, o lo que decide el sorteo aunque se recalculen las huellas, hace fallar la verificación.",
    proofs: [P.editDetected, P.rechainDetected, P.verifyBrowserRechained],
  },
  anyoneVerifies: {
    text: "Cualquiera puede comprobar el sorteo completo, aquí en el navegador o con el programa verify-draw, sin pedirnos nada.",
    proofs: [P.verifyBrowser, P.verifyCli, P.verifyCliFromUrl, P.publicRecordNoPeople],
  },
  buyerChecksOwnTickets: {
    text: "Cada comprador puede confirmar, con el código de su recibo, que sus números están en la lista y marcados como suyos; la lista no dice a quién pertenece cada boleto.",
    proofs: [P.ownerTag, P.ownershipCheck, P.noGrouping, P.ownTickets],
  },
  blindReplacement: {
    text: "Un ganador solo se descalifica por una razón de la lista publicada en las reglas, y su reemplazo sale de una ronda de drand que todavía no se había publicado cuando se decidió la descalificación.",
    proofs: [P.blindReplacement, P.closedReasons, P.closedReasonsVerifier, P.replacementFromItsRound],
  },
  lateRoundWaits: {
    text: "Si la ronda de drand no se puede obtener a su hora, el sorteo espera hasta conseguirla (la página lo dice); nadie puede usar otra ronda en su lugar.",
    proofs: [P.lateRound, P.lateRoundApi, P.badBeacons],
  },

  // ── Transparency page: what does not hold ──
  notRewrite: {
    text: "Rifazo administra el servidor del acta, pero el acta es pública desde que la rifa sale a la venta y cada recibo guarda un punto de control: un acta reescrita después de una compra contradice el punto de control de ese comprador. Una reescritura anterior a la primera compra solo la detecta quien guardó una copia anterior del acta (verify-draw --earlier).",
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
    text: "Así estaba el acta pública de la rifa cuando se aprobó tu pago. Si más adelante el acta publicada no extiende este punto, se reescribió después de tu compra.",
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
    text: "Las rifas anunciadas por el organizador en una transmisión no tienen acta: sus ganadores son la palabra del organizador, y así se indica en cada página donde aparecen.",
    proofs: [P.trustAnnounced, P.announcedNotDrawn, P.webAnnounced],
  },
  notLottery: {
    text: "En las rifas decididas por una lotería oficial, el organizador escribe el resultado con el enlace a su publicación; el acta lo convierte en boletos con la regla fijada antes de vender, y cualquiera puede compararlo con la fuente. El acta no puede leer la lotería.",
    proofs: [P.lotteryBound, P.lotteryBeforeSale, P.lotteryLocked, P.lotteryMapped, P.lotteryRule],
  },
  notUnknownChain: {
    text: "Un sorteo que use una cadena drand que no es de la League of Entropy (solo en pruebas) no tiene estas garantías: quien opera esa cadena puede predecir sus rondas. Cada página de ese sorteo lo advierte.",
    proofs: [P.trustUnknown, P.webUnknownChain, P.unknownChainWarned],
  },
  notReroll: {
    text: "El organizador puede descalificar a un ganador por una razón de la lista y volver a descalificar al reemplazo: no elige quién entra, pero cada vez sale un boleto nuevo al azar. Cada descalificación queda a la vista en la página del sorteo con su motivo y su ronda.",
    proofs: [P.blindReplacement, P.closedReasons, P.replacementFromItsRound],
  },

  // ── Draw page and record page ──
  drawRoundUnknown: {
    text: "un número aleatorio público que nadie conoce todavía",
    proofs: [P.roundInFuture, P.delayFloor, P.trustDrand],
  },
  drawRoundNotPublished: {
    text: "un número aleatorio que todavía no se ha publicado",
    proofs: [P.roundInFuture],
  },
  drawButtonAnyone: {
    text: "Cualquiera puede pulsarlo y nadie puede cambiar el resultado.",
    proofs: [P.anyoneDraws, P.nobodyTypesAValue, P.sameResult],
  },
  replacementsBlind: {
    text: "Cada reemplazo sale de una ronda de drand que todavía no se había publicado cuando se decidió la descalificación.",
    proofs: [P.blindReplacement, P.replacementFromItsRound],
  },

  lateRoundNoOther: {
    text: "Todavía no hemos podido obtenerla, así que el sorteo no se ha realizado: no se puede hacer sin esa ronda y nadie puede reemplazarla por otra.",
    proofs: [P.lateRound, P.badBeacons],
  },
  adminReplacementBlind: {
    text: "El reemplazo saldrá de una ronda de drand que todavía no se ha publicado (al menos la demora configurada después de ahora): al decidir, no se puede saber quién entrará.",
    proofs: [P.blindReplacement, P.closedReasons],
  },

  // ── Receipts ──
  receiptCode: {
    text: "En la lista congelada de la rifa, publicada en su acta, cada uno de tus números lleva una etiqueta que sale de este código. Con él compruebas que tus números están en la lista y marcados como tuyos; sin él, quien lee la lista no puede saber qué números compraste.",
    proofs: [P.ownerTag, P.ownershipCheck, P.noGrouping, P.publicRecordNoPeople],
  },

  // ── Terms, section 5 ──
  termsDrand: {
    text: "al cerrar la revisión de pagos la lista de boletos se congela y se publica en un acta, que fija una ronda de drand (League of Entropy) al menos un minuto posterior al último valor de drand que el servidor había verificado; los ganadores se calculan solo con esa ronda y la lista, y cualquiera puede comprobarlo. Si la ronda no se puede obtener a su hora, el sorteo espera a tenerla.",
    proofs: [P.roundInFuture, P.delayFloor, P.nobodyTypesAValue, P.verifyCli, P.lateRound],
  },
  termsLottery: {
    text: "los ganadores salen del resultado de la lotería fijada antes de la primera venta, con la regla publicada; el organizador lo registra con el enlace a su publicación.",
    proofs: [P.lotteryBound, P.lotteryBeforeSale, P.lotteryLocked, P.lotteryMapped],
  },
  termsAnnounced: {
    text: "los ganadores se anuncian en vivo por redes sociales, televisión o radio. Estas rifas no tienen acta verificable y así lo indica su página.",
    proofs: [P.trustAnnounced, P.announcedNotDrawn, P.webAnnounced],
  },

  // ── Raffle page (and the rules on the transparency page and the terms): the claim period ──
  reasonsClosedList: {
    text: "Un ganador solo puede ser descalificado por uno de estos motivos:",
    proofs: [P.closedReasons, P.closedReasonsVerifier],
  },
  claimPeriodReplacement: {
    text: "Pasado ese plazo, el organizador puede anular el premio no reclamado, y el premio pasa a otro boleto sorteado con una ronda futura de drand.",
    proofs: [P.closedReasons, P.blindReplacement, P.replacementFromItsRound],
  },
} as const satisfies Record<string, FairnessClaim>;

export type FairnessClaimId = keyof typeof FAIRNESS_CLAIMS;

/** A claim's text, the only way a page writes one. */
export function claimText(id: FairnessClaimId): string {
  return FAIRNESS_CLAIMS[id].text;
}

/**
 * Headings and labels that name a topic without claiming anything (the claims are the sentences under
 * them); the page test accepts them only as listed.
 */
export const FAIRNESS_HEADINGS = Object.freeze({
  section: "Qué está garantizado y qué no",
  holds: "Garantizado",
  doesNotHold: "No garantizado",
  /** drand is a public source of randomness: the name of what a late draw waits for. */
  lateRound: "El sorteo espera la fuente pública de azar",
  /** The name of a raffle's number mode (NUMBER_MODE_WORDS); what it promises is the claim randomNumbers. */
  randomNumbersMode: "Números al azar",
} as const);
