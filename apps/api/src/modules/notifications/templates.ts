// What the platform tells a buyer, composed once: each notice kind gives its in-app notification (title,
// message, link) and, when it is also emailed, the email's subject, message and button. notify.ts writes them.
import {
  CLOSE_REASON_LABELS,
  type CloseReason,
  formatDateTime,
  type NotificationType,
  prizeWhatsappText,
  RAFFLE_MESSAGES,
  RESERVATION_MESSAGES,
  sentence,
} from "@rifazo/shared";
import { countText } from "@rifazo/shared/domain/plural";
import { whatsappLink } from "@rifazo/shared/domain/whatsapp";

/** What the approval email says of the receipt it links. */
const RECEIPT_EMAIL_LINE =
  "En tu recibo están tus números, la fecha del sorteo, lo que pagaste y un código QR para verificar tus boletos. Puedes descargarlo en PNG o PDF y compartirlo.";

export interface NoticeEmailText {
  subject: string;
  message: string;
  /** Path inside the site the email's button opens (the public URL goes in front). */
  path: string;
  label: string;
}

export interface Notice {
  type: NotificationType;
  title: string;
  message: string;
  linkTo: string | null;
  /** Absent for a notice that is only shown in the app. */
  email?: NoticeEmailText;
}

const PAYMENTS = "/perfil/pagos";
const raffleLink = (raffleId: string) => `/rifas/${raffleId}`;
const drawLink = (raffleId: string) => `/sorteo/${raffleId}`;

/** A notice, also emailed with the same message, whose link and button open the buyer's payments. */
function paymentsNotice(type: NotificationType, title: string, subject: string, message: string): Notice {
  return {
    type,
    title,
    message,
    linkTo: PAYMENTS,
    email: { subject, message, path: PAYMENTS, label: "Ver mis pagos" },
  };
}

/** Why a payment was rejected, and until when the same numbers wait for a new proof. */
export function rejectionNotice(input: {
  what: string;
  method: string;
  reference: string;
  notes: string | null;
  heldUntil: Date | null;
}): string {
  const reason = input.notes ? ` Motivo: ${sentence(input.notes)}` : "";
  const retry = input.heldUntil
    ? ` Tus números siguen apartados para ti hasta el ${formatDateTime(input.heldUntil)}: sube un comprobante nuevo antes de esa hora para conservarlos.`
    : "";
  return `Tu pago para ${input.what} (${input.method}, referencia ${input.reference}) fue rechazado.${reason}${retry} Si crees que es un error, contáctanos.`;
}

function paymentApproved(d: {
  raffleTitle: string | null;
  /** The numbers sold, already written out. */
  numbers: string;
  /** The general payment's amount, already written out. */
  amount: string;
  points: number;
  receiptToken: string | null;
  /** An abono that leaves part of the price unpaid: its balance, already written out (decision 0034). */
  abono?: string | undefined;
}): Notice {
  const pointsText = d.points > 0 ? ` Sumaste ${countText(d.points, "RifaPunto", "RifaPuntos")}.` : "";
  const message = d.abono
    ? `Tu abono para la rifa "${d.raffleTitle}" fue aprobado. ${d.abono}${pointsText}`
    : d.raffleTitle
      ? `Tu pago para la rifa "${d.raffleTitle}" fue aprobado. Tus números: ${d.numbers}.${pointsText}`
      : `Tu pago general de ${d.amount} fue aprobado.${pointsText}`;
  const what = d.raffleTitle ? `la rifa "${d.raffleTitle}"` : "tu pago general";
  return {
    type: "payment_approved",
    title: "¡Pago Aprobado!",
    message,
    linkTo: PAYMENTS,
    email: {
      subject: "¡Tu pago fue aprobado!",
      message: `${message}${d.receiptToken ? `\n\n${RECEIPT_EMAIL_LINE}` : ""}\n\nGracias por participar en ${what}. ¡Mucha suerte!`,
      path: d.receiptToken ? `/recibo/${d.receiptToken}` : PAYMENTS,
      label: d.receiptToken ? "Ver mi recibo" : "Ver mis pagos",
    },
  };
}

function levelUp(d: { level: string; welcomeMessage: string | undefined }): Notice {
  return {
    type: "level_up",
    title: `¡Subiste a Nivel ${d.level}!`,
    message: d.welcomeMessage ?? `¡Felicidades! Ahora eres Nivel ${d.level}.`,
    linkTo: "/rifazo-club",
  };
}

function paymentRejected(d: Parameters<typeof rejectionNotice>[0]): Notice {
  const message = rejectionNotice(d);
  return paymentsNotice("payment_rejected", "Pago Rechazado", "Tu pago fue rechazado", message);
}

function reservationExpired(d: { raffleId: string; raffleTitle: string }): Notice {
  const message = RESERVATION_MESSAGES.expiredNotice(d.raffleTitle);
  return {
    type: "other",
    title: "Tu reserva venció",
    message,
    linkTo: PAYMENTS,
    email: {
      subject: "Tu reserva venció",
      message: `${message} Puedes reservar de nuevo mientras la rifa siga abierta.`,
      path: raffleLink(d.raffleId),
      label: "Ver la rifa",
    },
  };
}

