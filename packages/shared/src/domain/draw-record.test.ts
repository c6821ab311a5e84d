import { bls12_381 } from "@noble/curves/bls12-381.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { describe, expect, it } from "vitest";
import { DRAND_DST, type DrandChainInfo, drandRoundMessage, firstRoundAtOrAfterMs, roundTime } from "./drand";
import { bytesToHex, createDrawTranscript, hexToBytes } from "./draw-engine";
import { drawV2, frozenListHash, replacementFor } from "./draw-engine-v2";
import {
  appendEntry,
  buildRecord,
  canonicalJson,
  type DrawRecord,
  entryHash,
  GENESIS_PREV_HASH,
  mapExternalResult,
  type RecordEntryData,
  type RecordEntryType,
  type RulesPublishedData,
  verifyAny,
  verifyRecord,
} from "./draw-record";
import { ownerTag } from "./owner-tag";

const raffleId = "0b6a7a5e-3c1d-4f7e-9a2b-1c2d3e4f5a6b";

function testChain() {
  const s = bls12_381.shortSignatures;
  const secretKey = bls12_381.utils.randomSecretKey();
  const info: DrandChainInfo = {
    public_key: bytesToHex(s.getPublicKey(secretKey).toBytes()),
    period: 3,
    genesis_time: 1_760_000_000,
    hash: "cd".repeat(32),
    schemeID: "bls-unchained-g1-rfc9380",
    metadata: { beaconID: "prueba" },
  };
  const sign = (round: number) =>
    bytesToHex(s.sign(s.hash(drandRoundMessage(round), DRAND_DST), secretKey).toBytes());
  return { info, sign };
}

const rules = (announcement: RulesPublishedData["announcement"]): RulesPublishedData => ({
  title: "Rifa de prueba",
  currency: "USD",
  price: "2.50",
  totalTickets: 1000,
  activationType: "date",
  activationPercentage: null,
  startDate: "2026-11-01T12:00:00.000Z",
  endDate: "2026-11-20T12:00:00.000Z",
  reviewWindowHours: 48,
  maxTicketsPerBuyer: null,
  prizeLevels: [
    { level: 1, count: 1, description: "Moto" },
    { level: 2, count: 2, description: "Teléfono" },
  ],
  announcement,
});

type Event = { type: RecordEntryType; at: string; data: RecordEntryData };

async function internalEvents(chain = testChain()) {
  const secret = "42".repeat(32);
  const numbers = [3, 17, 256, 400, 512, 777, 999];
  const tickets = await Promise.all(
    numbers.map(async (number) => ({ number, tag: await ownerTag(secret, raffleId, number) })),
  );
  const listHash = await frozenListHash(tickets);
  const frozenAt = "2026-11-22T15:04:05.678Z";
  const round = firstRoundAtOrAfterMs(chain.info, Date.parse(frozenAt) + 2 * 60_000);
  const signature = chain.sign(round);
  const randomness = bytesToHex(sha256(hexToBytes(signature)));
  const r = rules({ type: "internal", roundDelayMinutes: 2 });
  const input = { raffleId, listHash, randomness, ticketNumbers: numbers, prizeLevels: r.prizeLevels };
  const draw = await drawV2(input);
  const tag = (n: number) => tickets.find((t) => t.number === n)?.tag as string;
  const target = draw.picks[1] as (typeof draw.picks)[number];
  const rep = (await replacementFor(input, target)) as (typeof draw.picks)[number];
  const roundAt = new Date(roundTime(chain.info, round) * 1000);
  const later = new Date(roundAt.getTime() + 1500).toISOString();
  const events: Event[] = [
    { type: "rules_published", at: "2026-11-01T12:00:00.000Z", data: r },
    {
      type: "closed",
      at: "2026-11-20T12:00:00.000Z",
      data: { reason: "end_date", reviewDeadline: "2026-11-22T12:00:00.000Z" },
    },
    {
      type: "frozen",
      at: frozenAt,
      data: { tickets, ticketCount: tickets.length, listHash, expiredProofs: 1 },
    },
    {
      type: "round_named",
      at: frozenAt,
      data: { chain: chain.info, round, roundTime: roundAt.toISOString(), delayMinutes: 2 },
    },
    { type: "beacon", at: later, data: { round, signature, randomness, source: "admin" } },
    {
      type: "winners",
      at: later,
      data: {
        algorithm: "rifazo-draw-v2",
        winners: draw.picks.map((w) => ({ ...w, tag: tag(w.ticketNumber) })),
      },
    },
    {
      type: "disqualification",
      at: "2026-11-29T10:00:00.000Z",
      data: {
        level: target.level,
        index: target.index,
        ticketNumber: target.ticketNumber,
        reason: "Fraude comprobado en el pago.",
        replacement: {
          level: rep.level,
          index: rep.index,
          ticketNumber: rep.ticketNumber,
          tag: tag(rep.ticketNumber),
        },
      },
    },
  ];
  return { events, chain, draw, rep, target, round };
}

