// The demo catalogue's plan, made before anything is written: raffles with their dates, the payments
// of every buyer (approved, pending, rejected) and, once the approvals have handed out the tickets, the
// winners. Deterministic (a fixed pseudo-random seed) except what the app itself draws at random.
import { randomUUID } from "node:crypto";
import { type Currency, convertAmount, methodCurrency, type PaymentMethod } from "@rifazo/shared";
import {
  commitmentForSeed,
  createDrawTranscript,
  type DrawTranscript,
  generateSeed,
} from "@rifazo/shared/domain/draw-engine";
import { newStorageKey } from "../modules/files";
import { BIG_BUYERS, DEMO_EXCHANGE_RATE, type DemoPurchase, type DemoRaffle } from "./demo-data";
import { DEMO_RAFFLES } from "./demo-raffles";

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/** Deterministic pseudo-random numbers (mulberry32), so the demo looks the same on every fresh start. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  return { next, int, pick };
}
type Random = ReturnType<typeof createRandom>;

export interface PlannedRaffle {
  def: DemoRaffle;
  id: string;
  createdAt: Date;
  startDate: Date;
  endDate: Date | null;
  activatedAt: Date | null;
  /** Sales happen between these two instants. */
  salesFrom: Date;
  salesUntil: Date;
  drawSeed: string | null;
  drawCommitment: string | null;
  transcript: DrawTranscript | null;
}

export interface PlannedProof {
  id: string;
  userKey: string;
  raffle: PlannedRaffle | null;
  quantity: number;
  amount: number;
  currency: Currency;
  exchangeRate: number | null;
  method: PaymentMethod;
  reference: string;
  status: "approved" | "pending" | "rejected";
  userNotes: string | null;
  adminNotes: string | null;
  createdAt: Date;
  reviewedAt: Date | null;
  storageKey: string;
  filename: string;
  image?: Buffer;
}

export interface PlannedWinner {
  raffle: PlannedRaffle;
  level: number;
  description: string;
  ticketNumber: number;
  userKey: string;
  source: "internal" | "external";
  announcedAt: Date;
}

export interface Plan {
  raffles: PlannedRaffle[];
  proofs: PlannedProof[];
  winners: PlannedWinner[];
}

const USER_NOTES = [
  null,
  null,
  null,
  "Pago realizado desde mi cuenta personal.",
  "¡Suerte para todos!",
  "Transferí a las 10 de la mañana, cualquier cosa me avisan.",
  "Es para mí y para mi mamá, ojalá ganemos.",
];

const FILENAMES: Record<string, string[]> = {
  pago_movil: ["pago-movil.png", "captura_pago_movil.png", "comprobante-bdv.png"],
  zelle: ["zelle.png", "captura-zelle.png", "comprobante_zelle.png"],
  binance: ["binance-pay.png", "captura_binance.png"],
};

const round2 = (n: number) => Math.round(n * 100) / 100;

function reference(method: PaymentMethod, random: Random, used: Set<string>): string {
  for (;;) {
    let ref: string;
    if (method === "zelle") {
      const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
      ref = Array.from({ length: 10 }, () => random.pick([...alphabet])).join("");
    } else if (method === "binance") {
      ref = `3${Array.from({ length: 17 }, () => random.int(0, 9)).join("")}`;
    } else {
      ref = Array.from({ length: 12 }, () => random.int(0, 9)).join("");
    }
    if (!used.has(ref)) {
      used.add(ref);
      return ref;
    }
  }
}

function defaultMethod(def: DemoRaffle, random: Random): PaymentMethod {
  if (def.currency === "VES") return "pago_movil";
  return random.pick<PaymentMethod>(["pago_movil", "pago_movil", "zelle", "binance"]);
}

/**
 * What a payment records, as a real submission does (proofs service): the method's currency, the total
 * converted at the day's rate, the rate kept for bolívar payments (admin screens show the Bs. paid).
 */
function paid(def: DemoRaffle, method: PaymentMethod, quantity: number) {
  const currency = methodCurrency(method, def.currency);
  const amount = convertAmount(round2(def.price * quantity), def.currency, currency, DEMO_EXCHANGE_RATE);
  if (amount === null) throw new Error(`Demo data: no rate to convert ${def.key}`);
  return { amount, currency, exchangeRate: currency === "VES" ? DEMO_EXCHANGE_RATE : null };
}