function reservationReleased(d: { raffleTitle: string }): Notice {
  return {
    type: "other",
    title: "Tu reserva fue liberada",
    message: RESERVATION_MESSAGES.releasedNotice(d.raffleTitle),
    linkTo: PAYMENTS,
  };
}

interface WonData {
  raffleId: string;
  raffleTitle: string;
  /** The winning number, already formatted. */
  ticket: string;
  prize: string;
  /** The winner row: its prize page is where the claim is sent (decision 0035). */
  winnerId: string;
  /** ISO time until which the prize may be claimed (the claim period of the rules as sold). */
  claimDeadline: string;
  /** The organiser's WhatsApp number as published (support contact), or null. */
  organiserWhatsapp: string | null;
}

const prizeLink = (winnerId: string) => `/perfil/premios/${winnerId}`;

/**
 * "¡Ganaste!" (decision 0035): the prize is claimed in Rifazo before the deadline, from its page; the email
 * says what to send and, when the organiser published one, links their WhatsApp with the prize named.
 */
function wonNotice(d: WonData, asReplacement: boolean, instant = false): Notice {
  // An instant prize (decision 0035) is won when the purchase's drand round comes out, long before the draw.
  const won = `Tu boleto ${d.ticket} ganó ${instant ? "el premio instantáneo " : ""}"${d.prize}" en la rifa "${d.raffleTitle}"`;
  const deadline = formatDateTime(d.claimDeadline);
  const whatsapp = whatsappLink(
    d.organiserWhatsapp,
    prizeWhatsappText({ raffleTitle: d.raffleTitle, ticket: d.ticket, prize: d.prize }),
  );
  const replaced = asReplacement ? ", en reemplazo de un ganador descalificado" : "";
  const claim = `Reclama tu premio en Rifazo antes del ${deadline}`;
  return {
    type: "raffle_won",
    title: "¡Ganaste!",
    message: `${won}${asReplacement ? " (reemplazo de un ganador descalificado)" : ""}. ${claim}.`,
    linkTo: prizeLink(d.winnerId),
    email: {
      subject: instant ? "¡Ganaste un premio instantáneo en Rifazo!" : "¡Ganaste en Rifazo!",
      message: [
        `${won}${replaced}.`,
        `${claim}: envía una foto de tu cédula de identidad y, si el premio es en dinero, la cuenta o el Pago Móvil donde quieres recibirlo. El organizador revisa tu reclamo y coordina la entrega contigo; todo queda en el acta pública del sorteo.`,
        ...(whatsapp ? [`También puedes escribirle al organizador por WhatsApp: ${whatsapp}`] : []),
      ].join("\n\n"),
      path: prizeLink(d.winnerId),
      label: "Reclamar mi premio",
    },
  };
}

const raffleWon = (d: WonData): Notice => wonNotice(d, false);
const raffleWonAsReplacement = (d: WonData): Notice => wonNotice(d, true);
const instantWon = (d: WonData): Notice => wonNotice(d, false, true);

/** What the organiser decided or did about a prize (decision 0035); each opens the prize's page. */
function prizeNotice(
  d: { winnerId: string; raffleTitle: string },
  title: string,
  subject: string,
  message: string,
): Notice {
  return {
    type: "other",
    title,
    message,
    linkTo: prizeLink(d.winnerId),
    email: { subject, message, path: prizeLink(d.winnerId), label: "Ver mi premio" },
  };
}

type PrizeData = { winnerId: string; raffleTitle: string; prize: string };

function prizeClaimAccepted(d: PrizeData): Notice {
  return prizeNotice(
    d,
    "Reclamo aceptado",
    "Aceptamos el reclamo de tu premio",
    `El organizador aceptó tu reclamo de "${d.prize}" (rifa "${d.raffleTitle}"): coordinará la entrega contigo.`,
  );
}

function prizeClaimRejected(d: PrizeData & { note: string }): Notice {
  return prizeNotice(
    d,
    "Reclamo rechazado",
    "Revisa el reclamo de tu premio",
    `El organizador rechazó tu reclamo de "${d.prize}" (rifa "${d.raffleTitle}"). Motivo: ${sentence(d.note)} Puedes enviarlo de nuevo desde la página de tu premio; tu primer reclamo sigue en el acta.`,
  );
}

function prizeDelivered(d: PrizeData): Notice {
  return prizeNotice(
    d,
    "Premio entregado",
    "Registramos la entrega de tu premio",
    `Registramos la entrega de tu premio: confírmala en Rifazo. Premio: "${d.prize}" (rifa "${d.raffleTitle}"). Si no lo recibiste como se indica, abre una disputa desde la misma página.`,
  );
}

