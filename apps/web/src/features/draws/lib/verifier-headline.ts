import type { TicketVerificationResponse } from "@rifazo/shared/schemas/draws";

export interface VerifierHeadline {
  variant: "success" | "info";
  title: string;
  text: string;
}

const quoted = (titles: string[]) => titles.map((t) => `«${t}»`).join(", ");

/**
 * The headline over the raffle cards of a sold ticket. A 4-digit number exists in every raffle, so one
 * search can list a raffle where it won beside others where it did not: the headline says where it won and
 * never calls the ticket a winner over a card it did not win.
 */
export function verifierHeadline(data: TicketVerificationResponse): VerifierHeadline {
  const won = data.matches.filter((m) => m.isWinner);
  if (won.length === 0) {
    return {
      variant: "info",
      title: "Boleto Vendido",
      text: `El boleto ${data.ticketNumber} participa, pero no resultó ganador (o el sorteo aún no se ha realizado).`,
    };
  }
  const titles = quoted(won.map((m) => m.raffleTitle));
  if (won.length === data.matches.length) {
    return {
      variant: "success",
      title: "¡Boleto Ganador!",
      text: `¡Felicidades! El boleto ${data.ticketNumber} resultó ganador en ${titles}.`,
    };
  }
  const others = data.matches.length - won.length;
  return {
    variant: "success",
    title: `Ganador en ${won.length} de ${data.matches.length} rifas`,
    text: `El boleto ${data.ticketNumber} resultó ganador en ${titles}. En ${
      others === 1 ? "la otra rifa de la lista" : `las otras ${others} rifas de la lista`
    } no ganó.`,
  };
}
