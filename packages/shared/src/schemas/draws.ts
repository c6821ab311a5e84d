import { z } from "zod";
import { CLOSE_REASONS } from "../domain/raffle-lifecycle";

export const drawWinnerSchema = z.object({
  level: z.number().int(),
  index: z.number().int(),
  ticketNumber: z.number().int(),
  description: z.string(),
});

export const drawTranscriptSchema = z.object({
  algorithmVersion: z.string(),
  raffleId: z.string(),
  commitment: z.string(),
  seed: z.string(),
  publicValue: z.string(),
  ticketNumbers: z.array(z.number().int()),
  ticketListHash: z.string(),
  prizeLevels: z.array(
    z.object({ level: z.number().int(), count: z.number().int(), description: z.string() }),
  ),
  winners: z.array(drawWinnerSchema),
  drawnAt: z.string(),
});

export const drawResultSchema = z.object({
  raffleId: z.string(),
  drawnAt: z.string(),
  empty: z.boolean(),
  winners: z.array(
    z.object({
      level: z.number().int(),
      prize: z.string(),
      ticketNumber: z.string(),
      winnerName: z.string(),
      /** True only for the signed-in caller's own prize: public answers never carry a user id. */
      isMine: z.boolean(),
    }),
  ),
  transcript: drawTranscriptSchema.nullable(),
});

export type DrawResult = z.infer<typeof drawResultSchema>;

export const ticketVerificationQuerySchema = z.object({
  /** A raffle to list first (the verifier opened from a receipt). */
  raffleId: z.string().max(64).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export const ticketVerificationSchema = z.object({
  /**
   * Over every raffle holding the number, whatever the page. refunded: the number's only sales were
   * refunded (a cancelled raffle, decision 0016): void.
   */
  result: z.enum(["not_found", "not_sold", "winner", "not_winner", "refunded"]),
  /** The number asked, in the digits its raffles share (as typed, at least 2, when they differ). */
  ticketNumber: z.string(),
  /** Raffles holding this number (every page); the matches are one page of them. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  matches: z.array(
    z.object({
      raffleId: z.string(),
      /** The number in this raffle's digits ('07' in a 100-ticket raffle, '0007' in a 10,000 one). */
      ticketNumber: z.string(),
      raffleTitle: z.string(),
      raffleStatus: z.string(),
      sold: z.boolean(),
      isWinner: z.boolean(),
      prize: z.string().nullable(),
      drawDate: z.string().nullable(),
      /**
       * Masked name of a winning ticket's owner, or of the signed-in caller's own ticket; null for any
       * other ticket, so nobody can group a raffle's tickets by buyer by asking number after number.
       */
      ownerName: z.string().nullable(),
      /** The signed-in caller bought this ticket. */
      mine: z.boolean().default(false),
      /** Its purchase was refunded: the ticket is void and does not take part (sold is false). */
      refunded: z.boolean().optional(),
    }),
  ),
});
export type TicketVerificationResponse = z.infer<typeof ticketVerificationSchema>;

export const drawRecordSchema = z.object({
  raffleId: z.string(),
  title: z.string(),
  drawnAt: z.string(),
  commitment: z.string().nullable(),
  seed: z.string().nullable(),
  publicValue: z.string().nullable(),
  publicValueSource: z.string().nullable(),
  ticketListHash: z.string().nullable(),
  algorithm: z.string().nullable(),
  ticketCount: z.number().int(),
  winners: z.array(drawWinnerSchema),
});
export type DrawRecord = z.infer<typeof drawRecordSchema>;

// ---------------------------------------------------------------------------------------------
// Draw v2 record (decision 0012; shapes in domain/draw-record.ts, bytes in docs/draw-protocol.md).
// These check the shape of a record read from the network; verifyRecord checks that it is true.
// ---------------------------------------------------------------------------------------------

const int = z.number().int();
const hex = (bytes: number) =>
  z
    .string()
    .regex(new RegExp(`^[0-9a-f]{${bytes * 2}}$`), `Debe tener ${bytes * 2} caracteres hexadecimales.`);
const recordTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/, "Fecha ISO con milisegundos en UTC.");
const prizeLevelSchema = z.object({
  level: int,
  count: int,
  description: z.string(),
  // Decision 0035: a cash prize's amount (decimal text), which a cash delivery is checked against.
  cash: z.object({ currency: z.enum(["USD", "VES"]), amount: z.string().regex(/^\d+\.\d{2}$/) }).optional(),
});

export const drandChainInfoSchema = z.object({
  public_key: z.string().regex(/^[0-9a-fA-F]+$/),
  period: int.min(1),
  genesis_time: int.min(0),
  hash: hex(32),
  schemeID: z.string(),
  groupHash: z.string().optional(),
  metadata: z.object({ beaconID: z.string().optional() }).optional(),
});

