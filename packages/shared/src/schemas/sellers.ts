import { z } from "zod";
import { CURRENCIES } from "../constants";
import { parseEsNumber } from "../domain/money";
import { normalizeVenezuelanMobile } from "../domain/phone";
import { ERROR_MESSAGES } from "../errors";
import { sellerRankingSchema } from "./seller-leaderboard";
import { SELLER_SALE_METHODS } from "./seller-sales";

// Vendedores (docs/decisions/0034-vendedores.md): a person the organiser invites, who may sell the raffles
// assigned to them, each with its commission and the most cash they may hold unsettled. The role is per
// raffle; `users.role` stays user | admin.

export const SELLER_STATUSES = ["invited", "active", "suspended"] as const;
export type SellerStatus = (typeof SELLER_STATUSES)[number];

export const SELLER_STATUS_LABELS: Record<SellerStatus, string> = {
  invited: "Invitado",
  active: "Activo",
  suspended: "Suspendido",
};

export const COMMISSION_KINDS = ["percent", "fixed"] as const;
export type CommissionKind = (typeof COMMISSION_KINDS)[number];
export const COMMISSION_KIND_LABELS: Record<CommissionKind, string> = {
  percent: "Porcentaje",
  fixed: "Monto por boleto",
};

export const SELLER_LIMITS = {
  name: 80,
  invitationDays: 14,
  maxPercent: 100,
  reference: 60,
  note: 200,
} as const;

/**
 * What a "liquidación" settles: the organiser pays the vendedor's commission, or the vendedor hands over
 * the cash of their sales.
 */
export const SETTLEMENT_KINDS = ["commission", "cash"] as const;
export type SettlementKind = (typeof SETTLEMENT_KINDS)[number];
export const SETTLEMENT_KIND_LABELS: Record<SettlementKind, string> = {
  commission: "Pago de comisión",
  cash: "Entrega de efectivo",
};

/** How the money changed hands. */
export const SETTLEMENT_METHOD_LABELS = {
  efectivo: "Efectivo",
  pago_movil: "Pago Móvil",
  transferencia: "Transferencia bancaria",
  zelle: "Zelle",
  binance: "Binance Pay",
} as const;
export type SettlementMethod = keyof typeof SETTLEMENT_METHOD_LABELS;
export const SETTLEMENT_METHODS = Object.keys(SETTLEMENT_METHOD_LABELS) as [
  SettlementMethod,
  ...SettlementMethod[],
];

export const SELLER_MESSAGES = {
  name: `Escribe el nombre del vendedor (de 2 a ${SELLER_LIMITS.name} caracteres).`,
  email: "Escribe un correo válido, por ejemplo nombre@correo.com.",
  phone: "Escribe un celular venezolano válido, por ejemplo 0414-1234567.",
  contact: "Escribe el correo o el celular del vendedor para enviarle la invitación.",
  commissionKind: "Elige si la comisión es un porcentaje o un monto fijo por boleto.",
  percent: `El porcentaje de comisión va de 0 a ${SELLER_LIMITS.maxPercent}.`,
  allowed: "Indica si el vendedor puede vender esta rifa.",
  emailTaken: "Ya hay un vendedor con ese correo.",
  phoneTaken: "Ya hay un vendedor con ese celular.",
  invitationOtherEmail: (email: string) =>
    `Esta invitación es para ${email}. Inicia sesión con esa cuenta para aceptarla.`,
  notInvited: "Este vendedor ya aceptó su invitación.",
  stillInvited:
    "Este vendedor aún no aceptó su invitación: no hay nada que suspender. Si no debe vender, deja que el enlace venza.",
  raffleNotOnSale: "Solo se asignan rifas próximas o activas.",
  settlementMethod: "Elige cómo pagaste la comisión.",
  settlementAmount: "El monto pagado debe ser mayor que cero.",
  settlementReference: "Escribe la referencia del pago (solo el efectivo no la lleva).",
  settlementNote: `La nota admite hasta ${SELLER_LIMITS.note} caracteres.`,
  notAssigned: "Este vendedor no tiene esa rifa asignada.",
  settlementTooLarge: (owed: string) => `El pago supera la comisión por pagar de esta rifa (${owed}).`,
  settlementKind: "Indica si pagas una comisión o recibes efectivo del vendedor.",
  cashTooLarge: (held: string) =>
    `La entrega supera el efectivo que el vendedor tiene de esta rifa (${held}).`,
  proofType: "El comprobante de la liquidación debe ser una imagen JPG o PNG, o un PDF.",
  proofTooLarge: "El comprobante de la liquidación no puede superar los 5 MB.",
  proofCash:
    "Un pago en efectivo no lleva comprobante: adjúntalo solo a Pago Móvil, transferencia, Zelle o Binance.",
  proofMissing: "Esta liquidación no tiene comprobante.",
} as const;

/**
 * Methods whose settlement may carry the transfer's receipt (a private file: the administrators and the
 * vendedor it was paid to read it).
 */
