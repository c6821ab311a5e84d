// Decision 0035, "Instant wins nobody can aim", in the verifier: instant_final names the first quicknet
// round a minute after it (and after the latest beacon the server held), instant_draw decides every final
// waiting on that round by decideInstantBatch from the budget left, and the prize entries of an instant
// winner count its claim period from the instant_draw. Records use quicknet's real recorded beacons.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { QUICKNET, roundTime } from "./drand";
import {
  appendEntry,
  DISQUALIFICATION_REASONS_V3,
  type DrawRecord,
  type InstantDrawData,
  RECORD_FORMAT_V3,
  type RecordEntry,
  type RecordEntryData,
  type RecordEntryType,
  type RecordVerification,
  type RulesPublishedData,
  verifyRecord,
} from "./draw-record";
import { decideInstantBatch } from "./instant-draw";

type Event = { type: RecordEntryType; at: string; data: RecordEntryData };
const raffleId = "7c9e6679-7425-40de-944b-e07fc1f90ae7";
const BEACONS = {
  42: "95a9f9f5b231b7714de1553105d8ffdf3dcda24cfdb1e689319bccf79a9c8ce430a91b811fbfaf763900bc998b5d686a",
  1000: "b44679b9a59af2ec876b1a6b1ad52ea9b1615fc3982b19576350f93447cb1125e342b73a8dd2bacbe47e4b6b63ed5e39",
  657413: "b713718a38ae728dfd477991af2822e08d2f305e47718cef9f7848ce4050e7be41076862b98fad56e91a6b85b89cd97b",
} as const;
const RANDOMNESS = {
  1000: "fe290beca10872ef2fb164d2aa4442de4566183ec51c56ff3cd603d930e54fdd",
  657413: "fc1873a13f3545aeade8401532ef5519920652eee6b0d2b19ca12643b87b3587",
} as const;
const iso = (ms: number) => new Date(ms).toISOString();
const roundMs = (round: number) => roundTime(QUICKNET.info, round) * 1000;
const chain = () => ({ ...QUICKNET.info, metadata: { beaconID: "quicknet" } });
const instantPrizes = [
  { description: "USD 20 en efectivo", count: 2, cash: { currency: "USD" as const, amount: "20.00" } },
  { description: "Camiseta de la rifa", count: 3 },
];
const rules: RulesPublishedData = {
  title: "Rifa con premios instantáneos",
  currency: "USD",
  price: "5.00",
  totalTickets: 50,
  activationType: "date",
  activationPercentage: null,
  startDate: "2023-08-20T14:00:00.000Z",
  endDate: "2023-09-30T15:00:00.000Z",
  reviewWindowHours: 48,
  maxTicketsPerBuyer: null,
  prizeLevels: [{ level: 1, count: 1, description: "Moto" }],
  announcement: { type: "internal", roundDelayMinutes: 2 },
  claimPeriodDays: 7,
  disqualificationReasons: DISQUALIFICATION_REASONS_V3.map((r) => ({ ...r })),
  replacementDelayMinutes: 2,
  instantPrizes,
};

const final = (at: number, tickets: number[], round: number, latest: 42 | 1000 | 657413 | null): Event => ({
  type: "instant_final",
  at: iso(at),
  data: {
    tickets,
    chain: chain(),
    round,
    roundTime: iso(roundMs(round)),
    latestBeacon: latest === null ? null : { round: latest, signature: BEACONS[latest] },
  },
});
const drawEvent = (
  round: 1000 | 657413,
  data: Pick<InstantDrawData, "decided" | "prizesLeft" | "undecided">,
) => ({
  type: "instant_draw" as const,
  at: iso(roundMs(round) + 1_512),
  data: {
    algorithm: "rifazo-instant-1" as const,
    round,
    signature: BEACONS[round],
    randomness: RANDOMNESS[round],
    source: "relay" as const,
    ...data,
  },
});

