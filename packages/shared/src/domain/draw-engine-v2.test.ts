import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DrawInputError, drawWinners } from "./draw-engine";
import {
  ALGORITHM_VERSION_V2,
  canonicalFrozenList,
  type DisqualifiedPick,
  drawMessageV2,
  drawV2,
  drawWinnersV2,
  frozenListHash,
  replacementFor,
} from "./draw-engine-v2";

const raffleId = "3f0c6b2e-9a41-4c1e-8d2a-5b7e9f1a2c3d";
const listHash = "a".repeat(64);
const randomness = "fc1873a13f3545aeade8401532ef5519920652eee6b0d2b19ca12643b87b3587";
const prizeLevels = [
  { level: 1, count: 1, description: "Moto" },
  { level: 2, count: 2, description: "Teléfono" },
];

const hex64 = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString("hex"));
const ticketSet = fc.uniqueArray(fc.integer({ min: 0, max: 9999 }), { minLength: 1, maxLength: 40 });
const levelsArb = fc
  .uniqueArray(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 3 })
  .chain((levels) =>
    fc.tuple(
      ...levels.map((level) =>
        fc.integer({ min: 0, max: 4 }).map((count) => ({ level, count, description: `Premio ${level}` })),
      ),
    ),
  );

describe("lista congelada", () => {
  it("texto canónico: NNNN:marca en orden ascendente, separados por comas", async () => {
    const tickets = [
      { number: 42, tag: "b".repeat(32) },
      { number: 7, tag: "a".repeat(32) },
    ];
    expect(canonicalFrozenList(tickets)).toBe(`0007:${"a".repeat(32)},0042:${"b".repeat(32)}`);
    expect(await frozenListHash(tickets)).toMatch(/^[0-9a-f]{64}$/);
    expect(await frozenListHash(tickets)).toBe(await frozenListHash([...tickets].reverse()));
  });

  it("rechaza duplicados, números fuera de rango y marcas mal formadas", () => {
    const tag = "a".repeat(32);
    expect(() =>
      canonicalFrozenList([
        { number: 1, tag },
        { number: 1, tag },
      ]),
    ).toThrow(DrawInputError);
    expect(() => canonicalFrozenList([{ number: 10000, tag }])).toThrow(DrawInputError);
    expect(() => canonicalFrozenList([{ number: 1, tag: "A".repeat(32) }])).toThrow(DrawInputError);
    expect(() => canonicalFrozenList([{ number: 1, tag: "a".repeat(31) }])).toThrow(DrawInputError);
  });
});