export const SETTLEMENT_PROOF_METHODS = ["pago_movil", "transferencia", "zelle", "binance"] as const;

const moneyField = (label: string) =>
  z
    .union([z.number(), z.string()], { error: `${label}: escribe un monto como "1.194,56".` })
    .transform((value, ctx) => {
      const parsed = parseEsNumber(value, { decimals: 2, max: 1_000_000_000 });
      if (!parsed.ok) {
        ctx.addIssue({ code: "custom", message: `${label}: ${parsed.error}` });
        return z.NEVER;
      }
      return parsed.value;
    });

/** POST /api/admin/sellers: who to invite, by email, by celular, or both. */
export const sellerInviteInputSchema = z
  .object({
    name: z
      .string({ error: SELLER_MESSAGES.name })
      .trim()
      .min(2, SELLER_MESSAGES.name)
      .max(SELLER_LIMITS.name, SELLER_MESSAGES.name),
    email: z
      .union([
        z.email({ error: SELLER_MESSAGES.email }).max(254, SELLER_MESSAGES.email),
        z.literal(""),
        z.null(),
      ])
      .optional()
      .transform((value) => (value ? value.trim().toLowerCase() : null)),
    phone: z
      .union([z.string().max(40, SELLER_MESSAGES.phone), z.null()], { error: SELLER_MESSAGES.phone })
      .optional()
      .transform((value, ctx) => {
        if (!value?.trim()) return null;
        const phone = normalizeVenezuelanMobile(value);
        if (!phone) {
          ctx.addIssue({ code: "custom", message: SELLER_MESSAGES.phone });
          return z.NEVER;
        }
        return phone;
      }),
  })
  .superRefine((value, ctx) => {
    if (!value.email && !value.phone)
      ctx.addIssue({ code: "custom", path: ["email"], message: SELLER_MESSAGES.contact });
  });
export type SellerInviteInput = z.input<typeof sellerInviteInputSchema>;

/** PUT /api/admin/sellers/{id}/raffles/{raffleId}: may they sell it, for what commission, holding how much. */
export const sellerAssignmentInputSchema = z
  .object({
    allowed: z.boolean({ error: SELLER_MESSAGES.allowed }),
    commissionKind: z.enum(COMMISSION_KINDS, { error: SELLER_MESSAGES.commissionKind }),
    commissionValue: moneyField("Comisión"),
    creditLimit: moneyField("Límite de efectivo"),
  })
  .superRefine((value, ctx) => {
    if (value.commissionKind === "percent" && value.commissionValue > SELLER_LIMITS.maxPercent)
      ctx.addIssue({ code: "custom", path: ["commissionValue"], message: SELLER_MESSAGES.percent });
  });
export type SellerAssignmentInput = z.input<typeof sellerAssignmentInputSchema>;

export const sellerAssignmentSchema = z.object({
  raffleId: z.string(),
  raffleTitle: z.string(),
  raffleStatus: z.string(),
  currency: z.enum(CURRENCIES),
  ticketPrice: z.number(),
  allowed: z.boolean(),
  commissionKind: z.enum(COMMISSION_KINDS),
  /** Percent (0–100) or an amount per ticket in the raffle's currency. */
  commissionValue: z.number(),
  /** The most cash (raffle currency) the vendedor may hold unsettled for this raffle. */
  creditLimit: z.number(),
  /** Commissions the organiser owes the vendedor for this raffle (the ledger's balance, raffle currency). */
  commissionOwed: z.number(),
  /** Commissions already paid to the vendedor for this raffle (settlements). */
  commissionPaid: z.number(),
  /** Cash the vendedor collected in sales of this raffle and has not handed over yet (raffle currency). */
  cashHeld: z.number(),
  updatedAt: z.string(),
});
export type SellerAssignment = z.infer<typeof sellerAssignmentSchema>;

/** A "liquidación" as both sides list it. */
export const sellerSettlementSchema = z.object({
  id: z.string(),
  raffleId: z.string(),
  raffleTitle: z.string(),
  kind: z.enum(SETTLEMENT_KINDS),
  amount: z.number(),
  currency: z.enum(CURRENCIES),
  method: z.enum(SETTLEMENT_METHODS),
  reference: z.string().nullable(),
  note: z.string().nullable(),
  /** Where the reader may open the transfer's receipt (their own route); null without one. */
  proofUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type SellerSettlement = z.infer<typeof sellerSettlementSchema>;

export const adminSellerSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  /** E.164 (+58…). */
  phone: z.string().nullable(),
  /** Short code that names the vendedor (links, receipts). */
  code: z.string(),
  status: z.enum(SELLER_STATUSES),
  /** The account that accepted the invitation, once accepted. */
  account: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  invitedAt: z.string(),
  /** Until when the invitation link works while the status is `invited`. */
  invitationExpiresAt: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  suspendedAt: z.string().nullable(),
  raffles: z.array(sellerAssignmentSchema),
  /** Commissions paid to the vendedor, newest first (the latest 50). */
  settlements: z.array(sellerSettlementSchema),
});
export type AdminSeller = z.infer<typeof adminSellerSchema>;

