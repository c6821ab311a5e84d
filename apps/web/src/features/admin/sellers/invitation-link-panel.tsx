import { whatsappLink } from "@rifazo/shared/domain/whatsapp";
import { Alert } from "../../../components/ui/alert";
import { buttonClasses } from "../../../components/ui/button";
import { CopyButton } from "../../../components/ui/copy-button";
import { WhatsappIcon } from "../../../components/ui/icons";
import { formatDateTime, sentence } from "../../../lib/format";
import type { SellerInvitation } from "../api/sellers-api";
import { greeting } from "../shared/whatsapp-link";

/** The message a vendedor receives on WhatsApp with their invitation link. */
export function invitationMessage(name: string, url: string): string {
  return `${greeting(name)}, te invito a vender rifas en Rifazo. Acepta la invitación con este enlace: ${url}`;
}

/**
 * The invitation link, shown once (only its hash is stored: docs/decisions/0034-vendedores.md): copy it,
 * send it by WhatsApp when the vendedor was invited by celular, and whether it also went by email.
 */
export function InvitationLinkPanel({ invitation }: { invitation: SellerInvitation }) {
  const { seller, invitationUrl, emailed } = invitation;
  const whatsapp = seller.phone
    ? whatsappLink(seller.phone, invitationMessage(seller.name, invitationUrl))
    : null;
  return (
    <section aria-labelledby="invitation-link-title" className="space-y-4">
      <Alert variant="warning" title="Este enlace se muestra una sola vez">
        Cópialo o envíalo ahora: después solo podrás crear uno nuevo, que anula este.
        {seller.invitationExpiresAt
          ? ` ${sentence(`Vence el ${formatDateTime(seller.invitationExpiresAt, "short")}`)}`
          : null}
      </Alert>
      <div className="space-y-2">
        <h3 id="invitation-link-title" className="text-sm font-bold text-ink">
          Enlace de invitación de {seller.name}
        </h3>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
          <p
            data-testid="invitation-url"
            className="min-w-0 flex-1 rounded-control border border-line bg-canvas px-3 py-2 font-mono text-xs text-ink break-all select-all"
          >
            {invitationUrl}
          </p>
          <CopyButton
            value={invitationUrl}
            label="Enlace de invitación"
            name="Copiar enlace de invitación"
            text="Copiar enlace"
          />
        </div>
      </div>
      {whatsapp ? (
        <a
          href={whatsapp}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClasses({ variant: "outline", className: "w-full sm:w-auto" })}
        >
          <WhatsappIcon aria-hidden="true" />
          Enviar por WhatsApp<span className="sr-only"> a {seller.name}</span>
        </a>
      ) : null}
      <p className="text-sm text-muted">
        {emailed && seller.email
          ? `También lo enviamos por correo a ${seller.email}.`
          : "No se envió ningún correo: compártelo tú con el vendedor."}
      </p>
    </section>
  );
}
