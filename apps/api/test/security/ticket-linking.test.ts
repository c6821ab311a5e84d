// Nobody can group a frozen raffle's tickets by buyer from public answers. An auditor once asked the
// public ticket verifier for every sold number within its rate limit and, from the owner's name it gave
// for each one, linked 27 of a raffle's 88 tickets to 6 buyers. Here a visitor sweeps every sold ticket
// of a frozen raffle through every public answer that names tickets (the verifier, the raffle, its
// record) and no field may split the tickets into groups: each field is the same for all of them or
// different for each. The verifier still names a winner (spec 1 §3 "user_name") and tells a signed-in
// buyer which tickets are theirs.
import { describe, expect, it } from "vitest";
import { drawDueRaffles } from "../../src/modules/draws/record-service";
import { closedRaffleWithSales, freezeAt } from "../draw-fixtures";
import { nextIp, signedInUser, type TestApp } from "../helpers";
import { useDrawTestApp } from "./lifecycle";

let t: TestApp;
let buyers: Array<{ id: string; cookie: string }>;
const SALES = [
  [1, 2, 3, 4],
  [5, 6],
  [7, 8, 9],
  [10, 11],
];
const SOLD = SALES.flat();
// 40 tickets: numbers show 2 digits (ticketDigits).
const label = (n: number) => String(n).padStart(2, "0");

useDrawTestApp(async (app) => {
  t = app;
  buyers = [];
  for (const name of ["Ana Pérez", "Beto Rangel", "Carla Díaz", "Dani Soto"]) {
    buyers.push(await signedInUser(t.app, { fullName: name }));
  }
});

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: "GET", url, remoteAddress: nextIp(), headers: cookie ? { cookie } : {} });

/** Every leaf of a JSON value as "path = value". */
function leaves(value: unknown, path = ""): Map<string, string> {
  const out = new Map<string, string>();
  if (value !== null && typeof value === "object") {
    for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
      for (const [p, v] of leaves(inner, path ? `${path}.${key}` : key)) out.set(p, v);
    }
  } else {
    out.set(path, JSON.stringify(value));
  }
  return out;
}

/**
 * The fields that split the tickets into groups: a field whose values are neither all equal nor all
 * different puts some tickets together and others apart (as an owner's name would, buyer by buyer).
 */
function groupingFields(perTicket: Map<number, Map<string, string>>): string[] {
  const fields = new Set([...perTicket.values()].flatMap((m) => [...m.keys()]));
  const grouping: string[] = [];
  for (const field of fields) {
    const values = [...perTicket.values()].map((m) => m.get(field) ?? "(ausente)");
    const distinct = new Set(values).size;
    if (distinct > 1 && distinct < values.length) grouping.push(`${field}: ${values.join(" | ")}`);
  }
  return grouping;
}

/** What a visitor learns about each sold ticket of `raffleId`: the verifier's match and the record's entry. */
async function sweep(raffleId: string, cookie?: string) {
  const perTicket = new Map<number, Map<string, string>>();
  const record = (await get(`/api/raffles/${raffleId}/record`)).json() as {
    entries: Array<{ type: string; data: { tickets?: Array<{ number: number; tag: string }> } }>;
  };
  const frozen = record.entries.find((e) => e.type === "frozen")?.data.tickets ?? [];
  expect(frozen.map((x) => x.number)).toEqual(SOLD);
  for (const number of SOLD) {
    const answer = await get(`/api/tickets/verify/${label(number)}`, cookie);
    expect(answer.statusCode, answer.body).toBe(200);
    const match = (answer.json().matches as Array<{ raffleId: string }>).find((m) => m.raffleId === raffleId);
    expect(match).toBeDefined();
    const fields = leaves(match, "verificador");
    for (const [p, v] of leaves(
      frozen.find((x) => x.number === number),
      "acta.lista",
    ))
      fields.set(p, v);
    perTicket.set(number, fields);
  }
  return perTicket;
}

describe("ningún dato público agrupa los boletos por comprador", () => {
  it("a visitor sweeping a frozen raffle's sold tickets finds no field that groups them", async () => {
    const raffle = await closedRaffleWithSales(
      t.app.ctx,
      { total: 40, title: "Rifa barrida", levels: [{ description: "Moto", count: 1 }] },
      SALES.map((numbers, i) => ({ userId: (buyers[i] as { id: string }).id, numbers })),
    );
    // Frozen a minute ago: the round is not out yet, nobody has won.
    await freezeAt(t.app.ctx, raffle.id, new Date(Date.now() - 60_000));
    const perTicket = await sweep(raffle.id);
    expect(groupingFields(perTicket)).toEqual([]);
    for (const fields of perTicket.values()) expect(fields.get("verificador.ownerName")).toBe("null");
    // The raffle itself lists no ticket with anything about its owner either.
    const detail = (await get(`/api/raffles/${raffle.id}`)).json();
    for (const [p, v] of leaves(detail)) {
      expect(`${p} = ${v}`).not.toMatch(/Pérez|Rangel|Díaz|Soto/);
    }
  });

  it("after the draw only the winner is named; a signed-in buyer sees their own tickets as theirs", async () => {
    const raffle = await closedRaffleWithSales(
      t.app.ctx,
      { total: 40, title: "Rifa sorteada", levels: [{ description: "Moto", count: 1 }] },
      SALES.map((numbers, i) => ({ userId: (buyers[i] as { id: string }).id, numbers })),
    );
    await freezeAt(t.app.ctx, raffle.id, new Date(Date.now() - 10 * 60_000));
    expect(await drawDueRaffles(t.app.ctx, new Date())).toContain(raffle.id);
    const winners = (await get(`/api/raffles/${raffle.id}`)).json().winners as Array<{
      ticketNumber: string;
    }>;
    expect(winners).toHaveLength(1);
    const winning = Number(winners[0]?.ticketNumber);

    const perTicket = await sweep(raffle.id);
    // The winner is named (one ticket), and nothing else groups the tickets.
    const named = [...perTicket].filter(([, f]) => f.get("verificador.ownerName") !== "null").map(([n]) => n);
    expect(named).toEqual([winning]);
    const losers = new Map([...perTicket].filter(([n]) => n !== winning));
    expect(groupingFields(losers)).toEqual([]);

    // Beto (tickets 5 and 6), signed in: his tickets are named as his, Ana's are not named.
    const beto = buyers[1] as { cookie: string };
    for (const number of [5, 6]) {
      const mine = (await get(`/api/tickets/verify/${label(number)}`, beto.cookie))
        .json()
        .matches.find((m: { raffleId: string }) => m.raffleId === raffle.id);
      expect(mine.mine).toBe(true);
      expect(mine.ownerName).toBe("Beto R.");
    }
    const other = SALES[0]?.find((n) => n !== winning) as number;
    const theirs = (await get(`/api/tickets/verify/${label(other)}`, beto.cookie))
      .json()
      .matches.find((m: { raffleId: string }) => m.raffleId === raffle.id);
    expect(theirs.mine).toBe(false);
    expect(theirs.ownerName).toBeNull();
  });
});
