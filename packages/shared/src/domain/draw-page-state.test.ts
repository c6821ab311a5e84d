import { describe, expect, it } from "vitest";
import {
  CONFETTI_MS,
  CONFETTI_PARTICLES,
  type DrawPageInput,
  drawPageState,
  LAST_SALES_WINDOW_MS,
  RESULT_AT_MS,
  ROULETTE_MAX_TICKS,
  ROULETTE_MIN_TICKS,
  ROULETTE_TICK_MS,
  SUSPENSE_AT_MS,
} from "./draw-page-state";

const NOW = new Date("2025-06-15T12:00:00.000Z");
const HOUR = 60 * 60 * 1000;
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs);

function input(overrides: Partial<DrawPageInput> = {}): DrawPageInput {
  return {
    state: "active",
    activationType: "percentage",
    activationPercentage: 50,
    soldTickets: 10,
    totalTickets: 100,
    startDate: null,
    endDate: null,
    announcementType: "internal",
    hasWinners: false,
    drawnAt: null,
    winnersCount: 0,
    ...overrides,
  };
}

const flags = (i: DrawPageInput, now = NOW) => {
  const s = drawPageState(i, now);
  return {
    state: s.state,
    countdownTo: s.countdownTo,
    canStartCountdown: s.canStartCountdown,
    canDrawNow: s.canDrawNow,
  };
};

const plain = (state: string) => ({ state, countdownTo: null, canStartCountdown: false, canDrawNow: false });

describe("constants", () => {
  it("match spec 1 §9", () => {
    expect([ROULETTE_MIN_TICKS, ROULETTE_MAX_TICKS, ROULETTE_TICK_MS]).toEqual([30, 44, 90]);
    expect([SUSPENSE_AT_MS, RESULT_AT_MS]).toEqual([3500, 5000]);
    expect([CONFETTI_PARTICLES, CONFETTI_MS]).toEqual([200, 8000]);
    expect(LAST_SALES_WINDOW_MS).toBe(86_400_000);
  });
});

describe("drawPageState: results", () => {
  it.each(["finished", "frozen", "active"] as const)("state %s with winners -> finished", (state) => {
    expect(flags(input({ state, hasWinners: true, winnersCount: 1, drawnAt: at(-HOUR) }))).toEqual(
      plain("finished"),
    );
  });

  it("finished applies to external raffles too", () => {
    expect(flags(input({ state: "finished", announcementType: "external", hasWinners: true })).state).toBe(
      "finished",
    );
  });

  it("winners under an open state still finish the page (no second draw)", () => {
    expect(flags(input({ state: "active", winnersCount: 2 })).state).toBe("finished");
    expect(flags(input({ state: "active", hasWinners: true })).state).toBe("finished");
  });

  it("drawn with zero winners -> no_winners", () => {
    expect(flags(input({ state: "finished", drawnAt: at(-HOUR), winnersCount: 0 }))).toEqual(
      plain("no_winners"),
    );
    expect(flags(input({ drawnAt: "2025-06-14T00:00:00Z" })).state).toBe("no_winners");
  });

  it("an unparseable drawnAt counts as never drawn", () => {
    expect(flags(input({ drawnAt: "garbage" })).state).toBe("waiting_percentage");
  });

  it("cancelled -> cancelled, nothing to start or draw", () => {
    expect(flags(input({ state: "cancelled", soldTickets: 90 }))).toEqual(plain("cancelled"));
  });
});

describe("drawPageState: closed, reviewing the last payments", () => {
  it("offers neither start nor draw, and counts down to the review deadline", () => {
    const deadline = at(30 * HOUR);
    for (const activationType of ["percentage", "date"] as const) {
      expect(
        flags(
          input({ state: "closed", activationType, soldTickets: 90, reviewDeadline: deadline.toISOString() }),
        ),
      ).toEqual({ ...plain("reviewing_payments"), countdownTo: deadline });
    }
  });

  it("a closed percentage raffle whose goal is reached never offers the countdown start", () => {
    const s = drawPageState(input({ state: "closed", soldTickets: 100, startDate: null }), NOW);
    expect(s.canStartCountdown).toBe(false);
    expect(s.canDrawNow).toBe(false);
  });
});

describe("drawPageState: external announcement", () => {
  const external = (overrides: Partial<DrawPageInput> = {}) =>
    input({ announcementType: "external", ...overrides });

  it("active percentage raffle -> waiting_percentage (the server closes it at the goal)", () => {
    expect(flags(external({ soldTickets: 49 }))).toEqual(plain("waiting_percentage"));
  });

  it("frozen (goal reached, list fixed) -> awaiting_external_results", () => {
    expect(flags(external({ state: "frozen", soldTickets: 50 }))).toEqual(plain("awaiting_external_results"));
  });

  it("date in the future -> date_countdown_external to the end date", () => {
    const end = at(2 * HOUR);
    expect(flags(external({ activationType: "date", endDate: end }))).toEqual({
      ...plain("date_countdown_external"),
      countdownTo: end,
    });
  });

  it("date passed -> awaiting_external_results", () => {
    expect(flags(external({ activationType: "date", endDate: NOW })).state).toBe("awaiting_external_results");
    expect(flags(external({ activationType: "date", state: "frozen", endDate: null })).state).toBe(
      "awaiting_external_results",
    );
  });
});