// Purchases A (entry 1) and B (entry 2) wait on round 1000, C (entry 4) on round 657413.
const A = final(roundMs(1000) - 62_500, [7, 12], 1000, 42);
const B = final(roundMs(1000) - 61_000, [14, 15, 16], 1000, 42);
const C = final(roundMs(657413) - 61_234, [37, 38, 39], 657413, 1000);
const DRAW_1000 = drawEvent(1000, {
  decided: [
    { final: 1, wins: [{ ticketNumber: 7, index: 0, description: "USD 20 en efectivo" }] },
    { final: 2, wins: [{ ticketNumber: 15, index: 1, description: "USD 20 en efectivo" }] },
  ],
  prizesLeft: 3,
  undecided: 45,
});
const DRAW_657413 = drawEvent(657413, {
  decided: [{ final: 4, wins: [{ ticketNumber: 38, index: 2, description: "Camiseta de la rifa" }] }],
  prizesLeft: 2,
  undecided: 42,
});
const RULES: Event = { type: "rules_published", at: "2023-08-20T14:00:00.000Z", data: rules };
const HONEST: Event[] = [RULES, A, B, DRAW_1000, C, DRAW_657413];

async function append(events: readonly Event[]): Promise<DrawRecord> {
  const entries: RecordEntry[] = [];
  for (const e of events) {
    entries.push(await appendEntry(entries[entries.length - 1] ?? null, e.type, e.at, e.data as never));
  }
  return { format: RECORD_FORMAT_V3, raffleId, entries };
}
const verify = async (events: readonly Event[]) => verifyRecord(await append(events));
const failing = (v: RecordVerification) => v.checks.filter((c) => !c.ok);
/** The one failed check of a record that does not verify. */
const only = (v: RecordVerification) => {
  expect(v.ok).toBe(false);
  expect(failing(v)).toHaveLength(1);
  return failing(v)[0] as RecordVerification["checks"][number];
};
const withData = (e: Event, data: object): Event => ({
  ...e,
  data: { ...e.data, ...data } as RecordEntryData,
});

