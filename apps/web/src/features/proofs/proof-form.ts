import {
  CURRENCIES,
  type Currency,
  DEFAULT_CURRENCY,
  MAX_PROOF_BYTES,
  type PaymentMethod,
  PROOF_FILE_EXTENSIONS,
  PROOF_MIME_TYPES,
  type ProofMimeType,
} from "@rifazo/shared/constants";
import type { ErrorCode } from "@rifazo/shared/errors";

export { newIdempotencyKey } from "./idempotency-key";

import { formatEsNumber, parseEsNumber } from "@rifazo/shared/domain/money";
import { PURCHASE_LIMIT_MESSAGES } from "@rifazo/shared/domain/purchase-limits";
import {
  GENERAL_PROOF_ID,
  PROOF_MESSAGES,
  PROOF_UPLOAD_FIELDS,
  type ProofQuantityCode,
} from "@rifazo/shared/schemas/proof-rules";
import type { ProofFormFields } from "@rifazo/shared/schemas/proofs";

// Helpers of the proof upload form (spec 1 §2 "Proof upload", §5, §8, §9), kept free of React so they
// can be tested: file checks, the raffle info the page receives and the toast texts. The field rules are
// the shared form schema's (`proofFormSchemaFor` in @rifazo/shared/schemas/proofs), not repeated here.

const SHARED = PROOF_MESSAGES;

/**
 * The form's texts: the spec's titles and messages (the shared PROOF_MESSAGES, which the API sends too)
 * under the form's names, plus the descriptions under each toast title.
 */
export const PROOF_FORM_TEXT = {
  fileTooLarge: SHARED.fileTooLarge,
  fileType: SHARED.fileType,
  userErrorTitle: SHARED.userErrorTitle,
  userError: SHARED.signIn,
  missingFileTitle: SHARED.fileMissing,
  missingFile: "Adjunta la imagen o el PDF de tu comprobante de pago.",
  missingMethodTitle: SHARED.methodMissing,
  missingMethod: "Selecciona el método con el que realizaste el pago.",
  missingReferenceTitle: SHARED.referenceMissing,
  missingReference: "Ingresa el número de referencia de la transacción.",
  invalidAmountTitle: SHARED.amountInvalid,
  invalidAmount: "El monto debe ser mayor a 0, con hasta dos decimales.",
  invalidQuantityTitle: "Cantidad Inválida",
  invalidQuantity: SHARED.quantityInvalid,
  minPurchaseTitle: SHARED.minPurchaseTitle,
  minPurchase: SHARED.minPurchase,
  insufficientTicketsTitle: SHARED.insufficientTicketsTitle,
  remaining: SHARED.remaining,
  uploadErrorTitle: SHARED.uploadFailed,
  saveErrorTitle: SHARED.saveFailed,
  successTitle: SHARED.successTitle,
  success: SHARED.success,
  raffleLoadError: SHARED.raffleLoadFailed,
} as const;

/** What the file input offers (the shared types and names); the real check reads the file's first bytes. */
export const PROOF_ACCEPT = [...PROOF_MIME_TYPES, ...PROOF_FILE_EXTENSIONS.map((ext) => `.${ext}`)].join(",");
export const GENERAL_RAFFLE_ID = GENERAL_PROOF_ID;
/** Redirect after a successful upload (spec 1 §9). */
export const PROOF_REDIRECT_MS = 2_000;

export type ProofFileType = ProofMimeType;

