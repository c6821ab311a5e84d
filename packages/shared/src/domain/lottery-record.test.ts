// Decision 0024 in the verifier: a lottery result counts only when the list froze before the lottery
// drew, it carries its publication's SHA-256, and a correction was confirmed by a second administrator
// within the rules' window. Records without the new rules fields (before 0024) keep verifying.
import { describe, expect, it } from "vitest";
import { frozenListHash } from "./draw-engine-v2";
import {
  buildRecord,
  DISQUALIFICATION_REASONS_V3,
  type DrawRecord,
  RECORD_FORMAT_V3,
  type RecordEntryData,
  type RecordEntryType,
  type RulesPublishedData,
  verifyRecord,
} from "./draw-record";
import { lotteryTimeProblem } from "./lottery-binding";

type Event = { type: RecordEntryType; at: string; data: RecordEntryData };
const raffleId = "raffle-lottery";
const DRAW_AT = "2026-11-23T23:00:00.000Z";
const HASH = "a".repeat(64);

const tickets = [6, 9, 23].map((number, i) => ({ number, tag: `${i}`.repeat(32) }));
const winner = (n: number) => ({
  level: 1,
  index: 0,
  ticketNumber: n,
  tag: tickets.find((t) => t.number === n)?.tag as string,
  description: "Moto",
});

function rules(sealed: boolean): RulesPublishedData {
  return {
    title: "Rifa Triple A",
    currency: "USD",
    price: "2.00",
    totalTickets: 100,
    activationType: "date",
    activationPercentage: null,
    startDate: "2026-11-01T12:00:00.000Z",
    endDate: "2026-11-21T12:00:00.000Z",
    reviewWindowHours: 48,
    maxTicketsPerBuyer: null,
    prizeLevels: [{ level: 1, count: 1, description: "Moto" }],
    announcement: {
      type: "external",
      lottery: "Lotería del Táchira, Triple A 7:00 p. m.",
      drawAt: DRAW_AT,
      rule: { kind: "last_digits", digits: 2 },
      ruleText: "Gana el boleto formado por las últimas 2 cifras.",
      ...(sealed
        ? { fallback: "drand" as const, fallbackRoundDelayMinutes: 2, correctionWindowHours: 24 }
        : {}),
    },
    claimPeriodDays: 7,
    disqualificationReasons: DISQUALIFICATION_REASONS_V3.map((r) => ({ ...r })),
    replacementDelayMinutes: 2,
  };
}

async function events(options: {
  sealed?: boolean;
  frozenAt?: string;
  result?: Partial<RecordEntryData<"external_result">>;
  correction?: Partial<RecordEntryData<"external_correction">> | null;
  correctionAt?: string;
}): Promise<Event[]> {
  const list: Event[] = [
    { type: "rules_published", at: "2026-11-01T12:00:00.000Z", data: rules(options.sealed ?? true) },
    {
      type: "frozen",
      at: options.frozenAt ?? "2026-11-23T12:00:00.000Z",
      data: { tickets, ticketCount: 3, listHash: await frozenListHash(tickets), expiredProofs: 0 },
    },
    {
      type: "external_result",
      at: "2026-11-23T23:30:00.000Z",
      data: {
        result: "1009",
        sourceUrl: "https://loteria.example/triple-a",
        publicationHash: HASH,
        winners: [winner(9)],
        ...options.result,
      } as RecordEntryData<"external_result">,
    },
  ];
  if (options.correction !== null) {
    list.push({
      type: "external_correction",
      at: options.correctionAt ?? "2026-11-24T10:00:00.000Z",
      data: {
        result: "1006",
        sourceUrl: "https://loteria.example/triple-a",
        publicationHash: "b".repeat(64),
        winners: [winner(6)],
        corrects: 2,
        reason: "Error de tipeo",
        proposedBy: "1111111111111111",
        proposedAt: "2026-11-24T09:00:00.000Z",
        confirmedBy: "2222222222222222",
        ...options.correction,
      } as RecordEntryData<"external_correction">,
    });
  }
  // Fields set to undefined are left out, as a record without them was written.
  return JSON.parse(JSON.stringify(list)) as Event[];
}

const verify = async (list: Event[]) => verifyRecord(await buildRecord(raffleId, list, RECORD_FORMAT_V3));
const failures = (v: Awaited<ReturnType<typeof verifyRecord>>) =>
  v.checks
    .filter((c) => !c.ok)
    .map((c) => c.expected)
    .join(" | ");

describe("acta de lotería (decisión 0024)", () => {
  it("verifica resultado con publicación y corrección confirmada por otro administrador a tiempo", async () => {
    const v = await verify(await events({}));
    expect(v.ok, failures(v)).toBe(true);
    expect(v.winners.map((w) => w.ticketNumber)).toEqual([6]);
  });

  it("rechaza el resultado si la lista se congeló después del sorteo de la lotería", async () => {
    const v = await verify(await events({ frozenAt: "2026-11-23T23:10:00.000Z", correction: null }));
    expect(v.ok).toBe(false);
    expect(failures(v)).toContain("después del sorteo de la lotería");
  });

  it("rechaza un resultado sin publicationHash y una corrección sin confirmación, del mismo administrador o tardía", async () => {
    const noHash = await verify(await events({ result: { publicationHash: undefined }, correction: null }));
    expect(failures(noHash)).toContain("publicationHash");
    const noConfirmer = await verify(await events({ correction: { confirmedBy: undefined } }));
    expect(failures(noConfirmer)).toContain("quién confirmó");
    const same = await verify(await events({ correction: { confirmedBy: "1111111111111111" } }));
    expect(failures(same)).toContain("mismo administrador");
    const late = await verify(await events({ correctionAt: "2026-11-24T23:30:00.001Z" }));
    expect(failures(late)).toContain("fuera del plazo");
  });

  it("un publicationHash cambiado después rompe la cadena de huellas", async () => {
    const record: DrawRecord = await buildRecord(
      raffleId,
      await events({ correction: null }),
      RECORD_FORMAT_V3,
    );
    const entry = record.entries[2] as { data: { publicationHash: string } };
    entry.data.publicationHash = "c".repeat(64);
    const v = await verifyRecord(record);
    expect(v.ok).toBe(false);
    expect(v.checks.find((c) => !c.ok)?.name).toContain("cadena de huellas");
  });

  it("las actas anteriores (reglas sin los campos nuevos) siguen verificando", async () => {
    const v = await verify(
      await events({
        sealed: false,
        result: { publicationHash: undefined },
        correction: { proposedBy: undefined, proposedAt: undefined, confirmedBy: undefined },
      }),
    );
    expect(v.ok, failures(v)).toBe(true);
  });

  it("la hora de la lotería: después del cierre + la revisión + 60 minutos", () => {
    const base = { endDate: "2026-11-21T12:00:00.000Z", reviewWindowHours: 48 };
    expect(lotteryTimeProblem({ ...base, drawAt: "2026-11-23T12:59:59.999Z" })).toMatch(
      /margen de 60 minutos/,
    );
    expect(lotteryTimeProblem({ ...base, drawAt: "2026-11-23T13:00:00.000Z" })).toBeNull();
    expect(
      lotteryTimeProblem({ endDate: null, reviewWindowHours: 48, drawAt: "2026-11-01T00:00:00.000Z" }),
    ).toBeNull();
  });
});
