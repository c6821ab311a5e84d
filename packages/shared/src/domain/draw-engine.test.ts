import { describe, expect, it } from "vitest";
import {
  ALGORITHM_VERSION,
  acceptSample,
  CHECK_NAMES,
  canonicalTicketList,
  commitmentForSeed,
  createDrawTranscript,
  type DrawInput,
  DrawInputError,
  type DrawTranscript,
  drawWinners,
  encodeDrawMessage,
  generateSeed,
  hexToBytes,
  type PrizeLevel,
  sha256Hex,
  ticketListHash,
  verifyTranscript,
} from "./draw-engine";

// Fixed test vectors. They were computed once with this implementation and
// cross-checked with an independent Python (hashlib/hmac) implementation of the
// documented protocol; any change to the algorithm must fail these tests.
const SEED = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";
const SEED_COMMITMENT = "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd";
const TICKETS = [42, 7, 1234, 9999, 0, 500, 77, 3210, 8888, 15];
const TICKETS_HASH = "a615bc8fc5422920caf1592fd7e44b3aabf58894df419485d00843659c06c870";
const EMPTY_HASH = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
const PRIZES: PrizeLevel[] = [
  { level: 1, count: 1, description: "Moto" },
  { level: 2, count: 2, description: "Teléfono" },
  { level: 3, count: 3, description: "Bono 50 USD" },
];
const BASE: DrawInput = {
  seedHex: SEED,
  raffleId: "raffle-123",
  ticketNumbers: TICKETS,
  publicValue: "",
  prizeLevels: PRIZES,
};
const DRAWN_AT = "2025-06-15T12:00:00.000Z";

const picks = (winners: { level: number; index: number; ticketNumber: number }[]) =>
  winners.map((w) => [w.level, w.index, w.ticketNumber]);