describe("premios instantáneos en el acta (rifazo-instant-1)", () => {
  it("verifica dos compras finales con la ronda 1000 y una con la 657413, y da las cifras", async () => {
    const v = await verify(HONEST);
    expect(failing(v)).toEqual([]);
    expect(v.ok).toBe(true);
    expect(v.status).toBe("published");
    expect(v.checks.map((c) => c.name)).toEqual(
      expect.arrayContaining([
        "Compra final: ronda de drand y boletos (entrada 1)",
        "Compra final: ronda de drand y boletos (entrada 2)",
        "Premios instantáneos: firma BLS del beacon (entrada 3)",
        "Premios instantáneos: ganadores y premios restantes (entrada 3)",
        "Compra final: ronda de drand y boletos (entrada 4)",
        "Premios instantáneos: ganadores y premios restantes (entrada 5)",
      ]),
    );
    expect(v.instant).toEqual({
      total: 5,
      left: 2,
      pending: [],
      wins: [
        { ticketNumber: 7, index: 0, description: "USD 20 en efectivo", drawSeq: 3 },
        { ticketNumber: 15, index: 1, description: "USD 20 en efectivo", drawSeq: 3 },
        { ticketNumber: 38, index: 2, description: "Camiseta de la rifa", drawSeq: 5 },
      ],
    });
    // The instant winners are prizes to claim before the raffle is drawn.
    expect(v.prizes.map((p) => [p.level, p.index, p.ticketNumber, p.claimedAt])).toEqual([
      [0, 0, 7, null],
      [0, 1, 15, null],
      [0, 2, 38, null],
    ]);
  });

  it("el sorteo instantáneo que cita docs/draw-protocol.md §16.6 es el de esta acta", () => {
    const doc = readFileSync(path.resolve(import.meta.dirname, "../../../../docs/draw-protocol.md"), "utf8");
    const block = [...doc.matchAll(/```json\n([\s\S]*?)```/g)].find((m) =>
      m[1]?.includes('"rifazo-instant-1"'),
    );
    expect(JSON.parse(block?.[1] as string)).toEqual(DRAW_1000.data);
    const rulesBlock = [...doc.matchAll(/```json\n([\s\S]*?)```/g)].find((m) =>
      m[1]?.includes('"instantPrizes"'),
    );
    expect(JSON.parse(`{${rulesBlock?.[1]}}`)).toEqual({ instantPrizes });
  });

  it("las cifras del acta son las de decideInstantBatch con el presupuesto de las reglas", async () => {
    const first = await decideInstantBatch(
      raffleId,
      RANDOMNESS[1000],
      [
        { seq: 1, tickets: [7, 12] },
        { seq: 2, tickets: [14, 15, 16] },
      ],
      { prizesLeft: 5, undecided: 50 },
    );
    expect(first).toEqual({
      results: [
        { seq: 1, wins: [7] },
        { seq: 2, wins: [15] },
      ],
      budget: { prizesLeft: 3, undecided: 45 },
    });
    const second = await decideInstantBatch(
      raffleId,
      RANDOMNESS[657413],
      [{ seq: 4, tickets: [37, 38, 39] }],
      first.budget,
    );
    expect(second).toEqual({ results: [{ seq: 4, wins: [38] }], budget: { prizesLeft: 2, undecided: 42 } });
  });

  it("una compra que espera su ronda queda pendiente, con su ronda y hora", async () => {
    const v = await verify(HONEST.slice(0, 5));
    expect(v.ok).toBe(true);
    expect(v.instant.pending).toEqual([{ seq: 4, round: 657413, roundTime: iso(roundMs(657413)) }]);
    expect(v.instant.left).toBe(3);
    expect(v.pending).toContain(
      `Premios instantáneos: 1 compra final espera la ronda 657413 de drand (se publica el ${iso(roundMs(657413))}).`,
    );
  });

  it("rechaza un ganador cambiado", async () => {
    const changed = drawEvent(1000, {
      ...DRAW_1000.data,
      decided: [
        { final: 1, wins: [{ ticketNumber: 12, index: 0, description: "USD 20 en efectivo" }] },
        { final: 2, wins: [{ ticketNumber: 15, index: 1, description: "USD 20 en efectivo" }] },
      ],
    });
    const check = only(await verify([RULES, A, B, changed]));
    expect(check.name).toBe("Premios instantáneos: ganadores y premios restantes (entrada 3)");
    expect(check.expected).toContain('"ticketNumber":7');
    expect(check.actual).toContain('"ticketNumber":12');
  });

  it("rechaza un sorteo que deja fuera una compra que esperaba su ronda", async () => {
    const dropped = drawEvent(1000, {
      decided: [{ final: 1, wins: [{ ticketNumber: 7, index: 0, description: "USD 20 en efectivo" }] }],
      prizesLeft: 4,
      undecided: 48,
    });
    const check = only(await verify([RULES, A, B, dropped]));
    expect(check.name).toBe("Premios instantáneos: ganadores y premios restantes (entrada 3)");
    expect(check.expected).toContain(
      "exactamente las compras finales que esperan la ronda 1000: entradas [1,2]; el acta decide [1]",
    );
  });

  it("rechaza premios restantes que no cuadran (más premios de los que quedan)", async () => {
    const overrun = drawEvent(1000, { ...DRAW_1000.data, prizesLeft: 4 });
    const check = only(await verify([RULES, A, B, overrun]));
    expect(check.name).toBe("Premios instantáneos: ganadores y premios restantes (entrada 3)");
    expect(check.expected).toContain('"prizesLeft":3');
    expect(check.actual).toContain('"prizesLeft":4');
  });

  it("rechaza una compra final cuya ronda ya se conocía según su último beacon, o fijada demasiado pronto", async () => {
    const known = only(
      await verify([RULES, A, B, DRAW_1000, final(roundMs(657413) - 61_234, [37], 657413, 657413)]),
    );
    expect(known.name).toBe("Compra final: ronda de drand y boletos (entrada 4)");
    expect(known.expected).toContain("el último beacon (ronda 657413) se publicó el");
    const early = only(await verify([RULES, withData(A, { round: 990, roundTime: iso(roundMs(990)) })]));
    expect(early.name).toBe("Compra final: ronda de drand y boletos (entrada 1)");
    expect(early.expected).toContain('"round":1000');
    expect(early.actual).toContain('"round":990');
    // A latest beacon from after the purchase's round would push it later: the rule takes both.
    const later = only(
      await verify([RULES, withData(A, { latestBeacon: { round: 1000, signature: BEACONS[1000] } })]),
    );
    expect(later.expected).toContain(
      "se publicó el 2023-08-23T15:59:24.000Z, después de la fecha de la entrada",
    );
  });

  it("rechaza una firma falsa en el último beacon de una compra final", async () => {
    const forged = withData(A, { latestBeacon: { round: 42, signature: BEACONS[1000] } });
    const check = only(await verify([RULES, forged]));
    expect(check.name).toBe("Compra final: ronda de drand y boletos (entrada 1)");
    expect(check.expected).toContain("La firma del beacon no corresponde a la ronda 42");
  });

  it("rechaza una compra final añadida después de sortearse su ronda", async () => {
    const late = final(roundMs(1000) + 2_000, [20], 1000, 42);
    const check = only(await verify([RULES, A, B, DRAW_1000, late]));
    expect(check.name).toBe("Compra final: ronda de drand y boletos (entrada 4)");
    expect(check.expected).toContain("la entrada 3 ya sorteó la ronda 1000");
  });

  it("rechaza un sorteo que se salta una ronda anterior pendiente", async () => {
    const skipped = drawEvent(657413, {
      decided: [{ final: 3, wins: [] }],
      prizesLeft: 5,
      undecided: 47,
    });
    const C3 = final(roundMs(657413) - 61_234, [37, 38, 39], 657413, 1000);
    const check = only(await verify([RULES, A, B, C3, skipped]));
    expect(check.name).toBe("Premios instantáneos: firma BLS del beacon (entrada 4)");
    expect(check.expected).toContain("las rondas se sortean en orden: toca la ronda 1000");
  });

  it("rechaza cambiar los premios instantáneos después de la primera compra final", async () => {
    const changed: Event = {
      ...RULES,
      at: iso(roundMs(1000) - 62_000),
      data: {
        ...rules,
        instantPrizes: [{ ...instantPrizes[0], count: 3 }, instantPrizes[1]],
      } as RulesPublishedData,
    };
    const check = only(await verify([RULES, A, changed]));
    expect(check.name).toBe(
      "Premios instantáneos de las reglas sin cambios desde la primera compra final (entrada 2)",
    );
    // Before the first final the organiser may still change them.
    expect((await verify([RULES, { ...changed, at: RULES.at }, withData(A, {})])).ok).toBe(true);
  });

  it("las reglas: premios instantáneos sin cantidad, sin descripción o con dinero mal escrito no son válidos", async () => {
    for (const bad of [
      [{ description: "Camiseta", count: 0 }],
      [{ description: " ", count: 1 }],
      [{ description: "USD 20", count: 1, cash: { currency: "EUR", amount: "20.00" } }],
      [{ description: "USD 20", count: 1, cash: { currency: "USD", amount: "20" } }],
    ]) {
      const check = only(
        await verify([{ ...RULES, data: { ...rules, instantPrizes: bad } as RulesPublishedData }]),
      );
      expect(check.name).toBe("Reglas de la rifa");
      expect(check.expected).toContain("cada premio instantáneo con descripción, cantidad ≥ 1");
    }
  });

  it("rechaza boletos fuera de la rifa, repetidos o desordenados", async () => {
    for (const tickets of [[7, 50], [12, 7], [7, 7], []]) {
      const check = only(await verify([RULES, withData(A, { tickets })]));
      expect(check.name).toBe("Compra final: ronda de drand y boletos (entrada 1)");
      expect(check.expected).toContain("en orden ascendente, sin repetir, del 0 al 49");
    }
  });

  it("el orden: compra final sin premios instantáneos en las reglas o tras congelar; sorteo sin compras", async () => {
    const plain = { ...RULES, data: { ...rules, instantPrizes: undefined } } as Event;
    const noPrizes = only(await verify([JSON.parse(JSON.stringify(plain)) as Event, A]));
    expect(noPrizes.name).toBe("Orden de los eventos");
    expect(noPrizes.actual).toContain("cuyas reglas no ofrecen premios instantáneos");
    const frozen: Event = {
      type: "frozen",
      at: iso(roundMs(1000) - 63_000),
      data: { tickets: [], ticketCount: 0, listHash: "0".repeat(64), expiredProofs: 0 },
    };
    const afterFreeze = only(await verify([RULES, frozen, A]));
    expect(afterFreeze.actual).toContain("compra final después de congelar la lista");
    const orphan = only(await verify([RULES, DRAW_1000]));
    expect(orphan.actual).toContain("premios instantáneos decididos sin ninguna compra final");
  });
});

