import { countText } from "@rifazo/shared/domain/plural";
import { whatsappShareLink } from "@rifazo/shared/domain/whatsapp";
import { useState } from "react";
import { Button, buttonClasses } from "../../components/ui/button";
import { CopyButton } from "../../components/ui/copy-button";
import { WhatsappIcon } from "../../components/ui/icons";
import { formatMoney } from "../../lib/format";
import { QrCodeSvg } from "../security";
import type { SellerAreaRaffle } from "./api";

/**
 * The vendedor's link to one raffle (docs/decisions/0034-vendedores.md): purchases it brings are credited to
 * them (the buyer sees it on the raffle page). Copy it, share it on WhatsApp, or show its QR to scan.
 */
export function SellerLinkBlock({ raffle }: { raffle: SellerAreaRaffle }) {
  const [showQr, setShowQr] = useState(false);
  const url = new URL(raffle.linkPath, window.location.origin).href;
  const message = `¡Participa en la rifa «${raffle.title}»! Boleto a ${formatMoney(raffle.ticketPrice, raffle.currency)}. Compra aquí: ${url}`;
  const { approved, underReview } = raffle.linkTickets;
  const qrId = `seller-qr-${raffle.raffleId}`;
  return (
    <section
      aria-label={`Tu enlace para ${raffle.title}`}
      className="space-y-3 rounded-control border border-line p-3"
    >
      <div className="space-y-1">
        <p className="text-xs font-semibold text-muted">Tu enlace para esta rifa</p>
        <p className="font-mono text-sm text-ink [overflow-wrap:anywhere]">{url}</p>
        <p className="text-xs text-muted">
          Las compras por tu enlace se te acreditan:{" "}
          {countText(approved, "boleto aprobado", "boletos aprobados")} y{" "}
          {countText(underReview, "boleto", "boletos")} en revisión.
        </p>
        <p className="text-sm font-semibold text-ink">
          Comisión por cobrar: {formatMoney(raffle.commissionOwed, raffle.currency)}
          {raffle.commissionPaid > 0
            ? ` · ya cobrada: ${formatMoney(raffle.commissionPaid, raffle.currency)}`
            : null}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <CopyButton value={url} label="Tu enlace" />
        <a
          href={whatsappShareLink(message)}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClasses({ variant: "outline", size: "sm" })}
        >
          <WhatsappIcon />
          Compartir por WhatsApp
        </a>
        <Button
          variant="outline"
          size="sm"
          aria-expanded={showQr}
          aria-controls={qrId}
          onClick={() => setShowQr((shown) => !shown)}
        >
          {showQr ? "Ocultar QR" : "Mostrar QR"}
        </Button>
      </div>
      <div id={qrId} hidden={!showQr}>
        {showQr ? (
          <QrCodeSvg
            value={url}
            label={`Código QR de tu enlace para ${raffle.title}`}
            className="mx-auto size-56 max-w-full"
          />
        ) : null}
      </div>
    </section>
  );
}
