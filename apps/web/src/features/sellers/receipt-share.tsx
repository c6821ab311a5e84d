import { countText } from "@rifazo/shared/domain/plural";
import { whatsappLink, whatsappShareLink } from "@rifazo/shared/domain/whatsapp";
import { buttonClasses } from "../../components/ui/button";
import { CopyButton } from "../../components/ui/copy-button";
import { WhatsappIcon } from "../../components/ui/icons";
import type { SellerSale } from "./api";

/** The message sent to the buyer with their receipt: what they bought and the link. */
export function receiptMessage(sale: SellerSale, url: string): string {
  const what =
    sale.numbers.length > 0
      ? `Tus números: ${sale.numbers.join(", ")}.`
      : `${countText(sale.quantity, "boleto", "boletos")}.`;
  return `Hola ${sale.buyerName}, gracias por tu compra en la rifa «${sale.raffleTitle}». ${what} Tu recibo: ${url}`;
}

/**
 * The buyer's receipt link of a paid sale (/recibo/:token): copy it, or send it by WhatsApp straight to the
 * buyer's celular (WhatsApp asks whom to send it to when the number is not usable). Nothing before it is paid.
 */
export function ReceiptShare({ sale, named = false }: { sale: SellerSale; named?: boolean }) {
  if (!sale.receiptPath) return null;
  const url = new URL(sale.receiptPath, window.location.origin).href;
  const message = receiptMessage(sale, url);
  const chat = whatsappLink(sale.buyerPhone, message) ?? whatsappShareLink(message);
  return (
    <div className="space-y-2 rounded-control border border-line p-3">
      <p className="text-xs font-semibold text-muted">Recibo del comprador</p>
      <a
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        className="block font-mono text-sm text-brand-700 underline-offset-4 [overflow-wrap:anywhere] hover:underline"
      >
        {url}
        <span className="sr-only"> (recibo de {sale.buyerName}, se abre en una pestaña nueva)</span>
      </a>
      <div className="flex flex-wrap gap-2">
        <CopyButton
          value={url}
          label="Enlace del recibo"
          name={named ? `Copiar el enlace del recibo de ${sale.buyerName}` : undefined}
        />
        <a
          href={chat}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClasses({ variant: "outline", size: "sm" })}
        >
          <WhatsappIcon />
          Enviar por WhatsApp
          <span className="sr-only"> a {sale.buyerName} (se abre en una pestaña nueva)</span>
        </a>
      </div>
    </div>
  );
}