describe("sorteo v2", () => {
  it("mensaje HMAC: versión ␟ rifa ␟ huella ␟ nivel ␟ posición ␟ contador", () => {
    const text = new TextDecoder().decode(drawMessageV2("r", "h", 1, 2, 3));
    expect(text).toBe([ALGORITHM_VERSION_V2, "r", "h", "1", "2", "3"].join("\u001f"));
  });

  it("no coincide con v1 aunque se use la misma clave (nueva versión del algoritmo)", async () => {
    const tickets = Array.from({ length: 50 }, (_, i) => i);
    const v2 = await drawWinnersV2({ raffleId, listHash, randomness, ticketNumbers: tickets, prizeLevels });
    const v1 = await drawWinners({
      seedHex: randomness,
      raffleId,
      ticketNumbers: tickets,
      publicValue: "",
      prizeLevels,
    });
    expect(v2.map((w) => w.ticketNumber)).not.toEqual(v1.map((w) => w.ticketNumber));
  });

  it("propiedades: nunca el mismo boleto dos veces, determinista, independiente del orden de entrada", async () => {
    await fc.assert(
      fc.asyncProperty(
        ticketSet,
        levelsArb,
        hex64,
        fc.integer(),
        async (tickets, levels, rand, shuffleSeed) => {
          const input = { raffleId, listHash, randomness: rand, ticketNumbers: tickets, prizeLevels: levels };
          const a = await drawWinnersV2(input);
          const shuffled = [...tickets].sort(
            (x, y) => ((x * 7919 + shuffleSeed) % 101) - ((y * 7919 + shuffleSeed) % 101),
          );
          const b = await drawWinnersV2({
            ...input,
            ticketNumbers: shuffled,
            prizeLevels: [...levels].reverse(),
          });
          expect(b).toEqual(a);
          expect(new Set(a.map((w) => w.ticketNumber)).size).toBe(a.length);
          for (const w of a) expect(tickets).toContain(w.ticketNumber);
          const slots = levels.reduce((sum, l) => sum + l.count, 0);
          expect(a.length).toBe(Math.min(slots, tickets.length));
        },
      ),
      { numRuns: 60 },
    );
  });

  it("propiedad: descalificar no cambia a ningún otro ganador y el reemplazo es el siguiente índice del nivel", async () => {
    await fc.assert(
      fc.asyncProperty(
        ticketSet,
        levelsArb,
        hex64,
        fc.array(fc.nat(), { maxLength: 4 }),
        async (tickets, levels, rand, choices) => {
          const input = { raffleId, listHash, randomness: rand, ticketNumbers: tickets, prizeLevels: levels };
          const base = await drawV2(input);
          const disqualifications: DisqualifiedPick[] = [];
          let current = base.winners;
          for (const choice of choices) {
            if (current.length === 0) break;
            const target = current[choice % current.length] as (typeof current)[number];
            const replacement = await replacementFor({ ...input, disqualifications }, target);
            disqualifications.push({ level: target.level, index: target.index });
            const next = await drawV2({ ...input, disqualifications });
            // Every other current winner is unchanged.
            const others = current.filter((w) => w !== target);
            for (const w of others) expect(next.winners).toContainEqual(w);
            expect(next.winners).not.toContainEqual(target);
            expect(next.replacements[next.replacements.length - 1] ?? null).toEqual(replacement);
            if (replacement) {
              expect(replacement.level).toBe(target.level);
              const count = levels.find((l) => l.level === target.level)?.count ?? 0;
              expect(replacement.index).toBeGreaterThanOrEqual(count);
              // Never a ticket that was already picked (including disqualified ones).
              expect(base.picks.map((p) => p.ticketNumber)).not.toContain(replacement.ticketNumber);
              expect(next.winners).toContainEqual(replacement);
            } else {
              expect(next.picks.length).toBe(tickets.length);
            }
            // The earlier picks (and replacements) are a prefix of the new ones.
            expect(next.picks.slice(0, base.picks.length)).toEqual(base.picks);
            expect(new Set(next.picks.map((p) => p.ticketNumber)).size).toBe(next.picks.length);
            current = next.winners;
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it("un solo boleto, y menos boletos que premios", async () => {
    const one = await drawV2({ raffleId, listHash, randomness, ticketNumbers: [77], prizeLevels });
    expect(one.winners).toEqual([{ level: 1, index: 0, ticketNumber: 77, description: "Moto" }]);
    expect(
      await replacementFor(
        { raffleId, listHash, randomness, ticketNumbers: [77], prizeLevels },
        { level: 1, index: 0 },
      ),
    ).toBeNull();
    const two = await drawWinnersV2({ raffleId, listHash, randomness, ticketNumbers: [5, 6], prizeLevels });
    expect(two.map((w) => [w.level, w.index])).toEqual([
      [1, 0],
      [2, 0],
    ]);
    expect(await drawWinnersV2({ raffleId, listHash, randomness, ticketNumbers: [], prizeLevels })).toEqual(
      [],
    );
  });

  it("rechaza descalificar a quien no es ganador vigente, y entradas mal formadas", async () => {
    const input = { raffleId, listHash, randomness, ticketNumbers: [1, 2, 3, 4, 5], prizeLevels };
    await expect(drawV2({ ...input, disqualifications: [{ level: 1, index: 5 }] })).rejects.toThrow(
      /No hay ganador/,
    );
    await expect(
      drawV2({
        ...input,
        disqualifications: [
          { level: 1, index: 0 },
          { level: 1, index: 0 },
        ],
      }),
    ).rejects.toThrow(/ya fue descalificado/);
    await expect(drawV2({ ...input, randomness: "12" })).rejects.toThrow(/32 bytes/);
    await expect(drawV2({ ...input, listHash: "A".repeat(64) })).rejects.toThrow(/huella/);
    await expect(drawV2({ ...input, ticketNumbers: [1, 1] })).rejects.toThrow(/duplicado/);
  });
});
