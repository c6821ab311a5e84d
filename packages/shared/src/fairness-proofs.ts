/**
 * The tests behind the fairness claims (fairness-claims.ts): each proof names a test file and the exact
 * title of one of its tests, so `apps/web/test/fairness-claims.test.tsx` can check that it still exists.
 */

export interface FairnessProof {
  /** Path from the repository root. */
  file: string;
  /** The exact title of an `it(…)`/`test(…)` in that file. */
  test: string;
}

const DRAWS = "apps/api/src/modules/draws/draws.test.ts";
const DRAW_V2 = "apps/api/src/modules/draws/draw-v2.test.ts";
const TRUST = "apps/api/src/modules/draws/trust.test.ts";
const ATTACKS = "apps/api/test/security/draw-attacks.test.ts";
const FROZEN = "apps/api/test/security/frozen-list.test.ts";
const LINKING = "apps/api/test/security/ticket-linking.test.ts";
const START = "apps/api/test/security/production-start.test.ts";
const RECORD = "packages/shared/src/domain/draw-record.test.ts";
const ENGINE_V1 = "packages/shared/src/domain/draw-engine.test.ts";
const OWNER_TAG = "packages/shared/src/domain/owner-tag.test.ts";
const VERIFY_CLI = "scripts/test/verify-draw.test.ts";
const WEB_VERIFY = "apps/web/test/verify-draw.test.tsx";
const WEB_OWNERSHIP = "apps/web/test/ownership-check.test.tsx";
const WEB_TRUST = "apps/web/test/draw-trust.test.tsx";
const WEB_DRAW_PAGE = "apps/web/test/draw-page.test.tsx";
const LATE = "apps/api/src/modules/draws/late-rounds.test.ts";
const ADMIN_RAFFLES = "apps/api/src/modules/admin/raffles/raffles.test.ts";
const ENGINE_V2 = "packages/shared/src/domain/draw-engine-v2.test.ts";
export const LOTTERY = "apps/api/src/modules/draws/lottery.test.ts";
export const CHECKPOINT = "packages/shared/src/domain/draw-checkpoint.test.ts";
export const CHECKPOINTS_API = "apps/api/src/modules/draws/checkpoints.test.ts";
export const VERIFY_CLI_API = "apps/api/src/modules/draws/verify-draw-cli.test.ts";

export const APPROVALS = "apps/api/src/modules/admin/proofs/proofs.test.ts";
export const OWN_NUMBERS = "apps/api/src/modules/purchases/own-numbers.test.ts";

/** A proof; the claims also name single-use ones inline. */
export const proof = (file: string, test: string): FairnessProof => ({ file, test });