describe("premios instantáneos: reclamo y entrega (nivel 0)", () => {
  const ref = { level: 0, index: 0, ticketNumber: 7 };
  const claim = (at: string, r: object = ref): Event => ({ type: "prize_claimed", at, data: r as never });
  const delivery = (at: string, more: object = {}): Event => ({
    type: "prize_delivered",
    at,
    data: {
      ...ref,
      method: "pago_movil",
      deliveredOn: at.slice(0, 10),
      proofHash: "5e".repeat(32),
      cash: {
        prizeCurrency: "USD",
        prizeValue: "20.00",
        paidCurrency: "VES",
        paidAmount: "730.00",
        rate: "36.5000",
        rateDate: at.slice(0, 10),
      },
      ...more,
    } as never,
  });
  const drawnAt = DRAW_1000.at;

  it("verifica el reclamo dentro del plazo desde el sorteo instantáneo y la entrega en bolívares, sin sorteo principal", async () => {
    const v = await verify([
      ...HONEST,
      claim("2023-09-16T10:00:00.000Z", { level: 0, index: 2, ticketNumber: 38 }),
    ]);
    expect(failing(v)).toEqual([]);
    expect(v.checks.map((c) => c.name)).toContain("Premio instantáneo 3: reclamo (entrada 6)");
    const early = await verify([
      RULES,
      A,
      B,
      DRAW_1000,
      claim("2023-08-25T10:00:00.000Z"),
      delivery("2023-08-28T10:00:00.000Z"),
    ]);
    expect(failing(early)).toEqual([]);
    expect(early.prizes[0]).toMatchObject({
      ...ref,
      claimedAt: "2023-08-25T10:00:00.000Z",
      deliveredOn: "2023-08-28",
    });
  });

  it("rechaza un reclamo fuera de los 7 días contados desde la entrada que decidió el premio", async () => {
    const check = only(await verify([RULES, A, B, DRAW_1000, claim("2023-08-30T16:00:00.000Z")]));
    expect(check.name).toBe("Premio instantáneo 1: reclamo (entrada 4)");
    expect(check.expected).toContain(`plazo de 7 días desde ${drawnAt}`);
  });

  it("comprueba el efectivo con el premio de su casilla: USD 20 a la tasa del día, y una camiseta no es dinero", async () => {
    const below = only(
      await verify([
        RULES,
        A,
        B,
        DRAW_1000,
        claim("2023-08-25T10:00:00.000Z"),
        delivery("2023-08-28T10:00:00.000Z", {
          cash: {
            prizeCurrency: "USD",
            prizeValue: "20.00",
            paidCurrency: "VES",
            paidAmount: "700.00",
            rate: "36.5000",
            rateDate: "2023-08-28",
          },
        }),
      ]),
    );
    expect(below.name).toBe("Premio instantáneo 1: entrega (entrada 5)");
    expect(below.expected).toContain("$20,00 × 36,5000 = Bs. 730,00");
    const wrongValue = only(
      await verify([
        RULES,
        A,
        B,
        DRAW_1000,
        claim("2023-08-25T10:00:00.000Z"),
        delivery("2023-08-28T10:00:00.000Z", {
          cash: {
            prizeCurrency: "USD",
            prizeValue: "1000.00",
            paidCurrency: "USD",
            paidAmount: "1000.00",
            rate: null,
            rateDate: null,
          },
        }),
      ]),
    );
    expect(wrongValue.expected).toContain("el premio de las reglas, USD 20.00");
    const shirt = { level: 0, index: 2, ticketNumber: 38 };
    const shirtCash = only(
      await verify([
        ...HONEST,
        claim("2023-09-16T10:00:00.000Z", shirt),
        {
          ...delivery("2023-09-17T10:00:00.000Z"),
          data: { ...delivery("2023-09-17T10:00:00.000Z").data, ...shirt } as never,
        },
      ]),
    );
    expect(shirtCash.expected).toContain(
      "sin «cash»: el premio instantáneo 3 no es en dinero según las reglas",
    );
  });

  it("rechaza una entrada de premio instantáneo de un boleto que no lo ganó", async () => {
    const check = only(
      await verify([
        RULES,
        A,
        B,
        DRAW_1000,
        claim("2023-08-25T10:00:00.000Z", { level: 0, index: 0, ticketNumber: 12 }),
      ]),
    );
    expect(check.name).toBe("Orden de los eventos");
    expect(check.actual).toContain(
      "de un premio instantáneo que ningún sorteo instantáneo anterior dio a ese boleto",
    );
  });
});