/** Recomputes every hash, as a database user rewriting the whole record would. */
async function rechain(record: DrawRecord): Promise<DrawRecord> {
  let prev = GENESIS_PREV_HASH;
  const entries = [];
  for (const [seq, e] of record.entries.entries()) {
    const hash = await entryHash({ seq, type: e.type, at: e.at, data: e.data, prevHash: prev });
    entries.push({ ...e, seq, prevHash: prev, hash });
    prev = hash;
  }
  return { ...record, entries } as DrawRecord;
}

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v));
const failed = (v: { checks: { name: string; ok: boolean }[] }) =>
  v.checks.filter((c) => !c.ok).map((c) => c.name);

/** Paths of every leaf value of a JSON value. */
function leaves(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (value !== null && typeof value === "object") {
    return Object.entries(value).flatMap(([k, v]) =>
      leaves(v, [...path, Array.isArray(value) ? Number(k) : k]),
    );
  }
  return [path];
}

function mutate(value: unknown): unknown {
  if (typeof value === "number") return value + 1;
  if (typeof value === "boolean") return !value;
  if (value === null) return 0;
  const s = String(value);
  const last = s.at(-1) ?? "";
  return s.slice(0, -1) + (last === "0" ? "1" : last === "Z" ? "Y" : "0");
}

describe("canonicalJson", () => {
  it("ordena claves por unidades UTF-16, sin espacios, y rechaza lo que no es entero", () => {
    expect(canonicalJson({ b: 1, a: [true, null, "ñ\n"], B: { z: -0, y: 2 } })).toBe(
      '{"B":{"y":2,"z":0},"a":[true,null,"ñ\\n"],"b":1}',
    );
    expect(canonicalJson({ "\u00e9": 1, z: 2, "\ud83d\ude00": 3, "\uff5e": 4 })).toBe(
      '{"z":2,"é":1,"😀":3,"～":4}',
    );
    expect(() => canonicalJson({ a: 1.5 })).toThrow(/enteros/);
    expect(() => canonicalJson({ a: Number.NaN })).toThrow();
    expect(() => canonicalJson({ a: undefined })).toThrow(/no tiene valor/);
    expect(() => canonicalJson({ a: new Date() })).toThrow(/objetos JSON simples/);
    expect(() => canonicalJson(2 ** 53)).toThrow();
  });

  it("appendEntry encadena desde 64 ceros, exige hora ISO con milisegundos y no retrocede", async () => {
    const first = await appendEntry(null, "cancelled", new Date("2026-01-01T00:00:00Z"), { reason: "x" });
    expect(first.seq).toBe(0);
    expect(first.prevHash).toBe(GENESIS_PREV_HASH);
    expect(first.at).toBe("2026-01-01T00:00:00.000Z");
    expect(first.hash).toBe(await entryHash(first));
    const second = await appendEntry(first, "cancelled", "2026-01-01T00:00:00.001Z", { reason: "y" });
    expect(second.prevHash).toBe(first.hash);
    await expect(appendEntry(first, "cancelled", "2026-01-01T00:00:00Z", { reason: "y" })).rejects.toThrow(
      /Fecha/,
    );
    await expect(
      appendEntry(first, "cancelled", "2025-12-31T00:00:00.000Z", { reason: "y" }),
    ).rejects.toThrow(/anterior/);
  });
});

