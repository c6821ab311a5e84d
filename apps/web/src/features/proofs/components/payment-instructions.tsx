import { formatEsNumber, formatMoney } from "@rifazo/shared/domain/money";
import { RESERVATION_MESSAGES } from "@rifazo/shared/schemas/reservation-messages";
import type { Reservation } from "@rifazo/shared/schemas/reservations";
import { useState } from "react";
import { Link } from "react-router";
import { CopyButton } from "../../../components/ui/copy-button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../components/ui/tabs";
import { paths } from "../../../lib/paths";
import { abonoBoundsText, rateLine } from "../reservation";

// One tab per method the raffle accepts (decision 0013): the organiser's data with a copy button on each
// row, the exact amount in the method's currency and, in bolívares, the frozen BCV rate and its date.

type Instruction = Reservation["methods"][number];

function CopyRow({
  label,
  value,
  copy,
  mono,
}: {
  label: string;
  value: string;
  copy: string;
  mono?: boolean;
}) {
  return (
    <div className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 px-3 py-2.5">
      <dt className="col-start-1 text-xs font-semibold text-muted">{label}</dt>
      <dd className={`col-start-1 text-sm font-semibold wrap-anywhere text-ink ${mono ? "font-mono" : ""}`}>
        {value}
      </dd>
      <dd className="col-start-2 row-span-2 row-start-1">
        <CopyButton value={copy} label={label} name={`Copiar ${label}`} />
      </dd>
    </div>
  );
}

/**
 * Every detail on its own line, as the copy buttons copy them, and the amount last (none for an abono,
 * whose amount the buyer chooses).
 */
function allDetails(instruction: Instruction, amount: number | null): string {
  return [
    ...instruction.fields.map((field) => `${field.label}: ${field.copy}`),
    ...(amount === null ? [] : [`Monto: ${formatEsNumber(amount, 2)}`]),
  ].join("\n");
}

function Unavailable({ instruction }: { instruction: Instruction }) {
  const reason =
    instruction.currency === "VES" && instruction.amount === null
      ? RESERVATION_MESSAGES.noRate
      : "El organizador todavía no publicó los datos de este método. Elige otro método o escríbenos.";
  return (
    <p className="rounded-control bg-canvas p-3 text-sm text-muted">
      {reason}{" "}
      <Link to={paths.contact} className="font-semibold text-brand-700 underline underline-offset-2">
        Contactar a soporte
      </Link>
    </p>
  );
}

function MethodPanel({
  instruction,
  exchangeRate,
}: {
  instruction: Instruction;
  exchangeRate: Reservation["exchangeRate"];
}) {
  if (!instruction.available || instruction.amount === null) return <Unavailable instruction={instruction} />;
  const bounds = abonoBoundsText(instruction);
  const amountLabel = bounds ? "Lo que falta por pagar" : "Monto a pagar";
  return (
    <div className="space-y-3">
      <div className="space-y-1 rounded-control border border-brand-200 bg-brand-50 p-3">
        <dl className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3">
          <dt className="col-start-1 text-xs font-semibold text-muted">{amountLabel}</dt>
          <dd className="col-start-1 text-2xl font-black text-brand-800">
            {formatMoney(instruction.amount, instruction.currency)}
          </dd>
          <dd className="col-start-2 row-span-2 row-start-1">
            {/* The bank's app wants the bare number, as Venezuelans write it: "1.194,56". */}
            <CopyButton
              value={formatEsNumber(instruction.amount, 2)}
              label={amountLabel}
              name={`Copiar ${amountLabel}`}
            />
          </dd>
        </dl>
        {instruction.currency === "VES" && exchangeRate ? (
          <p className="text-xs font-semibold text-muted">{rateLine(exchangeRate)}</p>
        ) : null}
        {bounds ? (
          <p className="text-sm font-semibold text-brand-800">
            {bounds}. Abajo, indica el monto que enviaste.
          </p>
        ) : (
          <p className="text-xs text-muted">Envía exactamente este monto para que tu pago se apruebe.</p>
        )}
      </div>
      {instruction.fields.length > 0 ? (
        <dl className="divide-y divide-line rounded-control border border-line bg-canvas">
          {instruction.fields.map((field) => (
            <CopyRow key={field.label} label={field.label} value={field.value} copy={field.copy} />
          ))}
        </dl>
      ) : null}
      {instruction.fields.length > 1 ? (
        <CopyButton
          value={allDetails(instruction, bounds ? null : instruction.amount)}
          label={`Datos de ${instruction.label}`}
          name={`Copiar todos los datos de ${instruction.label}`}
          text="Copiar todos los datos"
        />
      ) : null}
    </div>
  );
}

/** The ways to pay this reservation; `onSelect` tells the proof form which method the buyer looked at. */
export function PaymentInstructions({
  reservation,
  method,
  onSelect,
  allOpen = false,
}: {
  reservation: Pick<Reservation, "methods" | "exchangeRate">;
  method?: string;
  onSelect?: (method: Instruction["method"]) => void;
  /** Every method one under another: tabs need the page's code (decision 0029). */
  allOpen?: boolean;
}) {
  const methods = reservation.methods;
  const [picked, setPicked] = useState<string | undefined>();
  if (methods.length === 0) {
    return (
      <p className="rounded-control bg-canvas p-3 text-sm text-muted">
        Esta rifa no tiene métodos de pago disponibles. Escríbenos para coordinar tu pago.
      </p>
    );
  }
  if (allOpen) {
    return (
      <div className="space-y-5">
        {methods.map((m) => (
          <section key={m.method} aria-label={m.label} className="space-y-2">
            <h3 className="font-bold text-ink">{m.label}</h3>
            <MethodPanel instruction={m} exchangeRate={reservation.exchangeRate} />
          </section>
        ))}
      </div>
    );
  }
  const first = methods.find((m) => m.available) ?? methods[0];
  const wanted = method || picked;
  const current = methods.some((m) => m.method === wanted) ? wanted : first?.method;
  return (
    <Tabs
      value={current}
      onValueChange={(value) => {
        setPicked(value);
        onSelect?.(value as Instruction["method"]);
      }}
    >
      <TabsList aria-label="Métodos de pago" className="flex h-auto w-full flex-wrap">
        {methods.map((m) => (
          <TabsTrigger key={m.method} value={m.method} className={m.available ? undefined : "opacity-60"}>
            {m.label}
            {m.available ? null : <span className="sr-only"> (no disponible)</span>}
          </TabsTrigger>
        ))}
      </TabsList>
      {methods.map((m) => (
        <TabsContent key={m.method} value={m.method}>
          <MethodPanel instruction={m} exchangeRate={reservation.exchangeRate} />
        </TabsContent>
      ))}
    </Tabs>
  );
}