/** Proofs used by several claims. */
export const FAIRNESS_PROOFS = {
  blindReplacement: proof(
    ATTACKS,
    "el organizador ya no puede predecir el reemplazo: sale de una ronda que no se había publicado al decidir",
  ),
  closedReasons: proof(
    ATTACKS,
    "rechaza texto libre, «unclaimed» antes del plazo, «fraud» sin prueba y rondas ya publicadas o demasiado próximas",
  ),
  closedReasonsVerifier: proof(
    ATTACKS,
    "un acta que dice «unclaimed» antes del plazo o «fraud» sin huella no verifica, aunque se recalculen las huellas",
  ),
  replacementFromItsRound: proof(
    DRAW_V2,
    "el reemplazo sale de la ronda que nombra la descalificación; el acta conserva al original y el motivo",
  ),
  roundInFuture: proof(
    ATTACKS,
    "la congelación lleva el último beacon verificado; un acta sin él, con uno posterior o antedatada no verifica",
  ),
  millisecond: proof(
    ATTACKS,
    "las fechas del acta van al milisegundo, como ocurrieron (no redondeadas hacia atrás)",
  ),
  delayFloor: proof(
    START,
    "refuses a round delay below the floor on quicknet, even with DRAND_ALLOW_UNKNOWN_CHAIN (decision 0020)",
  ),
  ownChainRefused: proof(START, "refuses a drand chain that is not the League of Entropy's (decision 0012)"),
  impostorChain: proof(RECORD, "rechaza una cadena que dice ser quicknet con otra clave"),
  nobodyTypesAValue: proof(
    DRAWS,
    "nadie escribe un valor al sortear: lo que diga la petición no cambia el resultado",
  ),
  badBeacons: proof(
    ATTACKS,
    "rechaza una firma falsa, una malformada y la de otra ronda; nada queda en el acta",
  ),
  anyoneDraws: proof(
    DRAW_V2,
    "cualquiera lo realiza con el beacon del relay; el acta verifica y repetirlo da lo mismo",
  ),
  sameResult: proof(ATTACKS, "da siempre el mismo resultado, lo pida quien lo pida"),
  editDetected: proof(
    RECORD,
    "editar cualquier campo de cualquier entrada hace fallar la verificación, nombrando la entrada",
  ),
  rechainDetected: proof(
    RECORD,
    "aunque se recalculen todas las huellas, cambiar lo que decide el sorteo se detecta",
  ),
  verifyCli: proof(
    VERIFY_CLI,
    "verifica el acta v3 de ejemplo (quicknet) y rechaza una con un boleto cambiado, nombrando la entrada",
  ),
  verifyCliFromUrl: proof(
    VERIFY_CLI,
    "desde la URL de la rifa: el acta, o la transcripción v1 si la rifa no tiene acta",
  ),
  verifyBrowser: proof(
    WEB_VERIFY,
    "verifies in the browser, every check passing, with no warning about the chain",
  ),
  verifyBrowserRechained: proof(
    WEB_VERIFY,
    "fails a record re-chained after its winners were changed: the chain holds, the winners check does not",
  ),
  earlierCopy: proof(
    VERIFY_CLI,
    "--earlier: una copia anterior debe ser un prefijo del acta; una reescrita se detecta",
  ),
  frozenTickets: proof(FROZEN, "un boleto: reasignarlo, venderlo, liberarlo, añadirlo o borrarlo"),
  frozenProofs: proof(FROZEN, "un comprobante: aprobar, rechazar, mover a otra rifa o añadir uno nuevo"),
  frozenRules: proof(
    FROZEN,
    "los premios y las reglas vendidas: niveles, cantidades, precio, fechas, total, ventana de revisión",
  ),
  recordImmutable: proof(ATTACKS, "la base rechaza editar o borrar una entrada del acta"),
  publicRecordNoPeople: proof(
    DRAW_V2,
    "publica reglas, lista con marcas de dueño y la ronda de drand; sin datos personales",
  ),
  noGrouping: proof(
    LINKING,
    "a visitor sweeping a frozen raffle's sold tickets finds no field that groups them",
  ),
  ownTickets: proof(
    LINKING,
    "after the draw only the winner is named; a signed-in buyer sees their own tickets as theirs",
  ),
  ownerTag: proof(
    OWNER_TAG,
    "es HMAC-SHA256(secreto, 'rifazo-owner-tag-v1' ␟ rifa ␟ NNNN) truncado a 16 bytes",
  ),
  ownershipCheck: proof(
    WEB_OWNERSHIP,
    "confirms the buyer's numbers and names the ones missing or tagged for another receipt",
  ),
  lotteryBound: proof(
    DRAW_V2,
    "la vinculación se fija antes de la primera venta y la lotería no se puede cambiar después",
  ),
  lotteryBeforeSale: proof(
    ADMIN_RAFFLES,
    "una rifa decidida por una lotería no sale a la venta sin la lotería, su fecha y la regla: crearla activa o abrirla después es 400",
  ),
  lotteryNotAddedOnSale: proof(
    ADMIN_RAFFLES,
    "una rifa anunciada en vivo sale a la venta sin lotería, pero ya a la venta no se le vincula una",
  ),
  lotteryLocked: proof(
    ATTACKS,
    "la lotería, su fecha y la regla no se cambian desde la primera venta (API y base de datos)",
  ),
  lotteryMapped: proof(
    DRAW_V2,
    "resultado oficial después del sorteo, mapeado por la regla fijada; una segunda vez es corrección",
  ),
  lotteryRule: proof(
    RECORD,
    "mapExternalResult: últimas cifras módulo el total, y si no se vendió, el siguiente vendido hacia arriba",
  ),
  trustDrand: proof(TRUST, "drand: the server's quicknet before the freeze"),
  trustUnknown: proof(
    TRUST,
    "drand-unknown-chain: frozen and drawn on a chain that is not the League of Entropy's, everywhere",
  ),
  trustLottery: proof(TRUST, "lottery: an external raffle bound to an official lottery before the sale"),
  trustAnnounced: proof(
    TRUST,
    "announced: winners typed by the organiser, no record, and never 'Lista congelada'",
  ),
  announcedNotDrawn: proof(
    DRAWS,
    "las rifas con anuncio en una transmisión externa no se sortean en el servidor",
  ),
  webUnknownChain: proof(WEB_TRUST, "a chain that is not the League of Entropy's: the warning in full"),
  webAnnounced: proof(
    WEB_TRUST,
    "announced: the organiser's word only, and no verify link that leads to nothing",
  ),
  unknownChainWarned: proof(
    VERIFY_CLI,
    "dice claramente cuando el sorteo usó una cadena que no es de la League of Entropy, y lo que falta",
  ),
  lateRound: proof(
    WEB_DRAW_PAGE,
    "late: the round is past its time and no relay answered — says what it waits for, never spins",
  ),
  lateRoundApi: proof(
    LATE,
    "Hoy lists it, the organiser gets one email, and the raffle payload says when its round was due",
  ),
  v1Recompute: proof(ENGINE_V1, "verifies an untouched transcript, also after a JSON round trip"),
  v1Verifies: proof(
    DRAWS,
    "se siguen sirviendo tal cual y verifican con el algoritmo v1, también con valor público",
  ),
  saleLocked: proof(
    ADMIN_RAFFLES,
    "con una venta o un pago en revisión, precio, moneda y activación quedan fijos y la fecha solo se pospone",
  ),
  claimPeriodLocked: proof(
    ADMIN_RAFFLES,
    "plazo de reclamo: 7 días por defecto, de 1 a 365, público en la rifa y fijo desde la primera venta (servicio y trigger)",
  ),
  rulesAtClose: proof(
    DRAW_V2,
    "recordClose publica las reglas antes del cierre; la congelación usa esas reglas y el acta verifica",
  ),
  engineProperties: proof(
    ENGINE_V2,
    "propiedades: nunca el mismo boleto dos veces, determinista, independiente del orden de entrada",
  ),
} as const;