/** The real type from the magic bytes (PNG, JPEG, PDF); null for anything else. */
export function detectProofType(head: Uint8Array): ProofFileType | null {
  const starts = (signature: number[]) => signature.every((byte, i) => head[i] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (starts([0xff, 0xd8, 0xff])) return "image/jpeg";
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return "application/pdf";
  return null;
}

const ALLOWED_EXTENSIONS = new RegExp(`\\.(${PROOF_FILE_EXTENSIONS.join("|")})$`, "i");

/**
 * Size and type of a chosen file. The browser's MIME type only follows the file name, so a text file
 * renamed to .png is caught by its first bytes (the server checks the same way).
 */
export function checkProofFile(file: { name: string; size: number }, head: Uint8Array): string | null {
  if (file.size > MAX_PROOF_BYTES) return PROOF_FORM_TEXT.fileTooLarge;
  if (!ALLOWED_EXTENSIONS.test(file.name) || !detectProofType(head)) return PROOF_FORM_TEXT.fileType;
  return null;
}

export async function validateProofFile(file: File): Promise<string | null> {
  if (file.size > MAX_PROOF_BYTES) return PROOF_FORM_TEXT.fileTooLarge;
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  return checkProofFile(file, head);
}

/** Raffle info handed over by the purchase box (navigation state), all optional. */
export interface ProofNavigationState {
  raffleId?: string;
  raffleName?: string;
  totalAmount?: number;
  currency?: string;
  numberOfTickets?: number;
}

export interface ProofPrefill {
  raffleName: string | null;
  amount: number | null;
  currency: Currency | null;
  quantity: number | null;
}

/** A number from state, or text from the query read as es-VE like every amount ("12.50", "1.194,56"). */
function positiveNumber(value: unknown): number | null {
  const parsed = typeof value === "string" ? parseEsNumber(value, { decimals: 2 }) : null;
  const number = parsed ? (parsed.ok ? parsed.value : null) : value;
  return typeof number === "number" && Number.isFinite(number) && number > 0 ? number : null;
}

function positiveInteger(value: unknown): number | null {
  const number = positiveNumber(value);
  return number !== null && Number.isInteger(number) ? number : null;
}

function asCurrency(value: unknown): Currency | null {
  return typeof value === "string" && (CURRENCIES as readonly string[]).includes(value)
    ? (value as Currency)
    : null;
}

/**
 * Navigation state wins; query parameters `tickets` and `amount` fill what it lacks (a shared or
 * reloaded link keeps working). State meant for another raffle is ignored.
 */
export function readProofPrefill(raffleId: string, state: unknown, search: URLSearchParams): ProofPrefill {
  const fromState =
    state && typeof state === "object" ? (state as ProofNavigationState) : ({} as ProofNavigationState);
  const usable = !fromState.raffleId || String(fromState.raffleId) === raffleId;
  const s = usable ? fromState : ({} as ProofNavigationState);
  return {
    raffleName: typeof s.raffleName === "string" && s.raffleName.trim() ? s.raffleName.trim() : null,
    amount: positiveNumber(s.totalAmount) ?? positiveNumber(search.get("amount")),
    currency: asCurrency(s.currency),
    quantity: positiveInteger(s.numberOfTickets) ?? positiveInteger(search.get("tickets")),
  };
}

/** What the form sends once the shared schema has parsed it: the file is the browser's File. */
export type ProofUpload = Omit<ProofFormFields, "file"> & { file: File };

/** The form's raw values (what the inputs hold); the shared schema turns them into ProofFormFields. */
export interface ProofFormValues {
  paymentMethod: PaymentMethod | "";
  transactionRef: string;
  amount: string;
  currency: Currency;
  quantity: string;
  userNotes: string;
  file: File | null;
}

export function emptyProofForm(prefill?: Partial<ProofPrefill>): ProofFormValues {
  return {
    paymentMethod: "",
    transactionRef: "",
    amount: prefill?.amount ? prefill.amount.toFixed(2) : "",
    currency: prefill?.currency ?? DEFAULT_CURRENCY,
    quantity: String(prefill?.quantity ?? 1),
    userNotes: "",
    file: null,
  };
}

export type ProofField = keyof ProofFormValues;

/**
 * What the browser's own form held when the full form took its place (decision 0029): the text a buyer
 * typed in the instant of the swap, and the method when they changed it from the one it started on, which
 * the full form adopts. Never the file.
 */
export type HandedOverValues = Partial<
  Pick<ProofFormValues, "transactionRef" | "amount" | "userNotes" | "paymentMethod">
>;
export const HANDED_OVER_FIELDS = ["transactionRef", "amount", "userNotes"] as const;

/**
 * Fields in the order the spec checks them (spec 1 §8 "Proof upload"): the file first, then the API body's
 * fields in their shared order, without the two the page fills in itself. The first invalid one is toasted.
 */
export const PROOF_FIELD_ORDER: readonly ProofField[] = [
  "file",
  ...PROOF_UPLOAD_FIELDS.filter(
    (field): field is Exclude<typeof field, "raffleId" | "idempotencyKey"> =>
      field !== "raffleId" && field !== "idempotencyKey",
  ),
];

/** The line under a toast whose title is the schema's own message (the spec's titles). */
const TOAST_DESCRIPTIONS: Record<string, string> = {
  [PROOF_FORM_TEXT.missingFileTitle]: PROOF_FORM_TEXT.missingFile,
  [PROOF_FORM_TEXT.missingMethodTitle]: PROOF_FORM_TEXT.missingMethod,
  [PROOF_FORM_TEXT.missingReferenceTitle]: PROOF_FORM_TEXT.missingReference,
  [PROOF_FORM_TEXT.invalidAmountTitle]: PROOF_FORM_TEXT.invalidAmount,
};

/** The title above a broken quantity limit, by the code the API answers for the same rule. */
const QUANTITY_TITLES: Record<ProofQuantityCode, string> = {
  MIN_PURCHASE: PROOF_FORM_TEXT.minPurchaseTitle,
  INSUFFICIENT_TICKETS: PROOF_FORM_TEXT.insufficientTicketsTitle,
  TICKET_CAP_REACHED: PURCHASE_LIMIT_MESSAGES.capTitle,
};

/** The code a field error's type carries when it is a broken quantity limit (useProofForm's resolver). */
export function quantityCode(type: string | undefined): ProofQuantityCode | undefined {
  return type !== undefined && Object.hasOwn(QUANTITY_TITLES, type) ? (type as ProofQuantityCode) : undefined;
}

/** A field's problem as the form holds it: the message, and the code of a broken quantity limit. */
export interface ProofFieldIssue {
  message: string;
  code?: ProofQuantityCode | undefined;
}

/**
 * The toast for a problem of the shared form schema: the spec's titles ('Falta Referencia', 'Monto
 * Inválido'...) are the messages themselves; a sentence gets the title of its kind above it (a quantity
 * limit's by its code).
 */
export function proofToast(
  field: ProofField,
  issue: ProofFieldIssue,
): { title: string; description: string } {
  const { message, code } = issue;
  const description = TOAST_DESCRIPTIONS[message];
  if (description) return { title: message, description };
  if (field === "amount") return { title: PROOF_FORM_TEXT.invalidAmountTitle, description: message };
  const title = code
    ? QUANTITY_TITLES[code]
    : field === "quantity"
      ? PROOF_FORM_TEXT.invalidQuantityTitle
      : field === "file"
        ? PROOF_FORM_TEXT.uploadErrorTitle
        : PROOF_FORM_TEXT.saveErrorTitle;
  return { title, description: message };
}

/** Same inputs give the same fingerprint: a retry of an unchanged form reuses its idempotency key. */
export function proofFingerprint(raffleId: string, fields: ProofUpload, reservationId?: string): string {
  const file = [fields.file.name, fields.file.size, fields.file.lastModified].join(":");
  return JSON.stringify([
    raffleId,
    reservationId ?? "",
    fields.paymentMethod,
    fields.transactionRef,
    fields.amount,
    fields.currency,
    fields.quantity,
    fields.userNotes ?? "",
    file,
  ]);
}

/** Where to go after the upload: the payments list for a general payment, else back to the raffle. */
export function redirectAfterUpload(raffleId: string): { kind: "payments" } | { kind: "raffle"; id: string } {
  return raffleId === GENERAL_RAFFLE_ID ? { kind: "payments" } : { kind: "raffle", id: raffleId };
}

/** The codes that refuse the file itself: too large, or not an allowed type. */
const FILE_CODES: ReadonlySet<ErrorCode> = new Set([
  "PAYLOAD_TOO_LARGE",
  "UNSUPPORTED_FILE_TYPE",
  "INVALID_FILE_TYPE",
]);

/** Failures about the file itself (or the connection) are upload errors; the rest are save errors. */
export function isUploadFailure(error: { status: number; code: ErrorCode; fields?: Record<string, string> }) {
  if (error.code === "NETWORK" || error.status === 0 || error.status === 413) return true;
  if (FILE_CODES.has(error.code)) return true;
  return Boolean(error.fields && ("file" in error.fields || "proof" in error.fields));
}

/**
 * The amount as typed, es-VE ("1.194,56", "1194,56", "1194.56"), read by the shared parser: the plain
 * number text the API reads ("1194.56"), or the parser's Spanish message. Blank stays blank, so the
 * schema's "Monto Inválido" still names a missing amount.
 */
export function normalizeAmount(text: string): { ok: true; value: string } | { ok: false; error: string } {
  if (text.trim() === "") return { ok: true, value: "" };
  const parsed = parseEsNumber(text, { decimals: 2 });
  return parsed.ok ? { ok: true, value: parsed.value.toFixed(2) } : parsed;
}

/** An expected amount as the amount field shows it: "1.194,56". */
export function amountText(value: number): string {
  return formatEsNumber(value, 2);
}

// What the buyer typed survives a trip to the bank's app (the phone may unload the tab meanwhile): the
// text fields are kept in this tab's sessionStorage per purchase. A chosen file cannot be kept.

/** The fields a draft keeps: everything but the file. */
export type ProofDraft = Pick<
  ProofFormValues,
  "paymentMethod" | "transactionRef" | "amount" | "quantity" | "userNotes"
>;

const DRAFT_PREFIX = "rifazo:comprobante:";

/** One draft per reservation (or per raffle, for a purchase started without one). */
export function proofDraftKey(raffleId: string, reservationId?: string | null): string {
  return `${DRAFT_PREFIX}${reservationId ? `reserva:${reservationId}` : `rifa:${raffleId}`}`;
}

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    // Storage blocked (private mode, policy): the form simply does not keep drafts.
    return null;
  }
}

