// Spanish transactional emails. One shared layout without tables (modern clients render plain blocks well,
// and screen readers do not announce layout tables); every interpolated value goes through escapeHtml.

export interface EmailContent {
  subject: string;
  html: string;
  text: string;
}

const BRAND = "#6d28d9";
const BRAND_DARK = "#4c1d95";
const INK = "#1f2937";
const MUTED = "#4b5563";
const FONT = "font-family:'Segoe UI',Roboto,Helvetica,Arial,sans-serif;";
const RESPONSIBLE_PLAY = "Juega responsablemente. Prohibida la venta a menores de 18 años.";

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(value: unknown): string {
  return String(value ?? "").replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** Only absolute http(s) links go into an email; anything else (javascript:, relative paths) is dropped. */
function safeUrl(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.toString() : undefined;
  } catch {
    return undefined;
  }
}

/** Plain text to paragraphs: blank lines split paragraphs, single newlines become line breaks. */
function paragraphs(text: string): string {
  return text
    .trim()
    .split(/\n\s*\n/)
    .map(
      (block) =>
        `<p style="margin:0 0 16px;font-size:16px;line-height:1.6;color:${INK};">${escapeHtml(block.trim()).replace(/\n/g, "<br>")}</p>`,
    )
    .join("\n");
}

function greeting(name: string | undefined): string {
  const trimmed = name?.trim();
  return trimmed ? `Hola, ${trimmed}:` : "Hola:";
}

function button(url: string, label: string): string {
  return `<p style="margin:24px 0;"><a href="${escapeHtml(url)}" style="display:inline-block;padding:14px 28px;background:${BRAND};color:#ffffff;border-radius:8px;text-decoration:none;font-weight:700;font-size:16px;">${escapeHtml(label)}</a></p>`;
}

function plainLink(url: string, intro: string): string {
  return `<p style="margin:0 0 16px;font-size:14px;line-height:1.6;color:${MUTED};">${escapeHtml(intro)}<br><a href="${escapeHtml(url)}" style="color:${BRAND_DARK};word-break:break-all;">${escapeHtml(url)}</a></p>`;
}

const ACCOUNT_FOOTER =
  "Recibes este correo por tu cuenta en Rifazo. Si no reconoces esta actividad, puedes ignorarlo.";

/** `body` is already-escaped HTML built by the template functions below; `footer` is plain text. */
function layout(subject: string, preheader: string, body: string, footer = ACCOUNT_FOOTER): string {
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f3f4f6;">
<div style="display:none;max-height:0;overflow:hidden;">${escapeHtml(preheader)}</div>
<div role="article" aria-roledescription="email" aria-label="${escapeHtml(subject)}" lang="es" style="${FONT}padding:24px 12px;background:#f3f4f6;">
<div style="max-width:560px;margin:0 auto;">
<div style="background:${BRAND_DARK};background-image:linear-gradient(135deg,${BRAND},${BRAND_DARK});border-radius:12px 12px 0 0;padding:20px 28px;">
<p style="margin:0;font-size:26px;font-weight:800;letter-spacing:0.5px;color:#ffffff;">Rifazo <span aria-hidden="true" style="color:#fcd34d;">&#9733;</span></p>
</div>
<div style="background:#ffffff;padding:28px;border-radius:0 0 12px 12px;">
${body}
</div>
<div style="padding:20px 8px;text-align:center;">
<p style="margin:0 0 6px;font-size:13px;line-height:1.5;color:${MUTED};font-weight:600;">${escapeHtml(RESPONSIBLE_PLAY)}</p>
<p style="margin:0;font-size:12px;line-height:1.5;color:${MUTED};">${escapeHtml(footer)}</p>
</div>
</div>
</div>
</body>
</html>
`;
}

function plainLayout(lines: string[]): string {
  return `Rifazo\n\n${lines.join("\n")}\n\n--\n${RESPONSIBLE_PLAY}\n`;
}

interface LinkEmail {
  /** The template's name, for the error on a URL that is not absolute http(s). */
  template: string;
  subject: string;
  heading: string;
  preheader: string;
  /** The person greeted; none on the sign-in link, asked for before anyone is known. */
  name?: string;
  intro: string;
  url: string;
  button: string;
  expiry: string;
  ignore: string;
}

/** A message whose point is one link (confirm, sign in, reset): button, the link in plain, expiry, "ignore". */
function linkEmail(e: LinkEmail): EmailContent {
  const url = safeUrl(e.url);
  if (!url) throw new Error(`${e.template} needs an absolute http(s) URL`);
  const opening = e.name === undefined ? [e.intro] : [greeting(e.name), "", e.intro];
  const body = [
    `<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:${INK};">${escapeHtml(e.heading)}</h1>`,
    paragraphs(opening.join("\n")),
    button(url, e.button),
    plainLink(url, "Si el botón no funciona, copia y pega este enlace en tu navegador:"),
    `<p style="margin:0 0 16px;font-size:14px;line-height:1.6;color:${MUTED};">${escapeHtml(e.expiry)}</p>`,
    `<p style="margin:0;font-size:14px;line-height:1.6;color:${MUTED};">${escapeHtml(e.ignore)}</p>`,
  ].join("\n");
  return {
    subject: e.subject,
    html: layout(e.subject, e.preheader, body),
    text: plainLayout([...opening, url, "", e.expiry, "", e.ignore]),
  };
}