describe("verifyRecord: sorteo interno con drand", () => {
  it("verifica un acta completa, con reemplazo, y avisa que la cadena no es de la League of Entropy", async () => {
    const { events, draw, rep, target } = await internalEvents();
    const record = await buildRecord(raffleId, events);
    const v = await verifyRecord(record);
    expect(failed(v)).toEqual([]);
    expect(v.ok).toBe(true);
    expect(v.status).toBe("drawn");
    expect(v.warnings.join(" ")).toMatch(/no es de la League of Entropy/);
    expect(v.winners.map((w) => w.ticketNumber)).toEqual(
      [...draw.picks.filter((p) => p !== target), rep]
        .sort((a, b) => a.level - b.level || a.index - b.index)
        .map((w) => w.ticketNumber),
    );
  });

  it("un acta a medio camino verifica lo que hay y dice lo que falta", async () => {
    const { events, round } = await internalEvents();
    const cases: [number, string, RegExp][] = [
      [1, "published", /a la venta/],
      [2, "closed", /congela/],
      [3, "frozen", /ronda/],
      [4, "awaiting_beacon", new RegExp(`ronda ${round}`)],
      [5, "awaiting_winners", /ganadores/],
    ];
    for (const [n, status, pending] of cases) {
      const v = await verifyRecord(await buildRecord(raffleId, events.slice(0, n)));
      expect(failed(v), status).toEqual([]);
      expect(v.status).toBe(status);
      expect(v.pending.join(" ")).toMatch(pending);
    }
  });

  it("orden: las reglas pueden escribirse al cerrar o congelar, pero no cambiar después del cierre", async () => {
    const { events } = await internalEvents();
    const [rules, closed, frozen, named] = events as [Event, Event, Event, Event];
    const late = await verifyRecord(
      await buildRecord(raffleId, [closed, { ...rules, at: closed.at }, frozen, named]),
    );
    expect(failed(late)).toEqual([]);
    const changed = await verifyRecord(
      await buildRecord(raffleId, [rules, closed, { ...rules, at: closed.at }, frozen, named]),
    );
    expect(failed(changed)).toEqual(["Orden de los eventos"]);
    const noRules = await verifyRecord(await buildRecord(raffleId, [closed, frozen]));
    expect(failed(noRules)).toEqual(["Orden de los eventos"]);
    const cancelled = await verifyRecord(
      await buildRecord(raffleId, [
        closed,
        { type: "cancelled", at: closed.at, data: { reason: "Sin ventas." } },
      ]),
    );
    expect(cancelled.ok).toBe(true);
    expect(cancelled.status).toBe("cancelled");
    const afterFreeze = await verifyRecord(
      await buildRecord(raffleId, [
        rules,
        closed,
        frozen,
        { type: "cancelled", at: frozen.at, data: { reason: "x" } },
      ]),
    );
    expect(failed(afterFreeze)).toEqual(["Orden de los eventos"]);
  });

  it("editar cualquier campo de cualquier entrada hace fallar la verificación, nombrando la entrada", async () => {
    const { events } = await internalEvents();
    const record = await buildRecord(raffleId, events);
    let edits = 0;
    for (const [i, entry] of record.entries.entries()) {
      for (const path of leaves(entry)) {
        const copy = clone(record);
        let node: Record<string | number, unknown> = copy.entries[i] as never;
        for (const key of path.slice(0, -1)) node = node[key] as never;
        const key = path[path.length - 1] as string | number;
        node[key] = mutate(node[key]);
        const v = await verifyRecord(copy);
        expect(v.ok, `${i}.${path.join(".")}`).toBe(false);
        expect(
          failed(v).some((name) => name.startsWith(`Entrada ${i} `)),
          `${i}.${path.join(".")}`,
        ).toBe(true);
        edits++;
      }
    }
    expect(edits).toBeGreaterThan(60);
  });

  it("valores mal formados en cualquier lugar nunca lanzan: la verificación falla", async () => {
    const { events } = await internalEvents();
    const record = await buildRecord(raffleId, events);
    const all = (value: unknown, path: (string | number)[] = []): (string | number)[][] =>
      value !== null && typeof value === "object"
        ? [
            path,
            ...Object.entries(value).flatMap(([k, v]) =>
              all(v, [...path, Array.isArray(value) ? Number(k) : k]),
            ),
          ]
        : [path];
    const paths = all(record).filter(
      (p) => p.length > 1 && !(p.length === 2 && p[0] === "entries" && p[1] === record.entries.length - 1),
    );
    const replacements = [null, "borrar", 1.5, {}];
    // One kind of damage per path, rotating, keeps the test near 3 s on the 2-core machine.
    for (const [i, path] of paths.entries()) {
      for (const replacement of [
        replacements[i % replacements.length],
        replacements[(i + 1) % replacements.length],
      ]) {
        const copy = clone(record) as unknown as Record<string | number, unknown>;
        let node = copy;
        for (const key of path.slice(0, -1)) node = node[key] as never;
        const key = path[path.length - 1] as string | number;
        if (replacement === "borrar") {
          if (Array.isArray(node)) node.splice(Number(key), 1);
          else delete node[key];
        } else node[key] = replacement;
        if (JSON.stringify(copy) === JSON.stringify(record)) continue;
        const v = await verifyRecord(copy as unknown as DrawRecord);
        // Nullable fields set to null again, or the last entry removed, are the only harmless edits.
        if (v.ok) expect(["activationPercentage", "maxTicketsPerBuyer"], path.join(".")).toContain(key);
      }
    }
    await expect(verifyRecord(null as unknown as DrawRecord)).resolves.toMatchObject({ ok: false });
    await expect(
      verifyRecord({ format: "rifazo-record-1", raffleId, entries: [null] } as unknown as DrawRecord),
    ).resolves.toMatchObject({ ok: false });
  });

  it("aunque se recalculen todas las huellas, cambiar lo que decide el sorteo se detecta", async () => {
    const { events, chain, round } = await internalEvents();
    const record = await buildRecord(raffleId, events);
    const tampered = async (edit: (r: DrawRecord) => void) => {
      const copy = clone(record);
      edit(copy);
      return failed(await verifyRecord(await rechain(copy)));
    };
    const data = (r: DrawRecord, i: number) => r.entries[i]?.data as unknown as Record<string, unknown>;
    // A ticket added after the freeze.
    expect(
      await tampered((r) => {
        (data(r, 2).tickets as unknown[]).push({ number: 998, tag: "0".repeat(32) });
      }),
    ).toContain("Huella de la lista congelada");
    // Another round named.
    expect(await tampered((r) => Object.assign(data(r, 3), { round: round + 1 }))).toContain(
      "Ronda de drand fijada al congelar",
    );
    // Another round's beacon (genuine signature of round+1).
    expect(
      await tampered((r) =>
        Object.assign(data(r, 4), { round: round + 1, signature: chain.sign(round + 1) }),
      ),
    ).toContain("Firma BLS del beacon");
    // A forged beacon (signed by another key).
    expect(
      await tampered((r) => Object.assign(data(r, 4), { signature: testChain().sign(round) })),
    ).toContain("Firma BLS del beacon");
    // A winner swapped.
    expect(
      await tampered((r) => {
        const w = (data(r, 5).winners as { ticketNumber: number }[])[0] as { ticketNumber: number };
        w.ticketNumber = w.ticketNumber === 3 ? 17 : 3;
      }),
    ).toContain("Ganadores");
    // A replacement chosen by hand.
    expect(
      await tampered((r) => {
        const replacement = data(r, 6).replacement as { ticketNumber: number };
        replacement.ticketNumber = replacement.ticketNumber === 999 ? 777 : 999;
      }),
    ).toContain("Reemplazo por descalificación (entrada 6)");
    // Prize counts changed after the freeze.
    expect(
      await tampered((r) => {
        ((data(r, 0).prizeLevels as { count: number }[])[1] as { count: number }).count = 1;
      }),
    ).toContain("Ganadores");
    // The freeze moved earlier so that a round already known would be named.
    expect(
      await tampered((r) => Object.assign(r.entries[2] as object, { at: "2026-11-22T15:00:00.000Z" })),
    ).toContain("Ronda de drand fijada al congelar");
    // An entry removed.
    expect(await tampered((r) => r.entries.splice(5, 1))).toContain("Orden de los eventos");
    // The beacon recorded before its round existed.
    expect(
      await tampered((r) =>
        Object.assign(r.entries[4] as object, { at: (r.entries[3] as { at: string }).at }),
      ),
    ).toContain("Beacon registrado después de publicarse su ronda");
  });

  it("rechaza una cadena que dice ser quicknet con otra clave", async () => {
    const chain = testChain();
    chain.info.hash = "52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971";
    chain.info.genesis_time = 1692803367;
    const { events } = await internalEvents(chain);
    const v = await verifyRecord(await buildRecord(raffleId, events));
    expect(failed(v)).toContain("Cadena drand");
  });
});