const DRAFT_FIELDS = ["paymentMethod", "transactionRef", "amount", "quantity", "userNotes"] as const;

export function readProofDraft(key: string): Partial<ProofDraft> | null {
  try {
    const raw = storage()?.getItem(key);
    if (!raw) return null;
    const data = JSON.parse(raw) as Record<string, unknown>;
    const draft: Partial<ProofDraft> = {};
    for (const field of DRAFT_FIELDS) {
      const value = data[field];
      // An empty method restores nothing: the form's own start (the open tab's method) stays.
      if (typeof value === "string" && (value !== "" || field !== "paymentMethod"))
        (draft as Record<string, string>)[field] = value;
    }
    // Only what the buyer chose or typed makes a draft worth restoring (quantity and amount start filled).
    const typed = [draft.paymentMethod, draft.transactionRef, draft.userNotes].some(
      (v) => v && v.trim() !== "",
    );
    return typed ? draft : null;
  } catch {
    return null;
  }
}

export function writeProofDraft(key: string, values: Partial<ProofFormValues>): void {
  const draft: Record<string, string> = {};
  for (const field of DRAFT_FIELDS) {
    const value = values[field];
    if (typeof value === "string") draft[field] = value;
  }
  try {
    storage()?.setItem(key, JSON.stringify(draft));
  } catch {
    // Quota or blocked storage: losing the draft is acceptable, failing the form is not.
  }
}

export function clearProofDraft(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // See writeProofDraft.
  }
}