export function verificationEmail(input: { name: string; url: string }): EmailContent {
  return linkEmail({
    template: "verificationEmail",
    subject: "Confirma tu correo en Rifazo",
    heading: "Confirma tu correo",
    preheader: "Confirma tu correo para activar tu cuenta en Rifazo.",
    name: input.name,
    intro: "Gracias por registrarte en Rifazo. Para activar tu cuenta, confirma tu correo electrónico:",
    url: input.url,
    button: "Confirmar mi correo",
    expiry: "El enlace vence en 24 horas y solo puede usarse una vez.",
    ignore: "Si no creaste una cuenta en Rifazo, ignora este mensaje.",
  });
}

/** The sign-in link asked for on the login page ("Recibir un enlace para entrar"). */
export function magicLinkEmail(input: { url: string }): EmailContent {
  return linkEmail({
    template: "magicLinkEmail",
    subject: "Tu enlace para entrar a Rifazo",
    heading: "Entra a tu cuenta",
    preheader: "Tu enlace para entrar a Rifazo.",
    intro: "Pediste un enlace para entrar a tu cuenta de Rifazo sin contraseña:",
    url: input.url,
    button: "Entrar a Rifazo",
    expiry: "El enlace vence en 10 minutos y solo puede usarse una vez.",
    ignore: "Si no lo pediste tú, ignora este mensaje: nadie puede entrar sin abrir este enlace.",
  });
}

/** The link asked for on "¿Olvidaste tu contraseña?"; it opens the page that sets a new password. */
export function passwordResetEmail(input: { name: string; url: string }): EmailContent {
  return linkEmail({
    template: "passwordResetEmail",
    subject: "Crea una contraseña nueva en Rifazo",
    heading: "Recupera tu contraseña",
    preheader: "Crea una contraseña nueva para tu cuenta de Rifazo.",
    name: input.name,
    intro: "Pediste recuperar la contraseña de tu cuenta de Rifazo. Para crear una nueva, abre este enlace:",
    url: input.url,
    button: "Crear contraseña nueva",
    expiry:
      "El enlace vence en 1 hora y solo puede usarse una vez. Al cambiar la contraseña se cerrará la sesión en todos tus dispositivos.",
    ignore: "Si no lo pediste tú, ignora este mensaje: tu contraseña actual sigue funcionando.",
  });
}

/** Generic notice (payment approved, raffle news, admin messages...): title becomes the subject. */
export function noticeEmail(input: {
  name: string;
  title: string;
  message: string;
  actionUrl?: string;
  actionLabel?: string;
}): EmailContent {
  const subject = input.title.trim() || "Notificación de Rifazo";
  const url = safeUrl(input.actionUrl);
  const label = input.actionLabel?.trim() || "Ver en Rifazo";
  const body = [
    `<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:${INK};">${escapeHtml(subject)}</h1>`,
    paragraphs(greeting(input.name)),
    paragraphs(input.message),
    url ? button(url, label) : "",
    url ? plainLink(url, "O abre este enlace:") : "",
  ]
    .filter(Boolean)
    .join("\n");
  const text = [greeting(input.name), "", input.message.trim()];
  if (url) text.push("", `${label}: ${url}`);
  return {
    subject,
    html: layout(subject, input.message.trim().slice(0, 120), body),
    text: plainLayout(text),
  };
}

/**
 * A vendedor's sale is paid (docs/decisions/0034-vendedores.md): its receipt link to the email the vendedor
 * wrote down, for a buyer who may have no account. Sent once, by the approval's transaction.
 */
export function sellerSaleReceiptEmail(input: {
  buyerName: string;
  raffleTitle: string;
  /** Already written out ("0007, 0042"). */
  numbers: string;
  sellerName: string;
  url: string;
}): EmailContent {
  const url = safeUrl(input.url);
  if (!url) throw new Error("sellerSaleReceiptEmail needs an absolute http(s) URL");
  const subject = `Tu recibo de la rifa "${input.raffleTitle}"`;
  const message = [
    `${input.sellerName} registró tu compra en la rifa "${input.raffleTitle}" y el pago ya está aprobado.`,
    `Tus números: ${input.numbers}.`,
    "En tu recibo ves tus números, el código QR para verificarlos y la fecha del sorteo. Guarda este enlace: quien lo tenga ve tu recibo.",
    "Si creas una cuenta en Rifazo con este mismo correo, podrás reclamar estos boletos desde el recibo y verlos en Mis boletos.",
  ].join("\n\n");
  const body = [
    `<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:${INK};">${escapeHtml(subject)}</h1>`,
    paragraphs(greeting(input.buyerName)),
    paragraphs(message),
    button(url, "Ver mi recibo"),
    plainLink(url, "O abre este enlace:"),
  ].join("\n");
  const footer = `Recibes este correo porque ${input.sellerName} anotó esta dirección al venderte boletos. Si no compraste, puedes ignorarlo.`;
  return {
    subject,
    html: layout(subject, `Tus números: ${input.numbers}`.slice(0, 120), body, footer),
    text: plainLayout([greeting(input.buyerName), "", message, "", `Ver mi recibo: ${url}`, "", footer]),
  };
}