const recordExternalRuleSchema = z.object({ kind: z.literal("last_digits"), digits: int.min(1).max(9) });

export const rulesPublishedDataSchema = z.object({
  title: z.string(),
  currency: z.string(),
  price: z.string().regex(/^\d+\.\d{2}$/),
  totalTickets: int,
  activationType: z.string(),
  activationPercentage: int.nullable(),
  startDate: recordTime,
  endDate: recordTime.nullable(),
  reviewWindowHours: int,
  maxTicketsPerBuyer: int.nullable(),
  prizeLevels: z.array(prizeLevelSchema),
  announcement: z.discriminatedUnion("type", [
    z.object({ type: z.literal("internal"), roundDelayMinutes: int.min(0) }),
    z.object({
      type: z.literal("external"),
      lottery: z.string(),
      drawAt: recordTime,
      rule: recordExternalRuleSchema,
      ruleText: z.string(),
      // Decision 0024.
      fallback: z.enum(["drand", "cancel"]).optional(),
      fallbackRoundDelayMinutes: int.optional(),
      correctionWindowHours: int.optional(),
    }),
  ]),
  // Record v3 (decision 0021).
  claimPeriodDays: int.optional(),
  disqualificationReasons: z
    .array(z.object({ code: z.enum(["unclaimed", "fraud"]), text: z.string() }))
    .optional(),
  replacementDelayMinutes: int.optional(),
  // Decision 0035: the instant prizes as sold.
  instantPrizes: z
    .array(
      z.object({
        description: z.string(),
        count: int.min(1),
        cash: z
          .object({ currency: z.enum(["USD", "VES"]), amount: z.string().regex(/^\d+\.\d{2}$/) })
          .optional(),
      }),
    )
    .optional(),
});

const latestBeaconSchema = z.object({ round: int.min(1), signature: z.string().regex(/^[0-9a-f]+$/) });

const prizeRefSchema = z.object({ level: int, index: int, ticketNumber: int });
const frozenTicketSchema = z.object({ number: int.min(0).max(9999), tag: hex(16) });
const recordWinnerSchema = z.object({
  level: int,
  index: int,
  ticketNumber: int,
  tag: hex(16),
  description: z.string(),
});
const externalResultDataSchema = z.object({
  result: z.string(),
  sourceUrl: z.string(),
  winners: z.array(recordWinnerSchema),
  /** Decision 0024: SHA-256 of the official publication, served at /api/raffles/:id/publications/:hash. */
  publicationHash: hex(32).optional(),
});

