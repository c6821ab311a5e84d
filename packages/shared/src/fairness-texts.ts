/**
 * The words of every fairness claim the site shows (decision 0021, "Shown where people look"): pages write
 * them from here, by id, never their own. Which tests prove each one is listed in fairness-claims.ts, whose
 * type requires an entry for every id here; the browser downloads these texts only, not the list of proofs.
 */

export const FAIRNESS_TEXTS = {
  trustDrandLabel: "Sorteo verificable con drand",
  trustDrandSummary:
    "Los ganadores salen de una ronda pública de drand (League of Entropy) fijada al congelar la lista, posterior al último valor de drand que el servidor había verificado, y de un cálculo público con la lista: nadie escribe el resultado, y cualquiera puede recalcularlo con el acta.",
  trustUnknownLabel: "Cadena de azar no reconocida",
  trustUnknownSummary:
    "Atención: este sorteo usa una cadena drand que no es de la League of Entropy. Quien opera esa cadena puede conocer la ronda antes de publicarla y, por lo tanto, predecir a los ganadores.",
  trustLotterySummary:
    "Los ganadores salen del resultado oficial de una lotería fijada antes de la venta, que sortea después de que la lista de boletos quede fija, con una regla pública. El organizador escribe ese resultado y sube la publicación oficial, cuya huella queda en el acta: cualquiera puede comparar el resultado con la fuente. Confías en que el organizador lo transcriba bien; una corrección necesita a un segundo administrador.",
  trustAnnouncedSummary:
    "Los ganadores de esta rifa los anuncia el organizador en una transmisión. No hay un acta verificable: solo cuenta la palabra del organizador.",
  trustSeedV1Summary:
    "Sorteo anterior al acta pública: los ganadores salieron de una semilla que Rifazo generó y guardó hasta el sorteo. Se puede recalcular, pero quien tenía la semilla podía conocer el resultado antes.",
  randomNumbers: "los números se asignan al azar cuando se aprueba el pago.",
  commitment:
    "En los sorteos que hace la plataforma, los ganadores no los escribe nadie: al cerrarse las ventas y terminar la revisión de pagos, la lista de boletos se congela y se publica, y los ganadores salen de un cálculo público con esa lista y una ronda de drand (League of Entropy) fijada en ese momento, posterior al último valor de drand que el servidor había verificado. Todo queda en un acta pública que cualquiera puede comprobar. No todas las rifas se deciden así: cada rifa dice cuál de estas formas usa, y aquí abajo decimos también, sin rodeos, lo que esto no garantiza.",
  stepRules:
    "Desde la primera venta (o el primer pago en revisión), el precio, la moneda, las reglas de activación, el plazo para reclamar el premio y, si la rifa se decide con una lotería oficial, la lotería, la fecha de su sorteo y la regla que convierte su resultado en un número de boleto ya no pueden cambiar. Al cerrar las ventas, las reglas se escriben en el acta pública de la rifa.",
  stepFrozen:
    "Cuando no queda ningún pago pendiente, la lista de boletos vendidos se congela y se publica en el acta: cada número con una etiqueta que solo reconoce quien tiene el código de su recibo, y la huella SHA-256 de la lista completa. Desde ese momento la base de datos rechaza cualquier cambio de boletos o pagos de esa rifa.",
  stepRound:
    "En el mismo instante el acta fija una ronda de drand, el faro de aleatoriedad pública de la League of Entropy (universidades y empresas de varios países que firman juntas un número al azar cada 3 segundos), al menos un minuto posterior al último valor de drand que el servidor había verificado, que el acta también guarda. Nadie puede hacer pasar otro valor por el de esa ronda: su firma se comprueba con la clave pública de la red.",
  stepWinners:
    "Cuando llega la ronda, su firma se verifica y los ganadores se calculan solo con esa aleatoriedad y la huella de la lista (HMAC-SHA256 con muestreo por rechazo, sin repetir boletos).",
  roundAfterFreeze:
    "En los sorteos con drand de la League of Entropy, la ronda que decide a los ganadores se fija en el acta al congelar la lista, al menos un minuto después del último valor de drand que el servidor había verificado, y el acta lleva ese valor para probarlo.",
  nobodyTypesTheResult:
    "Nadie escribe el resultado: los ganadores se calculan solo con la ronda de drand (cuya firma se comprueba con la clave pública de la red) y la huella de la lista, y cualquiera que pida el sorteo obtiene lo mismo.",
  productionChain:
    "En producción, el servidor no arranca con una cadena drand que no sea de la League of Entropy, salvo que se le ordene expresamente para pruebas; entonces cada página de esos sorteos lo advierte.",
  frozenList:
    "Desde que la lista se congela, la base de datos rechaza cualquier cambio de sus boletos, pagos, premios o reglas, y también editar o borrar una entrada del acta.",
  recordChained:
    "Cada paso es una entrada del acta encadenada a la anterior por su huella: cambiar una entrada, o lo que decide el sorteo aunque se recalculen las huellas, hace fallar la verificación.",
  anyoneVerifies:
    "Cualquiera puede comprobar el sorteo completo, aquí en el navegador o con el programa verify-draw, sin pedirnos nada.",
  buyerChecksOwnTickets:
    "Cada comprador puede confirmar, con el código de su recibo, que sus números están en la lista y marcados como suyos; la lista no dice a quién pertenece cada boleto.",
  blindReplacement:
    "Un ganador solo se descalifica por una razón de la lista publicada en las reglas, y su reemplazo sale de una ronda de drand que todavía no se había publicado cuando se decidió la descalificación.",
  lateRoundWaits:
    "Si la ronda de drand no se puede obtener a su hora, el sorteo espera hasta conseguirla (la página lo dice); nadie puede usar otra ronda en su lugar.",
  notRewrite:
    "Rifazo administra el servidor del acta, pero el acta es pública desde que la rifa sale a la venta y cada recibo guarda un punto de control: un acta reescrita después de una compra contradice el punto de control de ese comprador. Una reescritura anterior a la primera compra solo la detecta quien guardó una copia anterior del acta (verify-draw --earlier).",
  receiptCheckpoint:
    "Así estaba el acta pública de la rifa cuando se aprobó tu pago. Si más adelante el acta publicada no extiende este punto, se reescribió después de tu compra.",
  notAnnounced:
    "Las rifas anunciadas por el organizador en una transmisión no tienen acta: sus ganadores son la palabra del organizador, y así se indica en cada página donde aparecen.",
  notLottery:
    "En las rifas decididas por una lotería oficial, el organizador escribe el resultado con el enlace a su publicación; el acta lo convierte en boletos con la regla fijada antes de vender, y cualquiera puede compararlo con la fuente. El acta no puede leer la lotería.",
  notUnknownChain:
    "Un sorteo que use una cadena drand que no es de la League of Entropy (solo en pruebas) no tiene estas garantías: quien opera esa cadena puede predecir sus rondas. Cada página de ese sorteo lo advierte.",
  notReroll:
    "El organizador puede descalificar a un ganador por una razón de la lista y volver a descalificar al reemplazo: no elige quién entra, pero cada vez sale un boleto nuevo al azar. Cada descalificación queda a la vista en la página del sorteo con su motivo y su ronda.",
  drawRoundUnknown: "un número aleatorio público que nadie conoce todavía",
  drawRoundNotPublished: "un número aleatorio que todavía no se ha publicado",
  drawButtonAnyone: "Cualquiera puede pulsarlo y nadie puede cambiar el resultado.",
  replacementsBlind:
    "Cada reemplazo sale de una ronda de drand que todavía no se había publicado cuando se decidió la descalificación.",
  lateRoundNoOther:
    "Todavía no hemos podido obtenerla, así que el sorteo no se ha realizado: no se puede hacer sin esa ronda y nadie puede reemplazarla por otra.",
  adminReplacementBlind:
    "El reemplazo saldrá de una ronda de drand que todavía no se ha publicado (al menos la demora configurada después de ahora): al decidir, no se puede saber quién entrará.",
  receiptCode:
    "En la lista congelada de la rifa, publicada en su acta, cada uno de tus números lleva una etiqueta que sale de este código. Con él compruebas que tus números están en la lista y marcados como tuyos; sin él, quien lee la lista no puede saber qué números compraste.",
  termsDrand:
    "al cerrar la revisión de pagos la lista de boletos se congela y se publica en un acta, que fija una ronda de drand (League of Entropy) al menos un minuto posterior al último valor de drand que el servidor había verificado; los ganadores se calculan solo con esa ronda y la lista, y cualquiera puede comprobarlo. Si la ronda no se puede obtener a su hora, el sorteo espera a tenerla.",
  termsLottery:
    "los ganadores salen del resultado de la lotería fijada antes de la primera venta, con la regla publicada; el organizador lo registra con el enlace a su publicación.",
  termsAnnounced:
    "los ganadores se anuncian en vivo por redes sociales, televisión o radio. Estas rifas no tienen acta verificable y así lo indica su página.",
  reasonsClosedList: "Un ganador solo puede ser descalificado por uno de estos motivos:",
  claimPeriodReplacement:
    "Pasado ese plazo, el organizador puede anular el premio no reclamado, y el premio pasa a otro boleto sorteado con una ronda futura de drand.",
} as const;

export type FairnessClaimId = keyof typeof FAIRNESS_TEXTS;

/** A claim's text, the only way a page writes one. */
export function claimText(id: FairnessClaimId): string {
  return FAIRNESS_TEXTS[id];
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
