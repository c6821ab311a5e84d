// @vitest-environment happy-dom
import { QUICKNET, roundTime } from "@rifazo/shared/domain/drand";
import {
  buildRecord,
  DISQUALIFICATION_REASONS_V3,
  type DrawRecord,
  RECORD_FORMAT_V3,
  type RecordEntryData,
  type RecordEntryType,
  type RulesPublishedData,
} from "@rifazo/shared/domain/draw-record";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it } from "vitest";
import { RecordView, VerifyDraw } from "../src/features/draws";
import { renderWithProviders, stubFetch } from "./render";

// Instant prizes on the record page (docs/decisions/0035-prizes-on-the-record.md, docs/draw-protocol.md
// §16.6): each purchase made final with the round that decides it, each instant draw with who won what
// and the budget left, and the verification in the browser saying what it verified.

const fetchMock = stubFetch();
const RAFFLE_ID = "7c9e6679-7425-40de-944b-e07fc1f90ae7";
const roundMs = (round: number) => roundTime(QUICKNET.info, round) * 1000;
const iso = (ms: number) => new Date(ms).toISOString();
const SIGNATURES = {
  42: "95a9f9f5b231b7714de1553105d8ffdf3dcda24cfdb1e689319bccf79a9c8ce430a91b811fbfaf763900bc998b5d686a",
  1000: "b44679b9a59af2ec876b1a6b1ad52ea9b1615fc3982b19576350f93447cb1125e342b73a8dd2bacbe47e4b6b63ed5e39",
};
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
  instantPrizes: [
    { description: "USD 20 en efectivo", count: 2, cash: { currency: "USD", amount: "20.00" } },
    { description: "Camiseta de la rifa", count: 3 },
  ],
};
const final = (at: number, tickets: number[]) => ({
  type: "instant_final" as RecordEntryType,
  at: iso(at),
  data: {
    tickets,
    chain: { ...QUICKNET.info, metadata: { beaconID: "quicknet" } },
    round: 1000,
    roundTime: iso(roundMs(1000)),
    latestBeacon: { round: 42, signature: SIGNATURES[42] },
  } as RecordEntryData,
});
const events = (prizesLeft: number) => [
  { type: "rules_published" as RecordEntryType, at: "2023-08-20T14:00:00.000Z", data: rules },
  final(roundMs(1000) - 62_500, [7, 12]),
  final(roundMs(1000) - 61_000, [14, 15, 16]),
  {
    type: "instant_draw" as RecordEntryType,
    at: iso(roundMs(1000) + 1_512),
    data: {
      algorithm: "rifazo-instant-1",
      round: 1000,
      signature: SIGNATURES[1000],
      randomness: "fe290beca10872ef2fb164d2aa4442de4566183ec51c56ff3cd603d930e54fdd",
      source: "relay",
      decided: [
        { final: 1, wins: [{ ticketNumber: 7, index: 0, description: "USD 20 en efectivo" }] },
        { final: 2, wins: [{ ticketNumber: 15, index: 1, description: "USD 20 en efectivo" }] },
      ],
      prizesLeft,
      undecided: 45,
    } as RecordEntryData,
  },
  {
    type: "prize_claimed" as RecordEntryType,
    at: "2023-08-25T10:00:00.000Z",
    data: { level: 0, index: 0, ticketNumber: 7 } as RecordEntryData,
  },
];

let record: DrawRecord;
beforeAll(async () => {
  record = await buildRecord(RAFFLE_ID, events(3), RECORD_FORMAT_V3);
});

describe("instant prizes on the record page", () => {
  it("says each purchase's tickets and round, who won which instant prize and the budget left", () => {
    renderWithProviders(<RecordView record={record} />);
    const entries = within(screen.getByRole("region", { name: "Entradas del acta" })).getAllByRole(
      "listitem",
    );
    const text = (i: number) => entries[i]?.querySelector(".mt-1")?.textContent ?? "";
    expect(text(0)).toContain("Premios instantáneos: 2 × USD 20 en efectivo, 3 × Camiseta de la rifa.");
    expect(text(1)).toMatch(
      /^Compra final: boletos 07, 12; se decide con la ronda 1000 de drand \(se publica el .+\), que aún no existía \(el servidor tenía la ronda 42\)\.$/,
    );
    const draw = text(3);
    expect(draw).toContain("Ronda 1000 de drand publicada: decide 2 compras (entrada 1, entrada 2).");
    expect(draw).toContain(
      "Boleto 07 ganó USD 20 en efectivo (premio instantáneo 1, compra de la entrada 1).",
    );
    expect(draw).toContain(
      "Boleto 15 ganó USD 20 en efectivo (premio instantáneo 2, compra de la entrada 2).",
    );
    expect(draw).toContain("Quedan 3 premios instantáneos para 45 boletos sin decidir.");
    expect(text(6)).toContain(
      "El ganador del boleto 07 (premio instantáneo: USD 20 en efectivo) reclamó su premio",
    );

    const section = within(screen.getByRole("region", { name: "Premios instantáneos" }));
    expect(section.getByText(/2 de 5 premios ganados; quedan 3\./)).toBeInTheDocument();
    expect(section.getAllByText(/USD 20 en efectivo/)).toHaveLength(2);
  });

  it("shows a purchase still waiting on its round", async () => {
    const waiting = await buildRecord(RAFFLE_ID, events(3).slice(0, 3), RECORD_FORMAT_V3);
    renderWithProviders(<RecordView record={waiting} />);
    const section = within(screen.getByRole("region", { name: "Premios instantáneos" }));
    expect(section.getByText(/0 de 5 premios ganados; quedan 5\./)).toBeInTheDocument();
    expect(
      section.getByText(/Compra de la entrada 2 \(14, 15, 16\): espera la ronda 1000/),
    ).toBeInTheDocument();
  });

  it("Verificar: the instant checks pass and the result says what was verified; a wrong budget fails", async () => {
    const { unmount } = renderWithProviders(<VerifyDraw raffleId={RAFFLE_ID} record={record} />);
    await userEvent.click(screen.getByRole("button", { name: /Verificar/ }));
    const list = await screen.findByRole("list", { name: "Comprobaciones" }, { timeout: 10_000 });
    const names = within(list)
      .getAllByRole("listitem")
      .map((li) => li.textContent ?? "");
    expect(names).toContain("✓Compra final: ronda de drand y boletos (entrada 1): correcto");
    expect(names).toContain("✓Premios instantáneos: ganadores y premios restantes (entrada 3): correcto");
    expect(
      screen.getByText(/Premios instantáneos verificados: 2 ganados de 5, .*; quedan 3\./),
    ).toBeInTheDocument();
    unmount();

    renderWithProviders(
      <VerifyDraw raffleId={RAFFLE_ID} record={await buildRecord(RAFFLE_ID, events(4), RECORD_FORMAT_V3)} />,
    );
    await userEvent.click(screen.getByRole("button", { name: /Verificar/ }));
    expect(
      await screen.findByText(
        "El acta no es válida: Premios instantáneos: ganadores y premios restantes (entrada 3)",
        {},
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Premios instantáneos verificados/)).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