function planRaffle(def: DemoRaffle, now: Date): PlannedRaffle {
  const at = (days: number) => new Date(now.getTime() + days * DAY);
  const startDate = def.fixedDates ? new Date(def.fixedDates.start) : at(def.startInDays);
  const endDate = def.fixedDates
    ? new Date(def.fixedDates.end)
    : def.endInDays === null
      ? null
      : at(def.endInDays);
  const activatedAt =
    def.percentageActivatedHoursAgo === undefined
      ? null
      : new Date(now.getTime() - def.percentageActivatedHoursAgo * HOUR);
  const limits = [now.getTime() - HOUR];
  if (endDate) limits.push(endDate.getTime() - HOUR);
  if (activatedAt) limits.push(activatedAt.getTime() + 20 * HOUR);
  return {
    def,
    id: randomUUID(),
    createdAt: new Date(Math.min(startDate.getTime(), now.getTime()) - 3 * DAY),
    startDate,
    endDate,
    activatedAt,
    salesFrom: startDate,
    salesUntil: new Date(Math.min(...limits)),
    drawSeed: null,
    drawCommitment: null,
    transcript: null,
  };
}

/** Approved purchases for a raffle: the fixed ones first, then the big buyers up to soldTickets. */
function approvedPurchases(def: DemoRaffle, random: Random): DemoPurchase[] {
  const purchases = [...def.purchases];
  let remaining = def.soldTickets - purchases.reduce((sum, p) => sum + p.quantity, 0);
  if (remaining < 0 || remaining === 1) throw new Error(`Demo data: bad purchases for ${def.key}`);
  while (remaining > 0) {
    let quantity = Math.min(random.int(4, 24), remaining);
    if (remaining - quantity < 2) quantity = remaining;
    purchases.push({ user: random.pick(BIG_BUYERS), quantity });
    remaining -= quantity;
  }
  return purchases;
}

type ProofFor = (
  raffle: PlannedRaffle,
  purchase: DemoPurchase,
  status: PlannedProof["status"],
  createdAt: Date,
  reviewedAt: Date | null,
  adminNotes?: string | null,
) => PlannedProof;

/** Builds a planned proof; references stay unique across the plan (`usedRefs`). */
function proofMaker(random: Random, usedRefs: Set<string>): ProofFor {
  return (raffle, purchase, status, createdAt, reviewedAt, adminNotes = null) => {
    const def = raffle.def;
    const method = purchase.method ?? defaultMethod(def, random);
    return {
      id: randomUUID(),
      userKey: purchase.user,
      raffle,
      quantity: purchase.quantity,
      ...paid(def, method, purchase.quantity),
      method,
      reference: reference(method, random, usedRefs),
      status,
      userNotes: random.pick(USER_NOTES),
      adminNotes,
      createdAt,
      reviewedAt,
      storageKey: newStorageKey("proofs", "png", createdAt),
      filename: random.pick(FILENAMES[method] ?? ["comprobante.png"]),
    };
  };
}

/** A raffle's proofs: the approved ones in review order, then the pending and the rejected ones. */
function planRaffleProofs(
  raffle: PlannedRaffle,
  now: Date,
  random: Random,
  proofFor: ProofFor,
): PlannedProof[] {
  const def = raffle.def;
  const span = Math.max(HOUR, raffle.salesUntil.getTime() - raffle.salesFrom.getTime());
  const inSales = () => new Date(raffle.salesFrom.getTime() + random.next() * span);
  const reviewAfter = (created: Date) =>
    new Date(
      Math.min(
        created.getTime() + random.int(20, 360) * 60_000,
        raffle.salesUntil.getTime() + 50 * 60_000,
        now.getTime() - 5 * 60_000,
      ),
    );

  const proofs = approvedPurchases(def, random)
    .map((purchase) => {
      const created = inSales();
      return proofFor(raffle, purchase, "approved", created, reviewAfter(created));
    })
    .sort((a, b) => (a.reviewedAt?.getTime() ?? 0) - (b.reviewedAt?.getTime() ?? 0));

  for (const purchase of def.pending ?? []) {
    const created = new Date(now.getTime() - random.int(1, 20) * HOUR);
    proofs.push(proofFor(raffle, purchase, "pending", created, null));
  }
  for (const purchase of def.rejected ?? []) {
    const created = inSales();
    proofs.push(proofFor(raffle, purchase, "rejected", created, reviewAfter(created), purchase.adminNotes));
  }
  return proofs;
}