export const adminSellerListSchema = z.object({ items: z.array(adminSellerSchema) });
export type AdminSellerList = z.infer<typeof adminSellerListSchema>;

/** The invitation link is shown once, when made: only its hash is stored. */
export const sellerInvitationSchema = z.object({
  seller: adminSellerSchema,
  invitationUrl: z.string(),
  /** Whether an email with the link was queued (an invitation by celular is shared by the organiser). */
  emailed: z.boolean(),
});
export type SellerInvitation = z.infer<typeof sellerInvitationSchema>;

/** GET /api/seller/me: the vendedor area (/vendedor). */
export const sellerAreaSchema = z.object({
  seller: z.object({
    id: z.string(),
    name: z.string(),
    code: z.string(),
    status: z.enum(SELLER_STATUSES),
  }),
  raffles: z.array(
    z.object({
      raffleId: z.string(),
      title: z.string(),
      status: z.string(),
      currency: z.enum(CURRENCIES),
      ticketPrice: z.number(),
      totalTickets: z.number().int(),
      soldTickets: z.number().int(),
      endDate: z.string().nullable(),
      commissionKind: z.enum(COMMISSION_KINDS),
      commissionValue: z.number(),
      creditLimit: z.number(),
      /** The vendedor's link to this raffle (/rifas/:id?v=CODE): purchases through it are credited to them. */
      linkPath: z.string(),
      /** Tickets of purchases made through the link: approved, and under review. */
      linkTickets: z.object({ approved: z.number().int(), underReview: z.number().int() }),
      /** Commissions earned and not yet settled for this raffle (the ledger's balance, raffle currency). */
      commissionOwed: z.number(),
      /** Commissions the organiser already paid for this raffle. */
      commissionPaid: z.number(),
      /** Chosen numbers (the vendedor picks them on the grid) or a quantity of random ones. */
      numberMode: z.enum(["chosen", "random"]),
      combos: z.array(z.object({ quantity: z.number().int(), price: z.number() })),
      /** The methods the raffle accepts that a vendedor may take (SELLER_SALE_METHODS). */
      saleMethods: z.array(z.enum(SELLER_SALE_METHODS)),
      /**
       * The least first payment of an abono (raffle currency): the vendedor may apartar numbers with it;
       * null when the raffle is sold whole only (decision 0034, "Abonos").
       */
      installmentMinimum: z.number().nullable(),
      /** Cash collected and not yet handed to the organiser (raffle currency); at most creditLimit. */
      cashHeld: z.number(),
      /** Their place among the raffle's vendedores by tickets approved; null before their first. */
      ranking: sellerRankingSchema,
    }),
  ),
  /** The "liquidaciones" of the vendedor, newest first (the latest 50), with their receipts. */
  settlements: z.array(sellerSettlementSchema),
  /** The BCV rate (bolívares per dollar) a sale is priced at now; null when none is known. */
  exchangeRate: z.number().nullable(),
  /**
   * This session's key for signing sales queued without signal (base64url, 32 bytes): derived from the
   * session, so it changes at the next sign-in and a queue signed under one session is refused in another.
   */
  saleKey: z.string(),
});
export type SellerArea = z.infer<typeof sellerAreaSchema>;

/** POST /api/seller/invitations/accept. */
export const sellerInvitationAcceptSchema = z.object({
  token: z
    .string({ error: ERROR_MESSAGES.SELLER_INVITATION_INVALID })
    .min(1, ERROR_MESSAGES.SELLER_INVITATION_INVALID)
    .max(200, ERROR_MESSAGES.SELLER_INVITATION_INVALID),
});

const optionalText = (max: number, message: string) =>
  z
    .union([z.string().max(max, message), z.null()], { error: message })
    .optional()
    .transform((value) => value?.trim() || null);

/** POST /api/admin/sellers/{id}/raffles/{raffleId}/settlements: a commission paid to the vendedor. */
export const sellerSettlementInputSchema = z
  .object({
    /** Default: a commission paid (the only kind before cash sales). */
    kind: z.enum(SETTLEMENT_KINDS, { error: SELLER_MESSAGES.settlementKind }).default("commission"),
    amount: moneyField("Monto"),
    method: z.enum(SETTLEMENT_METHODS, { error: SELLER_MESSAGES.settlementMethod }),
    reference: optionalText(SELLER_LIMITS.reference, SELLER_MESSAGES.settlementReference),
    note: optionalText(SELLER_LIMITS.note, SELLER_MESSAGES.settlementNote),
  })
  .superRefine((value, ctx) => {
    if (value.amount <= 0)
      ctx.addIssue({ code: "custom", path: ["amount"], message: SELLER_MESSAGES.settlementAmount });
    if (value.method !== "efectivo" && !value.reference)
      ctx.addIssue({ code: "custom", path: ["reference"], message: SELLER_MESSAGES.settlementReference });
  });
export type SellerSettlementInput = z.input<typeof sellerSettlementInputSchema>;
