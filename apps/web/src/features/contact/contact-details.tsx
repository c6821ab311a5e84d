import { formatVenezuelanMobile } from "@rifazo/shared/schemas/settings";
import { useQuery } from "@tanstack/react-query";
import { ClockIcon, MailIcon, WhatsappIcon } from "../../components/ui/icons";
import { SUPPORT_EMAIL } from "../../lib/site";
import { publicSettingsQuery } from "../exchange-rate";

/** The support WhatsApp line the admins publish in settings (E.164), or null: then it is not shown. */
function useSupportWhatsapp(): string | null {
  const { data } = useQuery({
    ...publicSettingsQuery,
    select: (settings) => settings.supportContact.whatsapp,
  });
  return data ?? null;
}

/**
 * Spec 1 §2, §9: opening hours in Venezuelan time; Saturdays WhatsApp only. Without a published WhatsApp
 * line the Saturday hours are not offered: a channel with no number is no channel.
 */
export function openingHours(hasWhatsapp: boolean): string[] {
  const weekdays = "Lunes a viernes: 9:00 a. m. – 5:00 p. m.";
  return hasWhatsapp
    ? [weekdays, "Sábados: 10:00 a. m. – 2:00 p. m. (solo soporte por WhatsApp)"]
    : [weekdays];
}

export function ContactDetails() {
  const whatsapp = useSupportWhatsapp();
  return (
    <div className="space-y-6">
      <section aria-labelledby="contacto-directo" className="space-y-4">
        <h2 id="contacto-directo" className="text-lg font-bold text-ink">
          Información de contacto
        </h2>
        <ul className="space-y-3">
          <li className="flex items-start gap-3">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-lg text-brand-700">
              <MailIcon />
            </span>
            <div className="min-w-0">
              <p className="text-sm font-semibold text-ink">Correo electrónico</p>
              <a
                href={`mailto:${SUPPORT_EMAIL}`}
                className="text-sm font-medium break-all text-brand-700 underline-offset-4 hover:underline"
              >
                {SUPPORT_EMAIL}
              </a>
            </div>
          </li>
          {whatsapp ? (
            <li className="flex items-start gap-3">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-success-50 text-lg text-success-700">
                <WhatsappIcon />
              </span>
              <div>
                <p className="text-sm font-semibold text-ink">WhatsApp</p>
                <a
                  href={`https://wa.me/${whatsapp.slice(1)}`}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
                >
                  {formatVenezuelanMobile(whatsapp)}
                  <span className="sr-only"> (se abre en una pestaña nueva)</span>
                </a>
              </div>
            </li>
          ) : null}
        </ul>
      </section>
      <section aria-labelledby="horario" className="space-y-3">
        <h2 id="horario" className="flex items-center gap-2 text-lg font-bold text-ink">
          <ClockIcon className="text-brand-700" />
          Horario de atención
        </h2>
        <ul className="space-y-1.5 text-sm text-ink">
          {openingHours(whatsapp !== null).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <p className="text-xs font-semibold text-muted">Hora de Venezuela</p>
      </section>
    </div>
  );
}