describe("lotería externa", () => {
  it("mapExternalResult: últimas cifras módulo el total, y si no se vendió, el siguiente vendido hacia arriba", () => {
    const rule = { kind: "last_digits" as const, digits: 3 };
    expect(mapExternalResult(rule, "4321", [10, 321, 500], 1000)).toEqual([321]);
    expect(mapExternalResult(rule, "4322", [10, 321, 500], 1000)).toEqual([500]);
    expect(mapExternalResult(rule, "0999", [10, 321, 500], 1000)).toEqual([10]);
    expect(mapExternalResult(rule, "321, 321", [10, 321, 500], 1000)).toEqual([321, 500]);
    expect(mapExternalResult({ kind: "last_digits", digits: 2 }, "57", [3, 7], 50)).toEqual([7]);
    expect(mapExternalResult(rule, "123", [], 1000)).toEqual([]);
    expect(() => mapExternalResult({ kind: "last_digits", digits: 2 }, "12", [1], 1000)).toThrow(
      /no alcanza/,
    );
    expect(() => mapExternalResult(rule, "12", [1], 1000)).toThrow(/al menos 3/);
    expect(() => mapExternalResult(rule, "12a4", [1], 1000)).toThrow(/Resultado oficial inválido/);
  });

  it("verifica resultado, corrección visible y descalificación", async () => {
    const numbers = [5, 120, 600, 601, 950];
    const tickets = numbers.map((number, i) => ({ number, tag: `${i}`.repeat(32) }));
    const listHash = await frozenListHash(tickets);
    const tag = (n: number) => tickets.find((t) => t.number === n)?.tag as string;
    const r = rules({
      type: "external",
      lottery: "Triple Zulia 4:45 p. m.",
      drawAt: "2026-11-21T20:45:00.000Z",
      rule: { kind: "last_digits", digits: 3 },
      ruleText:
        "Gana el boleto igual a las 3 últimas cifras; si no se vendió, el siguiente vendido hacia arriba.",
    });
    const w = (level: number, index: number, n: number, description: string) => ({
      level,
      index,
      ticketNumber: n,
      tag: tag(n),
      description,
    });
    const events: Event[] = [
      { type: "rules_published", at: "2026-11-01T12:00:00.000Z", data: r },
      {
        type: "frozen",
        at: "2026-11-21T12:00:00.000Z",
        data: { tickets, ticketCount: 5, listHash, expiredProofs: 0 },
      },
      {
        type: "external_result",
        at: "2026-11-21T21:00:00.000Z",
        data: {
          result: "119, 600",
          sourceUrl: "https://example.org/resultado",
          winners: [w(1, 0, 120, "Moto"), w(2, 0, 600, "Teléfono")],
        },
      },
      {
        type: "external_correction",
        at: "2026-11-21T22:00:00.000Z",
        data: {
          result: "119, 602",
          sourceUrl: "https://example.org/resultado-corregido",
          corrects: 2,
          reason: "Se transcribió mal el segundo número.",
          winners: [w(1, 0, 120, "Moto"), w(2, 0, 950, "Teléfono")],
        },
      },
      {
        type: "disqualification",
        at: "2026-11-28T22:00:00.000Z",
        data: {
          level: 1,
          index: 0,
          ticketNumber: 120,
          reason: "Fraude comprobado en el pago.",
          replacement: { level: 1, index: 1, ticketNumber: 600, tag: tag(600) },
        },
      },
    ];
    const v = await verifyRecord(await buildRecord(raffleId, events));
    expect(failed(v)).toEqual([]);
    expect(v.winners.map((x) => [x.level, x.index, x.ticketNumber])).toEqual([
      [1, 1, 600],
      [2, 0, 950],
    ]);
    // Pending before the result.
    const waiting = await verifyRecord(await buildRecord(raffleId, events.slice(0, 2)));
    expect(waiting.status).toBe("awaiting_result");
    expect(waiting.ok).toBe(true);
    // A result entered before the lottery's draw, or mapped by hand, fails.
    const early = clone(events);
    (early[2] as Event).at = "2026-11-21T20:00:00.000Z";
    expect(failed(await verifyRecord(await buildRecord(raffleId, early.slice(0, 3))))).toContain(
      "Resultado de la lotería (entrada 2)",
    );
    const forged = clone(events);
    ((forged[2] as Event).data as { winners: { ticketNumber: number }[] }).winners[0] = w(1, 0, 5, "Moto");
    expect(failed(await verifyRecord(await buildRecord(raffleId, forged)))).toContain(
      "Resultado de la lotería (entrada 2)",
    );
  });
});

describe("verifyAny", () => {
  it("reconoce y verifica una transcripción v1 y un acta v2", async () => {
    const transcript = await createDrawTranscript({
      seedHex: "11".repeat(32),
      raffleId,
      ticketNumbers: [1, 2, 3],
      publicValue: "",
      prizeLevels: [{ level: 1, count: 1, description: "Moto" }],
      drawnAt: "2026-01-01T00:00:00.000Z",
    });
    const v1 = await verifyAny(transcript);
    expect(v1.format).toBe("rifazo-draw-v1");
    expect(v1.ok).toBe(true);
    expect((await verifyAny({ ...transcript, ticketNumbers: [1, 2, 4] })).ok).toBe(false);
    const { events } = await internalEvents();
    const v2 = await verifyAny(await buildRecord(raffleId, events));
    expect(v2.format).toBe("rifazo-record-1");
    expect(v2.ok).toBe(true);
    await expect(verifyAny({ hello: 1 })).rejects.toThrow(/No reconozco/);
  });
});
