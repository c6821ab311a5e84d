import type { TicketVerificationResponse } from "@rifazo/shared/schemas/draws";

export interface VerifierHeadline {
  variant: "success" | "info" | "warning";
  title: string;
  text: string;
}

const quoted = (titles: string[]) => titles.map((t) => `«${t}»`).join(", ");

/**
 * The headline over the verifier's answer, for each result (winner, not a winner, not sold, not found).
 * A 4-digit number exists in every raffle, so one search can list a raffle where it won beside others
 * where it did not, or was not sold, or is not drawn yet: the headline follows the cards below it and
 * never calls the ticket a winner over a card it did not win.
 */
export function verifierHeadline(data: TicketVerificationResponse): VerifierHeadline {
  const n = data.ticketNumber;
  if (data.result === "not_found" || data.matches.length === 0) {
    return {
      variant: "warning",
      title: "Boleto no Encontrado",
      text: `El boleto ${n} no existe en ninguna rifa activa o finalizada recientemente.`,
    };
  }
  const won = data.matches.filter((m) => m.isWinner);
  if (won.length > 0) {
    const titles = quoted(won.map((m) => m.raffleTitle));
    if (won.length === data.matches.length) {
      return {
        variant: "success",
        title: "¡Boleto Ganador!",
        text: `¡Felicidades! El boleto ${n} resultó ganador en ${titles}.`,
      };
    }
    const others = data.matches.length - won.length;
    return {
      variant: "success",
      title: `Ganador en ${won.length} de ${data.matches.length} rifas`,
      text: `El boleto ${n} resultó ganador en ${titles}. En ${
        others === 1 ? "la otra rifa de la lista" : `las otras ${others} rifas de la lista`
      } no ganó.`,
    };
  }
  const sold = data.matches.filter((m) => m.sold);
  if (sold.length === 0) {
    return {
      variant: "info",
      title: "Boleto no Vendido",
      text: `El boleto ${n} todavía no ha sido vendido.`,
    };
  }
  const drawn = sold.filter((m) => m.raffleStatus === "finished");
  const pending = sold.filter((m) => m.raffleStatus !== "finished");
  if (pending.length === 0) {
    return {
      variant: "info",
      title: "Boleto no Ganador",
      text: `El boleto ${n} participó en ${quoted(drawn.map((m) => m.raffleTitle))}, pero no resultó ganador.`,
    };
  }
  const waiting = `en ${quoted(pending.map((m) => m.raffleTitle))} el sorteo aún no se ha realizado`;
  return {
    variant: "info",
    title: "Boleto Vendido",
    text:
      drawn.length === 0
        ? `El boleto ${n} participa: ${waiting}.`
        : `El boleto ${n} no resultó ganador en ${quoted(drawn.map((m) => m.raffleTitle))}; ${waiting}.`,
  };
}
