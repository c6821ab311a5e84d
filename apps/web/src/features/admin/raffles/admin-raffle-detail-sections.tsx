import { DEFAULT_ACTIVATION_PERCENTAGE, LAST_SALES_WINDOW_HOURS } from "@rifazo/shared/constants";
import { receiptDrawLabel } from "@rifazo/shared/domain/glossary";
import { INSTANT_PRIZE_LABEL, isInstantWinner } from "@rifazo/shared/domain/instant-texts";
import { NUMBER_MODE_WORDS } from "@rifazo/shared/domain/number-mode-words";
import { countText } from "@rifazo/shared/domain/plural";
import type { ReactNode } from "react";
import { Badge } from "../../../components/ui/badge";
import { Card, CardContent } from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/spinner";
import { formatDateTime, formatMoney, formatNumber } from "../../../lib/format";
import { abonoRuleText, comboText, sortedCombos } from "../../raffles";
import type { AdminRaffle } from "../api/admin-api";
import { RaffleStatusBadge } from "../shared/raffle-status";
import { SectionCard } from "../shared/section-card";
import { paymentMethodsOf, totalTicketsOf } from "../shared/use-admin-raffles";
import { PrizeImage } from "./prize-image";
import { SoldProgress } from "./sold-progress";

// The cards of the admin raffle detail (spec 2 §2 "Admin raffle detail"), read-only.

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-2.5 sm:grid-cols-[13rem_1fr] sm:gap-4">
      <dt className="text-sm font-semibold text-muted">{label}</dt>
      <dd className="min-w-0 break-words text-ink">{children}</dd>
    </div>
  );
}

/** The prize image, status, price and how much is sold. */
export function RaffleSummaryCard({ raffle }: { raffle: AdminRaffle }) {
  const total = totalTicketsOf(raffle);
  return (
    <Card className="overflow-hidden">
      <PrizeImage
        raffle={raffle}
        width={960}
        className="aspect-[4/3] w-full bg-brand-50 object-cover"
        fallback={
          <div className="flex aspect-[4/3] items-center justify-center bg-brand-50 text-sm text-muted">
            Sin imagen
          </div>
        }
      />
      <CardContent className="space-y-3">
        <div className="flex flex-wrap items-center gap-2">
          <RaffleStatusBadge status={raffle.status} />
          {raffle.isFeatured ? (
            <Badge variant="accent">Destacada</Badge>
          ) : (
            <Badge variant="neutral">No destacada</Badge>
          )}
          {raffle.ticketsGenerated ? null : (
            <span className="inline-flex items-center gap-1.5 text-xs font-semibold text-brand-800">
              <Spinner label={null} /> <span role="status">Generando boletos...</span>
            </span>
          )}
        </div>
        <p className="text-2xl font-black text-brand-900">
          {formatMoney(raffle.price, raffle.currency)}{" "}
          <span className="text-base font-semibold text-muted">por boleto</span>
        </p>
        <SoldProgress
          sold={raffle.soldTickets}
          total={total}
          separator="de"
          label="Boletos vendidos"
          className="space-y-1.5"
          barClassName="h-3!"
        />
      </CardContent>
    </Card>
  );
}

export function PrizesCard({ raffle }: { raffle: AdminRaffle }) {
  const levels = [...raffle.prizeLevels].sort((a, b) => a.level - b.level);
  return (
    <SectionCard title="Niveles de premio">
      <ol className="space-y-2">
        {levels.map((level) => (
          <li key={level.level} className="flex gap-3 rounded-control bg-canvas p-3">
            <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white">
              {level.level}
            </span>
            <div className="min-w-0">
              <p className="font-semibold break-words text-ink">{level.description}</p>
              <p className="text-sm text-muted">
                {countText(level.winnerCount, "ganador", "ganadores")}
                {level.prizeValue !== null && level.cashCurrency
                  ? ` · Premio en dinero: ${formatMoney(level.prizeValue, level.cashCurrency)}`
                  : level.prizeValue !== null
                    ? ` · Valor: ${formatMoney(level.prizeValue, raffle.currency)}`
                    : ""}
              </p>
            </div>
          </li>
        ))}
      </ol>
    </SectionCard>
  );
}