describe("hash primitives", () => {
  it("SHA-256 matches published values", async () => {
    expect(await sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(await sha256Hex("")).toBe(EMPTY_HASH);
  });

  it("hex round-trips and rejects malformed input", () => {
    expect(Array.from(hexToBytes("00ff10"))).toEqual([0, 255, 16]);
    expect(Array.from(hexToBytes("ABcd"))).toEqual([0xab, 0xcd]);
    expect(() => hexToBytes("abc")).toThrow(DrawInputError);
    expect(() => hexToBytes("zz")).toThrow(DrawInputError);
  });

  it("encodes draw messages as UTF-8 fields joined by 0x1F", () => {
    expect(Buffer.from(encodeDrawMessage(["r", "ab", "", 1, 0, 0])).toString("hex")).toBe(
      "721f61621f1f311f301f30",
    );
    expect(Buffer.from(encodeDrawMessage(["ñ"])).toString("hex")).toBe("c3b1");
    expect(encodeDrawMessage([]).length).toBe(0);
  });
});

describe("seed and commitment", () => {
  it("generates 32 random bytes as lowercase hex", async () => {
    const a = await generateSeed();
    const b = await generateSeed();
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(a).not.toBe(b);
  });

  it("commits to the seed bytes (known answer)", async () => {
    expect(await commitmentForSeed(SEED)).toBe(SEED_COMMITMENT);
    expect(await commitmentForSeed(SEED.toUpperCase())).toBe(SEED_COMMITMENT);
  });

  it("rejects seeds that are not 32 bytes of hex", async () => {
    await expect(commitmentForSeed("00")).rejects.toThrow(DrawInputError);
    await expect(commitmentForSeed(`${SEED}00`)).rejects.toThrow(DrawInputError);
    await expect(commitmentForSeed(SEED.replace("0", "g"))).rejects.toThrow(DrawInputError);
  });
});

describe("ticket list hash", () => {
  it("is the SHA-256 of the ascending 4-digit list (known answer)", async () => {
    expect(canonicalTicketList(TICKETS)).toBe("0000,0007,0015,0042,0077,0500,1234,3210,8888,9999");
    expect(await ticketListHash(TICKETS)).toBe(TICKETS_HASH);
  });

  it("does not depend on input order", async () => {
    expect(await ticketListHash([...TICKETS].reverse())).toBe(TICKETS_HASH);
  });

  it("hashes an empty list as the empty string", async () => {
    expect(await ticketListHash([])).toBe(EMPTY_HASH);
  });

  it("changes when one ticket changes", async () => {
    expect(await ticketListHash([...TICKETS.slice(1), 43])).not.toBe(TICKETS_HASH);
  });

  it("rejects duplicates and invalid numbers", async () => {
    await expect(ticketListHash([1, 2, 1])).rejects.toThrow(/duplicado.*0001/);
    await expect(ticketListHash([10000])).rejects.toThrow(DrawInputError);
    await expect(ticketListHash([1.5])).rejects.toThrow(DrawInputError);
  });
});

describe("acceptSample (rejection sampling)", () => {
  const TOP = (1n << 256n) - 1n;

  it("accepts values below the largest multiple of n", () => {
    expect(acceptSample(0n, 3)).toBe(0);
    expect(acceptSample(TOP - 1n, 3)).toBe(2); // (2^256 - 2) mod 3
    expect(acceptSample(TOP, 1)).toBe(0); // 2^256 is a multiple of 1: nothing rejected
  });

  it("rejects the biased tail", () => {
    // 2^256 mod 3 = 1, so only the very top value is rejected.
    expect(acceptSample(TOP, 3)).toBeNull();
    // 2^256 mod 10 = 6: the top 6 values are rejected, the 7th from the top is accepted.
    expect(acceptSample(TOP - 5n, 10)).toBeNull();
    expect(acceptSample(TOP - 6n, 10)).toBe(Number((TOP - 6n) % 10n));
  });

  it("rejects out-of-range inputs", () => {
    expect(acceptSample(-1n, 3)).toBeNull();
    expect(acceptSample(1n << 256n, 3)).toBeNull();
    expect(() => acceptSample(1n, 0)).toThrow(RangeError);
  });
});

describe("drawWinners", () => {
  it("matches the known-answer vector", async () => {
    const winners = await drawWinners(BASE);
    expect(winners).toEqual([
      { level: 1, index: 0, ticketNumber: 77, description: "Moto" },
      { level: 2, index: 0, ticketNumber: 500, description: "Teléfono" },
      { level: 2, index: 1, ticketNumber: 8888, description: "Teléfono" },
      { level: 3, index: 0, ticketNumber: 15, description: "Bono 50 USD" },
      { level: 3, index: 1, ticketNumber: 1234, description: "Bono 50 USD" },
      { level: 3, index: 2, ticketNumber: 3210, description: "Bono 50 USD" },
    ]);
  });

  it("matches the known-answer vector with a public value", async () => {
    const winners = await drawWinners({ ...BASE, publicValue: "loteria:2025-06-15:483" });
    expect(picks(winners)).toEqual([
      [1, 0, 3210],
      [2, 0, 8888],
      [2, 1, 77],
      [3, 0, 0],
      [3, 1, 15],
      [3, 2, 9999],
    ]);
  });

  it("matches the known-answer vector over a full 10 000-ticket raffle", async () => {
    const winners = await drawWinners({
      seedHex: await sha256Hex("rifazo"),
      raffleId: "6f1c2e0a-2b7d-4c1e-9a55-3d9e8f0b1a2c",
      ticketNumbers: Array.from({ length: 10_000 }, (_, i) => i),
      publicValue: "",
      prizeLevels: [{ level: 1, count: 3, description: "Premio Principal" }],
    });
    expect(picks(winners)).toEqual([
      [1, 0, 1320],
      [1, 1, 6070],
      [1, 2, 6671],
    ]);
  });

  it("is deterministic and independent of ticket and prize input order", async () => {
    const first = await drawWinners(BASE);
    const again = await drawWinners({
      ...BASE,
      ticketNumbers: [...TICKETS].reverse(),
      prizeLevels: [...PRIZES].reverse(),
    });
    expect(again).toEqual(first);
  });

  it("changes with the raffle id, public value or seed", async () => {
    const base = JSON.stringify(await drawWinners(BASE));
    const other = await sha256Hex("other seed");
    for (const variant of [{ raffleId: "raffle-124" }, { publicValue: "x" }, { seedHex: other }]) {
      expect(JSON.stringify(await drawWinners({ ...BASE, ...variant }))).not.toBe(base);
    }
  });

  it("never picks the same ticket twice", async () => {
    const all = Array.from({ length: 20 }, (_, i) => i * 3);
    const winners = await drawWinners({
      ...BASE,
      ticketNumbers: all,
      prizeLevels: [{ level: 1, count: 20, description: "Todos" }],
    });
    const numbers = winners.map((w) => w.ticketNumber);
    expect(new Set(numbers).size).toBe(20);
    expect([...numbers].sort((a, b) => a - b)).toEqual(all);
  });

  it("fills levels in order when there are fewer tickets than prizes", async () => {
    const winners = await drawWinners({ ...BASE, ticketNumbers: [5, 6, 7] });
    expect(winners.map((w) => [w.level, w.index])).toEqual([
      [1, 0],
      [2, 0],
      [2, 1],
    ]);
    expect(winners.map((w) => w.ticketNumber).sort((a, b) => a - b)).toEqual([5, 6, 7]);
  });

  it("returns [] for an empty ticket list or no prizes", async () => {
    expect(await drawWinners({ ...BASE, ticketNumbers: [] })).toEqual([]);
    expect(await drawWinners({ ...BASE, prizeLevels: [] })).toEqual([]);
  });

  it("skips levels with zero winners", async () => {
    const winners = await drawWinners({
      ...BASE,
      prizeLevels: [
        { level: 1, count: 0, description: "Ninguno" },
        { level: 2, count: 1, description: "Uno" },
      ],
    });
    expect(picks(winners).map(([level]) => level)).toEqual([2]);
  });

  it("rejects ambiguous or invalid input", async () => {
    await expect(drawWinners({ ...BASE, raffleId: "a\u001fb" })).rejects.toThrow(DrawInputError);
    await expect(drawWinners({ ...BASE, publicValue: "\u001f" })).rejects.toThrow(DrawInputError);
    await expect(drawWinners({ ...BASE, seedHex: "abcd" })).rejects.toThrow(DrawInputError);
    await expect(drawWinners({ ...BASE, ticketNumbers: [1, 1] })).rejects.toThrow(DrawInputError);
    const dupLevels = [PRIZES[0] as PrizeLevel, PRIZES[0] as PrizeLevel];
    await expect(drawWinners({ ...BASE, prizeLevels: dupLevels })).rejects.toThrow(/repetido/);
    await expect(
      drawWinners({ ...BASE, prizeLevels: [{ level: 1, count: -1, description: "" }] }),
    ).rejects.toThrow(DrawInputError);
    await expect(
      drawWinners({ ...BASE, prizeLevels: [{ level: 1.5, count: 1, description: "" }] }),
    ).rejects.toThrow(DrawInputError);
  });

  it("picks winning positions uniformly (chi-square, 10 tickets × 5000 draws)", async () => {
    const tickets = Array.from({ length: 10 }, (_, i) => 100 + i);
    const counts = new Array<number>(10).fill(0);
    const draws = 5000;
    for (let i = 0; i < draws; i++) {
      const [winner] = await drawWinners({
        seedHex: await sha256Hex(`chi-square-seed-${i}`),
        raffleId: "uniformity",
        ticketNumbers: tickets,
        publicValue: "",
        prizeLevels: [{ level: 1, count: 1, description: "Premio" }],
      });
      const position = (winner?.ticketNumber ?? -1) - 100;
      counts[position] = (counts[position] ?? 0) + 1;
    }
    const expected = draws / tickets.length;
    const chiSquare = counts.reduce((sum, observed) => sum + (observed - expected) ** 2 / expected, 0);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(draws);
    // 99% critical value of the chi-square distribution with 9 degrees of freedom.
    expect(chiSquare).toBeLessThan(21.666);
  });
});

describe("transcripts", () => {
  const transcript = () =>
    createDrawTranscript({ ...BASE, ticketNumbers: [...TICKETS].reverse(), drawnAt: new Date(DRAWN_AT) });

  it("records every input and output needed to verify", async () => {
    const t = await transcript();
    expect(t).toMatchObject({
      algorithmVersion: ALGORITHM_VERSION,
      raffleId: "raffle-123",
      commitment: SEED_COMMITMENT,
      seed: SEED,
      publicValue: "",
      ticketNumbers: [0, 7, 15, 42, 77, 500, 1234, 3210, 8888, 9999],
      ticketListHash: TICKETS_HASH,
      prizeLevels: PRIZES,
      drawnAt: DRAWN_AT,
    });
    expect(t.winners).toEqual(await drawWinners(BASE));
    expect(ALGORITHM_VERSION).toBe("rifazo-draw-v1");
  });

  it("verifies an untouched transcript, also after a JSON round trip", async () => {
    const t = JSON.parse(JSON.stringify(await transcript())) as DrawTranscript;
    const result = await verifyTranscript(t);
    expect(result.ok).toBe(true);
    expect(result.checks.map((c) => c.name)).toEqual([
      "Versión del algoritmo",
      "Compromiso (SHA-256 de la semilla)",
      "Huella de la lista de boletos",
      "Ganadores",
    ]);
    for (const c of result.checks) expect(c.expected).toBe(c.actual);
  });

  const failing = async (edit: (t: DrawTranscript) => void) => {
    const t = structuredClone(await transcript());
    edit(t);
    const result = await verifyTranscript(t);
    expect(result.ok).toBe(false);
    return result.checks.filter((c) => !c.ok).map((c) => c.name);
  };

  it("fails when the seed changes", async () => {
    const other = await sha256Hex("tampered");
    expect(await failing((t) => Object.assign(t, { seed: other }))).toEqual([
      CHECK_NAMES.commitment,
      CHECK_NAMES.winners,
    ]);
  });

  it("fails when the commitment changes", async () => {
    expect(await failing((t) => Object.assign(t, { commitment: EMPTY_HASH }))).toEqual([
      CHECK_NAMES.commitment,
    ]);
  });

  it("fails when one ticket changes", async () => {
    const names = await failing((t) => {
      t.ticketNumbers[3] = 43;
    });
    expect(names).toContain(CHECK_NAMES.ticketListHash);
  });

  it("fails when a ticket is added to the list", async () => {
    const names = await failing((t) => {
      t.ticketNumbers.push(1);
    });
    expect(names).toContain(CHECK_NAMES.ticketListHash);
  });

  it("fails when the public value changes", async () => {
    expect(await failing((t) => Object.assign(t, { publicValue: "loteria:2025-06-15:483" }))).toEqual([
      CHECK_NAMES.winners,
    ]);
  });

  it("fails when the raffle id changes", async () => {
    expect(await failing((t) => Object.assign(t, { raffleId: "raffle-124" }))).toEqual([CHECK_NAMES.winners]);
  });

  it("fails when a winner changes", async () => {
    expect(
      await failing((t) => {
        (t.winners[0] as { ticketNumber: number }).ticketNumber = 42;
      }),
    ).toEqual([CHECK_NAMES.winners]);
  });

  it("fails when a winner is removed or a prize level edited", async () => {
    expect(await failing((t) => t.winners.pop())).toEqual([CHECK_NAMES.winners]);
    expect(
      await failing((t) => {
        (t.prizeLevels[2] as PrizeLevel).count = 2;
      }),
    ).toEqual([CHECK_NAMES.winners]);
  });

  it("fails on an unknown algorithm version", async () => {
    expect(await failing((t) => Object.assign(t, { algorithmVersion: "rifazo-draw-v0" }))).toEqual([
      CHECK_NAMES.version,
    ]);
  });

  it("reports input errors as failed checks instead of throwing", async () => {
    const t = structuredClone(await transcript());
    t.ticketNumbers.push(t.ticketNumbers[0] as number);
    t.seed = "xyz";
    const result = await verifyTranscript(t);
    expect(result.ok).toBe(false);
    const byName = Object.fromEntries(result.checks.map((c) => [c.name, c]));
    expect(byName[CHECK_NAMES.commitment]?.expected).toMatch(/^Error: /);
    expect(byName[CHECK_NAMES.ticketListHash]?.expected).toMatch(/duplicado/);
    expect(byName[CHECK_NAMES.winners]?.ok).toBe(false);
  });
});
