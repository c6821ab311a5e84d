import { countText } from "@rifazo/shared/domain/plural";
import type { TicketVerificationResponse } from "@rifazo/shared/schemas/draws";

export interface VerifierHeadline {
  variant: "success" | "info" | "warning";
  title: string;
  text: string;
}

type Match = TicketVerificationResponse["matches"][number];

/** «A», «A» y «B», or "5 rifas" when naming them all would not fit in a headline's text. */
function raffles(matches: Match[]): string {
  const titles = matches.map((m) => `«${m.raffleTitle}»`);
  if (titles.length > 2) return `${countText(titles.length, "rifa", "rifas")}`;
  return titles.join(" y ");
}

/** What happened to the number in the raffles where it did not win: lost, not drawn yet, not sold. */
function elsewhere(matches: Match[]): string[] {
  const lost = matches.filter((m) => m.sold && m.raffleStatus === "finished");
  const pending = matches.filter((m) => m.sold && m.raffleStatus !== "finished");
  const refunded = matches.filter((m) => m.refunded);
  const unsold = matches.filter((m) => !m.sold && !m.refunded);
  return [
    lost.length ? `no resultó ganador en ${raffles(lost)}` : "",
    pending.length ? `en ${raffles(pending)} el sorteo aún no se ha realizado` : "",
    refunded.length ? `en ${raffles(refunded)} fue reembolsado y quedó anulado` : "",
    unsold.length ? `en ${raffles(unsold)} no está vendido` : "",
  ].filter(Boolean);
}

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
  const others = data.matches.filter((m) => !m.isWinner);
  if (won.length > 0) {
    const where = won.map((m) => `«${m.raffleTitle}»`).join(", ");
    if (others.length === 0) {
      return {
        variant: "success",
        title: "¡Boleto Ganador!",
        text: `¡Felicidades! El boleto ${n} resultó ganador en ${where}.`,
      };
    }
    return {
      variant: "success",
      title: `Ganador en ${won.length} de ${countText(data.matches.length, "rifa", "rifas")}`,
      text: `El boleto ${n} resultó ganador en ${where}. En las demás: ${elsewhere(others).join("; ")}.`,
    };
  }
  const sold = data.matches.filter((m) => m.sold);
  const refunded = data.matches.filter((m) => m.refunded);
  if (sold.length === 0 && refunded.length > 0) {
    // A refunded purchase (cancelled raffle, decision 0016): the number is void, never "participa".
    return {
      variant: "warning",
      title: "Boleto Anulado",
      text: `El boleto ${n} fue reembolsado en ${raffles(refunded)}: quedó anulado y no participa en el sorteo.`,
    };
  }
  if (sold.length === 0) {
    return {
      variant: "info",
      title: "Boleto no Vendido",
      text: `El boleto ${n} todavía no ha sido vendido.`,
    };
  }
  const drawn = sold.filter((m) => m.raffleStatus === "finished");
  if (drawn.length === sold.length) {
    return {
      variant: "info",
      title: "Boleto no Ganador",
      text: `El boleto ${n} participó en ${raffles(drawn)}, pero no resultó ganador.`,
    };
  }
  const parts = elsewhere(sold);
  return {
    variant: "info",
    title: "Boleto Vendido",
    text:
      drawn.length === 0
        ? `El boleto ${n} participa: ${parts.join("; ")}.`
        : `El boleto ${n} ${parts.join("; ")}.`,
  };
}
