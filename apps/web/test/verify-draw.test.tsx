// @vitest-environment happy-dom

import {
  buildRecord,
  type DrawRecord,
  type FrozenData,
  type WinnersData,
} from "@rifazo/shared/domain/draw-record";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it } from "vitest";
import exampleRecord from "../../../docs/draw-protocol/example-record.json";
import { VerifyDraw } from "../src/features/draws";
import { RAFFLE_ID, v2Record } from "./fixtures/v2-record";
import { renderWithProviders, stubFetch } from "./render";

// "Verificar" (decision 0012): the whole record verified in the browser, each check shown, the warnings said,
// and a tampered record failing with the check that caught it named.

const fetchMock = stubFetch();
let record: DrawRecord;

beforeAll(async () => {
  record = await v2Record();
});

async function pressVerify(given: DrawRecord) {
  renderWithProviders(<VerifyDraw raffleId={RAFFLE_ID} record={given} />);
  await userEvent.click(screen.getByRole("button", { name: /Verificar/ }));
  return screen.findByRole("list", { name: "Comprobaciones" }, { timeout: 10_000 });
}

describe("record verification panel", () => {
  it("verifies a real v2 record: every check passes, the test chain is called out", async () => {
    const list = await pressVerify(record);
    expect(screen.getByText("Verificado en tu navegador: todo coincide")).toBeInTheDocument();
    const names = within(list)
      .getAllByRole("listitem")
      .map((li) => li.textContent ?? "");
    for (const check of [
      "Firma BLS del beacon",
      "Huella de la lista congelada",
      "Ganadores",
      "Reemplazo por descalificación",
    ]) {
      expect(names.some((n) => n.startsWith(`✓${check}`))).toBe(true);
    }
    expect(names.every((n) => n.startsWith("✓"))).toBe(true);
    expect(screen.getByText(/no es de la League of Entropy/)).toBeInTheDocument();
    // The result is announced: it sits in a polite live region.
    expect(list.closest("[aria-live='polite']")).not.toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("fails a record whose frozen list was edited, naming the check", async () => {
    const tampered = structuredClone(record);
    const frozen = tampered.entries.find((e) => e.type === "frozen");
    if (frozen?.type !== "frozen") throw new Error("fixture without a freeze");
    const first = frozen.data.tickets[0];
    if (!first) throw new Error("fixture without tickets");
    first.number = 1;
    await pressVerify(tampered);
    const title = screen.getByText(/^El acta no es válida:/);
    expect(title).toHaveTextContent(
      "Entrada 2 (Lista congelada): cadena de huellas, Huella de la lista congelada",
    );
    expect(screen.getAllByText("✗").length).toBeGreaterThan(0);
  });

  it("fails a record whose beacon signature was replaced", async () => {
    const tampered = structuredClone(record);
    const beacon = tampered.entries.find((e) => e.type === "beacon");
    if (beacon?.type !== "beacon") throw new Error("fixture without a beacon");
    beacon.data.signature = beacon.data.signature.replace(
      /^../,
      beacon.data.signature.startsWith("aa") ? "ab" : "aa",
    );
    await pressVerify(tampered);
    expect(screen.getByText(/^El acta no es válida:/)).toHaveTextContent("Firma BLS del beacon");
  });

  it("fails a record re-chained after its winners were changed: the chain holds, the winners check does not", async () => {
    const entries = record.entries.map((e) => structuredClone({ type: e.type, at: e.at, data: e.data }));
    const winners = entries.find((e) => e.type === "winners")?.data as WinnersData;
    const frozen = entries.find((e) => e.type === "frozen")?.data as FrozenData;
    const picked = new Set(winners.winners.map((w) => w.ticketNumber));
    const other = frozen.tickets.find((t) => !picked.has(t.number));
    const first = winners.winners[0];
    if (!other || !first) throw new Error("fixture incomplete");
    first.ticketNumber = other.number;
    first.tag = other.tag;
    await pressVerify(await buildRecord(RAFFLE_ID, entries));
    const title = screen.getByText(/^El acta no es válida:/);
    expect(title).toHaveTextContent(/: Ganadores/);
    expect(title).not.toHaveTextContent("cadena de huellas");
  });
});

describe("the protocol's example record (quicknet round 657413, docs/draw-protocol)", () => {
  const example = () => structuredClone(exampleRecord) as DrawRecord;

  it("verifies in the browser, every check passing, with no warning about the chain", async () => {
    const list = await pressVerify(example());
    expect(screen.getByText("Verificado en tu navegador: todo coincide")).toBeInTheDocument();
    const names = within(list)
      .getAllByRole("listitem")
      .map((li) => li.textContent ?? "");
    expect(names.some((n) => n.startsWith("✓Firma BLS del beacon"))).toBe(true);
    expect(names.every((n) => n.startsWith("✓"))).toBe(true);
    expect(screen.queryByText(/League of Entropy/)).not.toBeInTheDocument();
  });

  it("a copy with one disqualification reason changed fails, naming the entry", async () => {
    const tampered = example();
    const entry = tampered.entries.find((e) => e.type === "disqualification");
    if (entry?.type !== "disqualification") throw new Error("example without a disqualification");
    entry.data.reason = "Otro motivo";
    await pressVerify(tampered);
    expect(screen.getByText(/^El acta no es válida:/)).toHaveTextContent(
      `Entrada ${entry.seq} (Descalificación): cadena de huellas`,
    );
  });

  it("verifies an external-lottery record with a correction", async () => {
    const { externalRecord } = await import("./fixtures/v2-record");
    const list = await pressVerify(await externalRecord());
    expect(screen.getByText("Verificado en tu navegador: todo coincide")).toBeInTheDocument();
    const names = within(list)
      .getAllByRole("listitem")
      .map((li) => li.textContent ?? "");
    expect(names.some((n) => n.startsWith("✓Corrección del resultado"))).toBe(true);
  });
});