function prizeDisputeResolved(d: PrizeData & { resolution: string }): Notice {
  return prizeNotice(
    d,
    "Disputa resuelta",
    "Resolvimos la disputa de tu premio",
    `La disputa de tu premio "${d.prize}" (rifa "${d.raffleTitle}") se resolvió: ${sentence(d.resolution)}`,
  );
}

function raffleResults(d: { raffleId: string; raffleTitle: string }): Notice {
  return {
    type: "raffle_announcement",
    title: "Resultados del sorteo",
    message: `Ya se conocen los ganadores de "${d.raffleTitle}". Gracias por participar.`,
    linkTo: drawLink(d.raffleId),
  };
}

function prizeAnnulled(d: { raffleId: string; raffleTitle: string; ticket: string; reason: string }): Notice {
  return {
    type: "raffle_announcement",
    title: "Premio anulado",
    message: `Tu boleto ${d.ticket} fue descalificado en "${d.raffleTitle}". Motivo: ${d.reason}`,
    linkTo: drawLink(d.raffleId),
  };
}

function resultCorrected(d: {
  raffleId: string;
  raffleTitle: string;
  ticket: string;
  reason: string;
}): Notice {
  return {
    type: "raffle_announcement",
    title: "Resultado corregido",
    message: `El resultado oficial de "${d.raffleTitle}" se corrigió (${d.reason}) y tu boleto ${d.ticket} ya no es ganador. La corrección queda visible en el acta.`,
    linkTo: drawLink(d.raffleId),
  };
}

function raffleCancelled(d: { raffleTitle: string; reason: string; lines: string[] }): Notice {
  const message = `La rifa "${d.raffleTitle}" fue cancelada. Motivo: ${d.reason}\n${d.lines.join("\n")}`;
  return paymentsNotice("other", "Rifa cancelada", `La rifa "${d.raffleTitle}" fue cancelada`, message);
}

function abonoReleased(d: { raffleTitle: string; lines: string[] }): Notice {
  const message = `La rifa "${d.raffleTitle}" cerró sin que completaras el pago de tus números apartados con abono: quedaron libres y te devolveremos lo abonado.\n${d.lines.join("\n")}`;
  return paymentsNotice(
    "other",
    "Abono sin completar",
    `Tu abono en "${d.raffleTitle}" no se completó`,
    message,
  );
}

function raffleExtended(d: {
  raffleId: string;
  raffleTitle: string;
  date: string;
  note?: string | undefined;
}): Notice {
  const message = `La rifa "${d.raffleTitle}" se prorrogó: ahora cierra el ${d.date}. Tus boletos siguen participando.${d.note ? `\nMensaje del organizador: ${d.note}` : ""}`;
  return {
    type: "raffle_announcement",
    title: "Nueva fecha de cierre",
    message,
    linkTo: raffleLink(d.raffleId),
    email: {
      subject: `Nueva fecha para la rifa "${d.raffleTitle}"`,
      message,
      path: raffleLink(d.raffleId),
      label: "Ver la rifa",
    },
  };
}

function refundPaid(d: { raffleTitle: string; amount: string; reference: string }): Notice {
  const message = `Te devolvimos ${d.amount} de la rifa "${d.raffleTitle}". Referencia del reembolso: ${d.reference}.`;
  return paymentsNotice("other", "Reembolso realizado", "Te devolvimos tu pago", message);
}

function raffleOpened(d: { raffleId: string; raffleTitle: string }): Notice {
  const title = RAFFLE_MESSAGES.openedTitle;
  const message = `La rifa "${d.raffleTitle}" ya está activa. ¡Participa ahora antes de que se agoten los boletos!`;
  return {
    type: "other",
    title,
    message,
    linkTo: raffleLink(d.raffleId),
    email: {
      subject: `${title} ${d.raffleTitle}`,
      message,
      path: raffleLink(d.raffleId),
      label: "Participar Ahora",
    },
  };
}

function raffleClosedUnderReview(d: { raffleTitle: string; reason: CloseReason; deadline: string }): Notice {
  return {
    type: "other",
    title: "La rifa cerró: revisaremos tu pago",
    message: `La rifa "${d.raffleTitle}" cerró (${CLOSE_REASON_LABELS[d.reason]}); tu pago se revisará antes del ${d.deadline}.`,
    linkTo: PAYMENTS,
  };
}

/** Every notice a buyer can get, by kind. */
export const NOTICES = {
  paymentApproved,
  levelUp,
  paymentRejected,
  reservationExpired,
  reservationReleased,
  raffleWon,
  raffleWonAsReplacement,
  instantWon,
  prizeClaimAccepted,
  prizeClaimRejected,
  prizeDelivered,
  prizeDisputeResolved,
  raffleResults,
  prizeAnnulled,
  resultCorrected,
  raffleCancelled,
  abonoReleased,
  raffleExtended,
  refundPaid,
  raffleOpened,
  raffleClosedUnderReview,
};

export type NoticeKind = keyof typeof NOTICES;
export type NoticeData<K extends NoticeKind> = Parameters<(typeof NOTICES)[K]>[0];
