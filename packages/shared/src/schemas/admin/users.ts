import { z } from "zod";
import {
  CURRENCIES,
  LEVEL_NAMES,
  PROOF_STATUSES,
  REFUND_STATUSES,
  ROLES,
  USER_STATUSES,
  USERS_PAGE_SIZE,
} from "../../constants";
import { adminPageSchema, pageParam, searchParam } from "./common";
import { ADMIN_MESSAGES } from "./messages";

// Users: the list, messages to one user, and their participations.

export const ADMIN_USERS_PAGE_SIZE = USERS_PAGE_SIZE;

export const adminUserListQuerySchema = z.object({
  q: searchParam.describe("Nombre o correo."),
  page: pageParam,
});

export const adminUserSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  points: z.number().int(),
  level: z.enum(LEVEL_NAMES),
  emailVerified: z.boolean(),
  registrationDate: z.string(),
  totalTicketsPurchased: z.number().int(),
  totalPaymentProofs: z.number().int(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUserListSchema = adminPageSchema(adminUserSchema);

const requiredText = (message: string, max: number, tooLong: string) =>
  z.preprocess(
    (value) => (typeof value === "string" ? value.trim() : value),
    z.string({ error: message }).min(1, message).max(max, tooLong),
  );

export const adminNotifyInputSchema = z.object({
  title: requiredText(ADMIN_MESSAGES.notifyRequired, 120, ADMIN_MESSAGES.titleTooLong),
  message: requiredText(ADMIN_MESSAGES.notifyRequired, 5000, ADMIN_MESSAGES.messageTooLong),
});
export const adminEmailInputSchema = z.object({
  subject: requiredText(ADMIN_MESSAGES.emailRequired, 120, ADMIN_MESSAGES.titleTooLong),
  body: requiredText(ADMIN_MESSAGES.emailRequired, 5000, ADMIN_MESSAGES.messageTooLong),
});

export const adminParticipationSchema = z.object({
  /** null for a general payment (not tied to a raffle). */
  raffleId: z.string().nullable(),
  raffleName: z.string(),
  participationDate: z.string(),
  proofStatus: z.enum(PROOF_STATUSES),
  paymentProofId: z.string(),
  quantityOfTickets: z.number().int(),
  amount: z.number(),
  currency: z.enum(CURRENCIES),
  tickets: z.array(z.string()),
  /** The refund of a cancelled raffle's purchase (decision 0016): purchaseDisplayState shows it. */
  refund: z
    .object({ status: z.enum(REFUND_STATUSES) })
    .nullable()
    .optional(),
});
export type AdminParticipation = z.infer<typeof adminParticipationSchema>;
export const adminParticipationListSchema = z.object({ items: z.array(adminParticipationSchema) });