/** One pending payment not tied to a raffle ("general"), as the upload page allows. */
function generalProof(now: Date, random: Random, usedRefs: Set<string>): PlannedProof {
  const generalCreated = new Date(now.getTime() - 5 * HOUR);
  return {
    id: randomUUID(),
    userKey: "miguel",
    raffle: null,
    quantity: 5,
    amount: 10,
    currency: "USD",
    exchangeRate: null,
    method: "zelle",
    reference: reference("zelle", random, usedRefs),
    status: "pending",
    userNotes: "Abono para mis próximas compras, por favor asignarlo a la rifa de la moto.",
    adminNotes: null,
    createdAt: generalCreated,
    reviewedAt: null,
    storageKey: newStorageKey("proofs", "png", generalCreated),
    filename: "zelle.png",
  };
}

export function buildPlan(now: Date): Plan {
  const random = createRandom(20_251_121);
  const usedRefs = new Set<string>();
  const plan: Plan = { raffles: [], proofs: [], winners: [] };
  const proofFor = proofMaker(random, usedRefs);
  for (const def of DEMO_RAFFLES) {
    const raffle = planRaffle(def, now);
    plan.raffles.push(raffle);
    plan.proofs.push(...planRaffleProofs(raffle, now, random, proofFor));
  }
  plan.proofs.push(generalProof(now, random, usedRefs));
  return plan;
}

/**
 * The v1 draw the demo keeps (decision 0012: "keeps a v1 draw"): a finished internal raffle drawn before the
 * record existed, with the seed it committed before its sales. Every raffle still to draw has no seed:
 * it is frozen with a record and drawn by drand.
 */
export async function commitDraws(plan: Plan): Promise<void> {
  for (const raffle of plan.raffles) {
    if (raffle.def.announcement.type !== "internal" || raffle.def.winnersSource !== "internal") continue;
    raffle.drawSeed = await generateSeed();
    raffle.drawCommitment = await commitmentForSeed(raffle.drawSeed);
  }
}

/**
 * Winners of the finished raffles among the tickets the approvals sold (`owners`: raffle id to ticket
 * number to buyer key): the internal ones drawn with the public algorithm, the external ones picked.
 */
export async function planWinners(
  plan: Plan,
  owners: ReadonlyMap<string, ReadonlyMap<number, string>>,
): Promise<void> {
  const random = createRandom(20_251_122);
  for (const raffle of plan.raffles) {
    const def = raffle.def;
    const sold = owners.get(raffle.id) ?? new Map<number, string>();
    if (def.winnersSource === "external") {
      const announcedAt = new Date((raffle.endDate ?? new Date()).getTime() + 30 * 60_000);
      const left = [...sold.keys()].sort((a, b) => a - b);
      for (const prize of def.prizeLevels) {
        for (let i = 0; i < prize.winnerCount && left.length > 0; i++) {
          const ticketNumber = left.splice(random.int(0, left.length - 1), 1)[0] as number;
          plan.winners.push({
            raffle,
            level: prize.level,
            description: prize.description,
            ticketNumber,
            userKey: sold.get(ticketNumber) ?? "",
            source: "external",
            announcedAt,
          });
        }
      }
      continue;
    }
    if (def.winnersSource !== "internal" || !raffle.drawSeed) continue;
    const drawnAt = new Date((raffle.endDate ?? new Date()).getTime() + 10 * 60_000);
    raffle.transcript = await createDrawTranscript({
      seedHex: raffle.drawSeed,
      raffleId: raffle.id,
      ticketNumbers: [...sold.keys()],
      publicValue: "",
      prizeLevels: def.prizeLevels.map((p) => ({
        level: p.level,
        count: p.winnerCount,
        description: p.description,
      })),
      drawnAt,
    });
    for (const w of raffle.transcript.winners) {
      plan.winners.push({
        raffle,
        level: w.level,
        description: w.description,
        ticketNumber: w.ticketNumber,
        userKey: sold.get(w.ticketNumber) ?? "",
        source: "internal",
        announcedAt: drawnAt,
      });
    }
  }
}
