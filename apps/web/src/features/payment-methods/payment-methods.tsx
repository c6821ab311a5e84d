import { MIN_TICKETS_PER_PURCHASE, PAYMENT_METHOD_LABELS } from "@rifazo/shared/constants";
import { countText } from "@rifazo/shared/domain/plural";
import { convertAmount } from "@rifazo/shared/domain/pricing";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { buttonClasses } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { CopyButton } from "../../components/ui/copy-button";
import { BankIcon, CreditCardIcon, DollarIcon, UploadIcon } from "../../components/ui/icons";
import { Skeleton } from "../../components/ui/skeleton";
import { cn } from "../../lib/cn";
import { formatMoney } from "../../lib/format";
import { paths } from "../../lib/paths";
import { formatDay, LoadError } from "../content";
import { publicSettingsQuery } from "../exchange-rate";
import { type PublicSettings, SETTINGS_ERROR } from "./api";
import { METHODS, type MethodCardDef } from "./methods";

interface CardProps {
  method: MethodCardDef;
  settings: PublicSettings | undefined;
  /** The settings could not be loaded (the page shows the error once, above the cards). */
  failed: boolean;
}

function AccountDetails({ method, settings, failed }: CardProps) {
  if (!settings && failed) {
    return (
      <p className="rounded-control bg-canvas p-3 text-sm text-muted">Datos no disponibles por ahora.</p>
    );
  }
  if (!settings) {
    return (
      <div aria-hidden="true" className="divide-y divide-line rounded-control border border-line bg-canvas">
        {Array.from({ length: method.rows }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing but their position.
          <div key={i} className="flex h-14 items-center justify-between gap-3 px-3">
            <div className="w-2/3 space-y-1.5">
              <Skeleton className="h-3 w-16" />
              <Skeleton className="h-4 w-full" />
            </div>
            <Skeleton className="h-9 w-20" />
          </div>
        ))}
      </div>
    );
  }
  const details = method.details(settings.paymentAccounts);
  if (!details) {
    return (
      <p className="rounded-control bg-canvas p-3 text-sm text-muted">
        Este método no está disponible en este momento. Usa otro método o{" "}
        <Link to={paths.contact} className="font-semibold text-brand-700 underline underline-offset-2">
          escríbenos
        </Link>
        .
      </p>
    );
  }
  return (
    <dl className="divide-y divide-line rounded-control border border-line bg-canvas">
      {details.map((detail) => (
        <div
          key={detail.label}
          className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 px-3 py-2.5"
        >
          <dt className="col-start-1 text-xs font-semibold text-muted">{detail.label}</dt>
          <dd
            className={cn(
              "col-start-1 text-sm font-semibold wrap-anywhere text-ink",
              detail.mono && "font-mono",
            )}
          >
            {detail.value}
          </dd>
          <dd className="col-start-2 row-span-2 row-start-1">
            <CopyButton value={detail.value} label={detail.copyLabel} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

function MethodCard({ method, settings, failed }: CardProps) {
  const titleId = `metodo-${method.key}`;
  return (
    <Card className="flex h-full flex-col">
      <section aria-labelledby={titleId} className="flex flex-1 flex-col gap-5 p-5 sm:p-6">
        <header className="flex items-center gap-3">
          <span className={`flex size-12 items-center justify-center rounded-full text-2xl ${method.accent}`}>
            {method.icon}
          </span>
          <div>
            <h2 id={titleId} className="text-xl font-bold text-ink">
              {method.title}
            </h2>
            <p className="text-sm text-muted">{method.subtitle}</p>
          </div>
        </header>
        <div className="space-y-2">
          <h3 className="text-sm font-bold text-ink">Datos para el pago</h3>
          <AccountDetails method={method} settings={settings} failed={failed} />
        </div>
        <div className="space-y-2">
          <h3 className="text-sm font-bold text-ink">Paso a paso</h3>
          <ol className="space-y-2 text-sm text-muted">
            {method.steps.map((step, index) => (
              <li key={step} className="flex gap-3">
                <span
                  aria-hidden="true"
                  className="flex size-6 shrink-0 items-center justify-center rounded-full bg-brand-700 text-xs font-bold text-white"
                >
                  {index + 1}
                </span>
                <span className="pt-0.5">{step}</span>
              </li>
            ))}
          </ol>
        </div>
      </section>
    </Card>
  );
}

const EXAMPLE_TOTAL_USD = 4;

function ExchangeRate({ settings }: { settings: PublicSettings | undefined }) {
  const loading = !settings;
  const rate = settings?.exchangeRate ?? null;
  const placeholder = "bg-white/15!";
  return (
    <section
      aria-labelledby="tasa-titulo"
      aria-busy={loading || undefined}
      className="on-dark flex flex-col gap-4 rounded-card bg-brand-950 p-5 text-white shadow-card sm:flex-row sm:items-center sm:justify-between sm:p-6"
    >
      <div className="flex items-center gap-4">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-accent-400 text-2xl text-brand-950">
          <BankIcon />
        </span>
        <div>
          <h2 id="tasa-titulo" className="text-sm font-bold tracking-wide text-brand-200 uppercase">
            Tasa {rate?.source || "BCV"} del día
          </h2>
          {loading ? (
            <>
              <Skeleton className={`my-1 h-7 w-44 sm:h-8 ${placeholder}`} />
              <Skeleton className={`h-4 w-52 ${placeholder}`} />
            </>
          ) : rate ? (
            <>
              <p className="text-2xl font-black sm:text-3xl">
                {formatMoney(rate.rate, "VES")} <span className="text-base font-semibold">por US$ 1</span>
              </p>
              <p className="text-sm text-brand-200">
                Publicada el <time dateTime={rate.date}>{formatDay(rate.date)}</time>
              </p>
            </>
          ) : (
            <p className="text-lg font-semibold">
              La tasa del día aún no está publicada. Consulta a soporte antes de pagar en bolívares.
            </p>
          )}
        </div>
      </div>
      {loading ? (
        <div className="w-full max-w-sm space-y-2" aria-hidden="true">
          <Skeleton className={`h-4 w-full ${placeholder}`} />
          <Skeleton className={`h-4 w-full ${placeholder}`} />
          <Skeleton className={`h-4 w-1/2 ${placeholder}`} />
        </div>
      ) : rate ? (
        <p className="max-w-sm text-sm text-brand-100">
          Para pagar en bolívares multiplica el total en dólares por la tasa. Ejemplo: 2 boletos de $2 ={" "}
          {formatMoney(EXAMPLE_TOTAL_USD, "USD")} × {formatMoney(rate.rate, "VES").replace("Bs. ", "")} ={" "}
          <strong className="text-white">
            {formatMoney(convertAmount(EXAMPLE_TOTAL_USD, "USD", "VES", rate.rate) ?? Number.NaN, "VES")}
          </strong>
          .
        </p>
      ) : null}
    </section>
  );
}

const OTHER_METHODS = [
  { label: PAYMENT_METHOD_LABELS.efectivo_usd, icon: <DollarIcon /> },
  { label: PAYMENT_METHOD_LABELS.tarjeta_nacional, icon: <CreditCardIcon /> },
  { label: PAYMENT_METHOD_LABELS.tarjeta_internacional, icon: <CreditCardIcon /> },
];

function OtherMethods() {
  return (
    <Card>
      <section aria-labelledby="otros-metodos" className="space-y-4 p-5 sm:p-6">
        <div className="space-y-1">
          <h2 id="otros-metodos" className="text-xl font-bold text-ink">
            Otros métodos aceptados
          </h2>
          <p className="text-sm text-muted">
            También aceptamos estos métodos. Escríbenos antes de pagar para coordinar el pago y te indicamos
            cómo hacerlo.
          </p>
        </div>
        <ul className="grid gap-3 sm:grid-cols-3">
          {OTHER_METHODS.map((method) => (
            <li
              key={method.label}
              className="flex items-center gap-3 rounded-control border border-line bg-canvas p-3 font-semibold text-ink"
            >
              <span className="text-xl text-brand-700">{method.icon}</span>
              {method.label}
            </li>
          ))}
        </ul>
        <Link to={paths.contact} className={buttonClasses({ variant: "outline" })}>
          Contactar a soporte
        </Link>
      </section>
    </Card>
  );
}

function UploadProof() {
  return (
    <section
      aria-labelledby="subir-comprobante"
      className="flex flex-col gap-4 rounded-card border border-brand-200 bg-brand-50 p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6"
    >
      <div className="space-y-1">
        <h2 id="subir-comprobante" className="text-xl font-bold text-ink">
          ¿Ya pagaste?
        </h2>
        <p className="text-sm text-muted">
          Sube tu comprobante con la referencia del pago. Lo revisamos y, al aprobarlo, recibes tus números de
          boleto y tus RifaPuntos. Recuerda: la compra mínima es de{" "}
          {countText(MIN_TICKETS_PER_PURCHASE, "boleto", "boletos")}.
        </p>
      </div>
      <Link
        to={paths.proofUpload("general")}
        className={buttonClasses({ size: "lg", className: "shrink-0" })}
      >
        <UploadIcon />
        Subir Comprobante
      </Link>
    </section>
  );
}

/** Exchange rate, the four payment cards with live account data, other methods and the upload link. */
export function PaymentMethods() {
  const query = useQuery(publicSettingsQuery);
  return (
    <div className="space-y-6">
      {query.isError ? <LoadError message={SETTINGS_ERROR} onRetry={() => void query.refetch()} /> : null}
      {query.isError ? null : <ExchangeRate settings={query.data} />}
      <div className="grid gap-6 md:grid-cols-2">
        {/* Once the settings are in, only the methods the organiser configured: the same accounts the
            checkout offers, so no card advertises a method nobody can pay with. */}
        {METHODS.filter((method) => !query.data || method.details(query.data.paymentAccounts) !== null).map(
          (method) => (
            <MethodCard key={method.key} method={method} settings={query.data} failed={query.isError} />
          ),
        )}
      </div>
      <OtherMethods />
      <UploadProof />
    </div>
  );
}