describe("drawPageState: internal percentage", () => {
  it("not reached -> waiting_percentage", () => {
    const s = drawPageState(input({ soldTickets: 49 }), NOW);
    expect(s).toEqual({
      ...plain("waiting_percentage"),
      soldPercent: 49,
      activationPercentage: 50,
    });
  });

  it("defaults the activation percentage to 100", () => {
    expect(flags(input({ activationPercentage: null, soldTickets: 99 })).state).toBe("waiting_percentage");
    const reached = drawPageState(input({ activationPercentage: undefined, soldTickets: 100 }), NOW);
    expect(reached.state).toBe("ready_to_draw_manual");
    expect(reached.activationPercentage).toBe(100);
  });

  it("no tickets -> never reached", () => {
    expect(flags(input({ totalTickets: 0, soldTickets: 0 })).state).toBe("waiting_percentage");
  });

  it("active, reached and no start date -> the countdown can start", () => {
    expect(flags(input({ soldTickets: 50 }))).toEqual({
      ...plain("ready_to_draw_manual"),
      canStartCountdown: true,
    });
  });

  it("countdown running -> percentage_countdown to start + 24 h", () => {
    expect(flags(input({ soldTickets: 70, startDate: at(-2 * HOUR) }))).toEqual({
      ...plain("percentage_countdown"),
      countdownTo: at(22 * HOUR),
    });
  });

  it("accepts the start date as an ISO string", () => {
    expect(flags(input({ soldTickets: 70, startDate: "2025-06-15T11:00:00.000Z" })).countdownTo).toEqual(
      at(23 * HOUR),
    );
  });

  it("never offers the draw while the raffle is still active, even past the countdown", () => {
    expect(flags(input({ soldTickets: 70, startDate: at(-24 * HOUR) })).canDrawNow).toBe(false);
  });

  it("a started countdown keeps running even if the sold share drops below the goal", () => {
    expect(flags(input({ soldTickets: 1, startDate: at(-HOUR) })).state).toBe("percentage_countdown");
  });

  it("frozen -> ready to draw now", () => {
    expect(flags(input({ state: "frozen", soldTickets: 1 }))).toEqual({
      ...plain("ready_to_draw_manual"),
      canDrawNow: true,
    });
  });

  it("frozen with a named round still ahead -> counts down to it, no draw yet", () => {
    const round = at(2 * 60_000);
    expect(flags(input({ state: "frozen", drawRoundAt: round }))).toEqual({
      ...plain("ready_to_draw_manual"),
      countdownTo: round,
    });
    expect(flags(input({ state: "frozen", drawRoundAt: at(-1) })).canDrawNow).toBe(true);
  });

  it("frozen with the named round past its time and the grace, not drawn -> round_late", () => {
    // Within the minute of grace it is still simply ready; after it, late (no relay answered).
    expect(flags(input({ state: "frozen", drawRoundAt: at(-59_000) })).state).toBe("ready_to_draw_manual");
    expect(flags(input({ state: "frozen", drawRoundAt: at(-60_000) })).state).toBe("round_late");
    expect(flags(input({ state: "frozen", drawRoundAt: at(-45 * 60_000) })).state).toBe("round_late");
    // Drawn meanwhile: finished, never late.
    expect(
      flags(input({ state: "finished", drawRoundAt: at(-45 * 60_000), hasWinners: true, winnersCount: 1 }))
        .state,
    ).toBe("finished");
  });
});

describe("drawPageState: internal date", () => {
  const dated = (overrides: Partial<DrawPageInput> = {}) =>
    input({ activationType: "date", activationPercentage: null, ...overrides });

  it("future end date -> date_countdown to the end date", () => {
    const end = new Date("2025-06-20T18:00:00.000Z");
    expect(flags(dated({ endDate: end.toISOString() }))).toEqual({
      ...plain("date_countdown"),
      countdownTo: end,
    });
  });

  it("end date reached but not yet closed by the server -> no draw offered", () => {
    expect(flags(dated({ endDate: NOW })).canDrawNow).toBe(false);
  });

  it("frozen -> ready to draw now", () => {
    expect(flags(dated({ state: "frozen", endDate: at(-HOUR) }))).toEqual({
      ...plain("ready_to_draw_manual"),
      canDrawNow: true,
    });
  });

  it("ignores a start date", () => {
    expect(flags(dated({ endDate: at(HOUR), startDate: at(-30 * HOUR) })).state).toBe("date_countdown");
  });
});