export function SaleCard({ raffle }: { raffle: AdminRaffle }) {
  const total = totalTicketsOf(raffle);
  const methods = paymentMethodsOf(raffle);
  return (
    <SectionCard title="Descripción y venta">
      <dl className="divide-y divide-line">
        <Item label="Descripción">
          <span className="whitespace-pre-line">{raffle.description}</span>
        </Item>
        <Item label="Métodos de pago">
          <span className="flex flex-wrap gap-1.5">
            {methods.map((method) => (
              <Badge key={method} variant="brand">
                {method}
              </Badge>
            ))}
          </span>
        </Item>
        <Item label="Precio">{formatMoney(raffle.price, raffle.currency)}</Item>
        <Item label="Combos">
          {raffle.combos.length === 0 ? (
            "Sin combos: cada boleto al precio unitario"
          ) : (
            <ul className="space-y-0.5" aria-label="Combos">
              {sortedCombos(raffle.combos).map((combo) => (
                <li key={combo.quantity} className="tabular-nums">
                  {comboText(combo, raffle.currency)}
                </li>
              ))}
            </ul>
          )}
        </Item>
        <Item label="Abonos">
          {raffle.installmentMinimum === null
            ? "Sin abonos: se paga completa"
            : abonoRuleText(raffle.installmentMinimum, raffle.currency)}
        </Item>
        <Item label="Números de los boletos">
          <span className="font-semibold">{NUMBER_MODE_WORDS[raffle.numberMode].label}</span>:{" "}
          {NUMBER_MODE_WORDS[raffle.numberMode].detail}
        </Item>
        <Item label="Total de boletos">{formatNumber(total)}</Item>
        <Item label="Boletos vendidos">{formatNumber(raffle.soldTickets)}</Item>
        <Item label="En revisión">{countText(raffle.pendingTickets, "boleto", "boletos")}</Item>
        <Item label="Disponibles">
          {formatNumber(Math.max(0, total - raffle.soldTickets - raffle.pendingTickets))}
        </Item>
        <Item label="Comprobantes recibidos">{formatNumber(raffle.paymentProofCount)}</Item>
      </dl>
    </SectionCard>
  );
}

export function DrawSettingsCard({ raffle }: { raffle: AdminRaffle }) {
  return (
    <SectionCard title="Configuración del sorteo">
      <dl className="divide-y divide-line">
        <Item label="Tipo de activación">
          {raffle.activationType === "percentage" ? "Por porcentaje de ventas" : "Por fecha"}
        </Item>
        {raffle.activationType === "percentage" ? (
          <>
            <Item label="Porcentaje de activación">
              {raffle.activationPercentage ?? DEFAULT_ACTIVATION_PERCENTAGE} %
            </Item>
            <Item label="Porcentaje alcanzado">
              {raffle.percentageDrawActivatedAt
                ? `${formatDateTime(raffle.percentageDrawActivatedAt)} (inician las últimas ${LAST_SALES_WINDOW_HOURS} h de venta)`
                : "Aún no"}
            </Item>
          </>
        ) : (
          // The end date closes the sales; the draw comes after the review window (docs/draw-protocol.md).
          <Item label={receiptDrawLabel("end_date")}>
            {raffle.endDate ? formatDateTime(raffle.endDate) : "Sin fecha"}
          </Item>
        )}
        <Item label="Inicio de la venta">{raffle.startDate ? formatDateTime(raffle.startDate) : "—"}</Item>
        <Item label="Aviso previo">{countText(raffle.daysUntilActivationTeaser, "día", "días")}</Item>
        <Item label="Revisión de pagos tras el cierre">
          {countText(raffle.lifecycle.reviewWindowHours, "hora", "horas")}
        </Item>
        <Item label="Estado del ciclo de vida">
          {raffle.lifecycle.label}
          {raffle.lifecycle.state === "closed"
            ? ` · ${formatNumber(raffle.lifecycle.pendingProofs)} pendientes${
                raffle.lifecycle.reviewDeadline
                  ? `, hasta el ${formatDateTime(raffle.lifecycle.reviewDeadline)}`
                  : ""
              }`
            : ""}
          {raffle.cancelReason ? ` · Motivo: ${raffle.cancelReason}` : ""}
        </Item>
        {raffle.drawSeedCommitment ? (
          <Item label="Compromiso de la semilla">
            <span className="font-mono text-xs break-all">{raffle.drawSeedCommitment}</span>
          </Item>
        ) : null}
        {raffle.drawnAt ? <Item label="Sorteado">{formatDateTime(raffle.drawnAt)}</Item> : null}
      </dl>
    </SectionCard>
  );
}

export function AnnouncementCard({ raffle }: { raffle: AdminRaffle }) {
  return (
    <SectionCard title="Anuncio de ganadores">
      <dl className="divide-y divide-line">
        <Item label="Tipo de anuncio">
          {raffle.announcementType === "external" ? "Externo" : "Interno (en Rifazo)"}
        </Item>
        {raffle.announcementType === "external" ? (
          <>
            <Item label="Plataforma">{raffle.externalAnnouncementPlatform ?? "—"}</Item>
            <Item label="Detalles">
              <span className="whitespace-pre-line">{raffle.externalAnnouncementDetails || "—"}</span>
            </Item>
            <Item label="URL">
              {raffle.externalAnnouncementUrl ? (
                <a
                  href={raffle.externalAnnouncementUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-semibold break-all text-brand-700 hover:underline"
                >
                  {raffle.externalAnnouncementUrl}
                </a>
              ) : (
                "—"
              )}
            </Item>
          </>
        ) : null}
        {raffle.winners.length > 0 ? (
          <Item label="Ganadores">
            <ul className="space-y-1">
              {raffle.winners.map((winner) => (
                <li key={`${winner.prizeLevel}-${winner.ticketNumber}`}>
                  {isInstantWinner(winner.prizeLevel, winner.source)
                    ? INSTANT_PRIZE_LABEL
                    : `Nivel ${winner.prizeLevel}`}
                  : <strong>{winner.winnerName}</strong> · boleto{" "}
                  <span className="font-mono">{winner.ticketNumber}</span>
                </li>
              ))}
            </ul>
          </Item>
        ) : null}
      </dl>
    </SectionCard>
  );
}