export const recordEntryDataSchemas = {
  rules_published: rulesPublishedDataSchema,
  closed: z.object({
    reason: z.enum(CLOSE_REASONS),
    reviewDeadline: recordTime,
  }),
  frozen: z.object({
    tickets: z.array(frozenTicketSchema),
    ticketCount: int,
    listHash: hex(32),
    expiredProofs: int.min(0),
  }),
  round_named: z.object({
    chain: drandChainInfoSchema,
    round: int.min(1),
    roundTime: recordTime,
    delayMinutes: int,
    latestBeacon: latestBeaconSchema.nullable().optional(),
  }),
  beacon: z.object({
    round: int.min(1),
    signature: z.string().regex(/^[0-9a-f]+$/),
    randomness: hex(32),
    source: z.enum(["relay", "admin"]),
  }),
  winners: z.object({ algorithm: z.literal("rifazo-draw-v2"), winners: z.array(recordWinnerSchema) }),
  disqualification: z.object({
    level: int,
    index: int,
    ticketNumber: int,
    reason: z.string().min(1),
    /** v2 only. */
    replacement: z
      .object({ level: int, index: int, ticketNumber: int, tag: hex(16) })
      .nullable()
      .optional(),
    // v3 (decision 0021): the reason's text, the evidence hash and the round that draws the replacement.
    reasonText: z.string().optional(),
    evidenceHash: hex(32).nullable().optional(),
    chain: drandChainInfoSchema.optional(),
    round: int.min(1).optional(),
    roundTime: recordTime.optional(),
    delayMinutes: int.optional(),
    latestBeacon: latestBeaconSchema.optional(),
  }),
  replacement: z.object({
    disqualification: int.min(0),
    round: int.min(1),
    signature: z.string().regex(/^[0-9a-f]+$/),
    randomness: hex(32),
    source: z.enum(["relay", "admin"]),
    replacement: z.object({ level: int, index: int, ticketNumber: int, tag: hex(16) }).nullable(),
  }),
  external_result: externalResultDataSchema,
  external_correction: externalResultDataSchema.extend({
    corrects: int.min(0),
    reason: z.string().min(1),
    // Decision 0024: four eyes (admin tags, never a person's email).
    proposedBy: z.string().optional(),
    proposedAt: recordTime.optional(),
    confirmedBy: z.string().optional(),
  }),
  lottery_fallback: z.object({
    fallback: z.enum(["drand", "cancel"]),
    drawAt: recordTime,
    reason: z.string(),
  }),
  cancelled: z.object({ reason: z.string() }),
  // Decision 0035: the prize after the draw.
  prize_claimed: prizeRefSchema,
  prize_delivered: prizeRefSchema.extend({
    method: z.enum(["in_person", "transfer", "pago_movil", "shipping"]),
    deliveredOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    proofHash: hex(32),
    cash: z
      .object({
        prizeCurrency: z.enum(["USD", "VES"]),
        prizeValue: z.string(),
        paidCurrency: z.enum(["USD", "VES"]),
        paidAmount: z.string(),
        rate: z.string().nullable(),
        rateDate: z.string().nullable(),
      })
      .optional(),
    corrects: int.min(0).optional(),
  }),
  prize_confirmation: prizeRefSchema.extend({ outcome: z.enum(["received", "disputed", "resolved"]) }),
  // Decision 0035: instant wins ("rifazo-instant-1").
  instant_final: z.object({
    tickets: z.array(int.min(0).max(9999)),
    chain: drandChainInfoSchema,
    round: int.min(1),
    roundTime: recordTime,
    latestBeacon: latestBeaconSchema.nullable(),
  }),
  instant_draw: z.object({
    algorithm: z.literal("rifazo-instant-1"),
    round: int.min(1),
    signature: z.string().regex(/^[0-9a-f]+$/),
    randomness: hex(32),
    source: z.enum(["relay", "admin"]),
    decided: z.array(
      z.object({
        final: int.min(0),
        wins: z.array(z.object({ ticketNumber: int, index: int.min(0), description: z.string() })),
      }),
    ),
    prizesLeft: int.min(0),
    undecided: int.min(0),
  }),
} as const;

const entryBase = { seq: int.min(0), at: recordTime, prevHash: hex(32), hash: hex(32) };

export const drawRecordEntryV2Schema = z.discriminatedUnion("type", [
  z.object({
    ...entryBase,
    type: z.literal("rules_published"),
    data: recordEntryDataSchemas.rules_published,
  }),
  z.object({ ...entryBase, type: z.literal("closed"), data: recordEntryDataSchemas.closed }),
  z.object({ ...entryBase, type: z.literal("frozen"), data: recordEntryDataSchemas.frozen }),
  z.object({ ...entryBase, type: z.literal("round_named"), data: recordEntryDataSchemas.round_named }),
  z.object({ ...entryBase, type: z.literal("beacon"), data: recordEntryDataSchemas.beacon }),
  z.object({ ...entryBase, type: z.literal("winners"), data: recordEntryDataSchemas.winners }),
  z.object({
    ...entryBase,
    type: z.literal("disqualification"),
    data: recordEntryDataSchemas.disqualification,
  }),
  z.object({ ...entryBase, type: z.literal("replacement"), data: recordEntryDataSchemas.replacement }),
  z.object({
    ...entryBase,
    type: z.literal("external_result"),
    data: recordEntryDataSchemas.external_result,
  }),
  z.object({
    ...entryBase,
    type: z.literal("external_correction"),
    data: recordEntryDataSchemas.external_correction,
  }),
  z.object({
    ...entryBase,
    type: z.literal("lottery_fallback"),
    data: recordEntryDataSchemas.lottery_fallback,
  }),
  z.object({ ...entryBase, type: z.literal("cancelled"), data: recordEntryDataSchemas.cancelled }),
  z.object({ ...entryBase, type: z.literal("prize_claimed"), data: recordEntryDataSchemas.prize_claimed }),
  z.object({
    ...entryBase,
    type: z.literal("prize_delivered"),
    data: recordEntryDataSchemas.prize_delivered,
  }),
  z.object({
    ...entryBase,
    type: z.literal("prize_confirmation"),
    data: recordEntryDataSchemas.prize_confirmation,
  }),
  z.object({ ...entryBase, type: z.literal("instant_final"), data: recordEntryDataSchemas.instant_final }),
  z.object({ ...entryBase, type: z.literal("instant_draw"), data: recordEntryDataSchemas.instant_draw }),
]);

export const drawRecordV2Schema = z.object({
  format: z.enum(["rifazo-record-1", "rifazo-record-3"]),
  raffleId: z.string().min(1),
  entries: z.array(drawRecordEntryV2Schema),
});
