import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RAFFLE_STATUSES } from "../constants";
import {
  canCloseEarly,
  canTransition,
  dueTransition,
  hasResult,
  LIFECYCLE_ACTIONS,
  type LifecycleFacts,
  RAFFLE_STATE_LABELS,
  RAFFLE_TRANSITIONS,
  type RaffleState,
  reviewDeadline,
  rulesEditable,
  salesOpen,
  stateAllows,
} from "./raffle-lifecycle";

const NOW = new Date("2026-03-10T12:00:00.000Z");
const HOUR = 3_600_000;
const at = (ms: number) => new Date(NOW.getTime() + ms);

function facts(overrides: Partial<LifecycleFacts> = {}): LifecycleFacts {
  return {
    state: "active",
    activationType: "date",
    activationPercentage: null,
    percentageDrawActivatedAt: null,
    endDate: at(10 * HOUR),
    totalTickets: 100,
    soldTickets: 10,
    pendingProofs: 0,
    closedAt: null,
    reviewWindowHours: 48,
    ...overrides,
  };
}

const stateArb = fc.constantFrom(...RAFFLE_STATUSES);

/** Every state reachable from `from` by any sequence of transitions. */
function reachable(from: RaffleState): Set<RaffleState> {
  const seen = new Set<RaffleState>([from]);
  const queue = [from];
  while (queue.length > 0) {
    const state = queue.shift() as RaffleState;
    for (const t of RAFFLE_TRANSITIONS) {
      if (t.from === state && !seen.has(t.to)) {
        seen.add(t.to);
        queue.push(t.to);
      }
    }
  }
  return seen;
}

describe("raffle lifecycle: transitions", () => {
  it("names the transitions and who causes each", () => {
    expect(canTransition("upcoming", "active", "admin")).toBe(true);
    expect(canTransition("upcoming", "active", "system")).toBe(false);
    expect(canTransition("active", "closed", "system")).toBe(true);
    expect(canTransition("active", "closed", "admin")).toBe(true);
    expect(canTransition("closed", "frozen", "system")).toBe(true);
    expect(canTransition("closed", "frozen", "admin")).toBe(false);
    expect(canTransition("frozen", "finished", "anyone")).toBe(true);
    for (const from of ["upcoming", "active", "closed"] as const) {
      expect(canTransition(from, "cancelled", "admin")).toBe(true);
    }
    expect(canTransition("frozen", "cancelled")).toBe(false);
    expect(canTransition("active", "frozen")).toBe(false);
  });

  it("has a Spanish label for every state", () => {
    expect(RAFFLE_STATE_LABELS.closed).toBe("Cerrada: revisando pagos");
    expect(RAFFLE_STATE_LABELS.frozen).toBe("Lista congelada: esperando el sorteo");
    expect(RAFFLE_STATE_LABELS.cancelled).toBe("Cancelada");
    for (const state of RAFFLE_STATUSES) expect(RAFFLE_STATE_LABELS[state]).toBeTruthy();
  });

  it("property: no path leaves finished or cancelled", () => {
    fc.assert(
      fc.property(fc.constantFrom<RaffleState>("finished", "cancelled"), stateArb, (final, to) => {
        expect(canTransition(final, to)).toBe(false);
        expect([...reachable(final)]).toEqual([final]);
      }),
    );
  });

  it("property: frozen only ever leads to finished", () => {
    expect([...reachable("frozen")].sort()).toEqual(["finished", "frozen"]);
  });

  it("property: frozen and finished never allow buy, upload, review or rule edits", () => {
    fc.assert(
      fc.property(
        fc.constantFrom<RaffleState>("frozen", "finished"),
        fc.constantFrom(
          "buy",
          "upload_proof",
          "review_proof",
          "edit_rules",
          "cancel",
          "close_early" as const,
        ),
        (state, action) => {
          expect(stateAllows(state, action)).toBe(false);
        },
      ),
    );
  });

  it("property: cancelled allows nothing; only active sells", () => {
    fc.assert(
      fc.property(stateArb, fc.constantFrom(...LIFECYCLE_ACTIONS), (state, action) => {
        if (state === "cancelled") expect(stateAllows(state, action)).toBe(false);
        expect(salesOpen(state)).toBe(state === "active");
      }),
    );
  });

  it("review is allowed while active and closed, not after", () => {
    expect(stateAllows("active", "review_proof")).toBe(true);
    expect(stateAllows("closed", "review_proof")).toBe(true);
    expect(stateAllows("closed", "upload_proof")).toBe(false);
    expect(stateAllows("frozen", "draw")).toBe(true);
    expect(stateAllows("closed", "draw")).toBe(false);
  });

  it("rules are editable in upcoming, and in active only without sales", () => {
    expect(rulesEditable("upcoming", true)).toBe(true);
    expect(rulesEditable("active", false)).toBe(true);
    expect(rulesEditable("active", true)).toBe(false);
    expect(rulesEditable("closed", false)).toBe(false);
    expect(rulesEditable("frozen", false)).toBe(false);
  });

  it("closing early: only sold out, or a percentage raffle whose goal is reached", () => {
    expect(canCloseEarly(facts())).toBe(false);
    expect(canCloseEarly(facts({ soldTickets: 100 }))).toBe(true);
    expect(
      canCloseEarly(facts({ activationType: "percentage", activationPercentage: 50, soldTickets: 49 })),
    ).toBe(false);
    expect(
      canCloseEarly(facts({ activationType: "percentage", activationPercentage: 50, soldTickets: 50 })),
    ).toBe(true);
    expect(canCloseEarly(facts({ state: "upcoming", soldTickets: 100 }))).toBe(false);
  });
});

describe("raffle lifecycle: dueTransition", () => {
  it("an active date raffle closes at its end date", () => {
    expect(dueTransition(facts(), NOW)).toBeNull();
    expect(dueTransition(facts({ endDate: NOW }), NOW)).toEqual({ kind: "close", reason: "end_date" });
  });

  it("a sold-out raffle closes at once", () => {
    expect(dueTransition(facts({ soldTickets: 100 }), NOW)).toEqual({ kind: "close", reason: "sold_out" });
  });

  it("a percentage raffle closes when its 24 h countdown ends, not at a date", () => {
    const pct = facts({ activationType: "percentage", activationPercentage: 50, endDate: at(-HOUR) });
    expect(dueTransition(pct, NOW)).toBeNull();
    expect(dueTransition({ ...pct, percentageDrawActivatedAt: at(-23 * HOUR) }, NOW)).toBeNull();
    expect(dueTransition({ ...pct, percentageDrawActivatedAt: at(-24 * HOUR) }, NOW)).toEqual({
      kind: "close",
      reason: "countdown_ended",
    });
  });

  it("a closed raffle freezes when nothing is pending", () => {
    expect(dueTransition(facts({ state: "closed", closedAt: NOW }), NOW)).toEqual({ kind: "freeze" });
  });

  it("a closed raffle with pending proofs waits for the review window, then expires them", () => {
    const closed = facts({ state: "closed", closedAt: at(-47 * HOUR), pendingProofs: 2 });
    expect(dueTransition(closed, NOW)).toBeNull();
    expect(dueTransition({ ...closed, closedAt: at(-48 * HOUR) }, NOW)).toEqual({
      kind: "expire_pending",
      deadline: NOW,
    });
    expect(reviewDeadline(NOW, 48)?.toISOString()).toBe(at(48 * HOUR).toISOString());
  });

  it("property: nothing is ever due for upcoming, frozen, finished or cancelled", () => {
    fc.assert(
      fc.property(
        fc.constantFrom<RaffleState>("upcoming", "frozen", "finished", "cancelled"),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: -1000, max: 1000 }),
        (state, sold, pending, hours) => {
          expect(
            dueTransition(
              facts({ state, soldTickets: sold, pendingProofs: pending, endDate: at(hours * HOUR) }),
              NOW,
            ),
          ).toBeNull();
        },
      ),
    );
  });

  it("property: a due transition always moves forward along a real transition", () => {
    fc.assert(
      fc.property(
        fc.constantFrom<RaffleState>("active", "closed"),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: -1000, max: 1000 }),
        (state, sold, pending, hours) => {
          const due = dueTransition(
            facts({
              state,
              soldTickets: sold,
              pendingProofs: pending,
              endDate: at(hours * HOUR),
              closedAt: at(hours * HOUR),
            }),
            NOW,
          );
          if (!due) return;
          if (due.kind === "close") expect(canTransition(state, "closed", "system")).toBe(true);
          if (due.kind === "freeze") expect(canTransition(state, "frozen", "system")).toBe(true);
          if (due.kind === "expire_pending") expect(state).toBe("closed");
        },
      ),
    );
  });
});

describe("raffle lifecycle: external raffles by percentage", () => {
  it("close as soon as the goal is reached (no 24 h window, spec 1 §4)", () => {
    const external = facts({
      activationType: "percentage",
      activationPercentage: 50,
      announcementType: "external",
    });
    expect(dueTransition({ ...external, soldTickets: 49 }, NOW)).toBeNull();
    expect(dueTransition({ ...external, soldTickets: 50 }, NOW)).toEqual({
      kind: "close",
      reason: "goal_reached",
    });
  });
});

describe("raffle lifecycle: applying what is due", () => {
  /** What the server does for each due transition, on the facts alone. */
  function apply(f: LifecycleFacts, due: NonNullable<ReturnType<typeof dueTransition>>): LifecycleFacts {
    if (due.kind === "close") return { ...f, state: "closed", closedAt: f.closedAt ?? NOW };
    if (due.kind === "expire_pending") return { ...f, pendingProofs: 0 };
    return { ...f, state: "frozen" };
  }

  it("property: from any facts, at most three steps reach a state where nothing is due, never a final one by itself", () => {
    fc.assert(
      fc.property(
        fc.constantFrom<RaffleState>(...RAFFLE_STATUSES),
        fc.constantFrom<"date" | "percentage">("date", "percentage"),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: -200, max: 200 }),
        fc.option(fc.integer({ min: -100, max: 100 })),
        (state, activationType, sold, pending, endHours, closedHours) => {
          let current = facts({
            state,
            activationType,
            activationPercentage: 50,
            soldTickets: sold,
            pendingProofs: pending,
            endDate: at(endHours * HOUR),
            percentageDrawActivatedAt: activationType === "percentage" ? at(endHours * HOUR) : null,
            closedAt: closedHours === null ? null : at(closedHours * HOUR),
          });
          let steps = 0;
          for (let due = dueTransition(current, NOW); due; due = dueTransition(current, NOW)) {
            current = apply(current, due);
            steps += 1;
            expect(steps).toBeLessThanOrEqual(3);
          }
          // The system alone never finishes or cancels a raffle: that takes a draw or an organiser.
          if (state !== "finished" && state !== "cancelled") {
            expect(["finished", "cancelled"]).not.toContain(current.state);
          }
        },
      ),
    );
  });
});

describe("hasResult", () => {
  it("is true once the draw stamped drawnAt, even when it named nobody", () => {
    expect(hasResult({ drawnAt: "2026-03-01T20:00:00.000Z", hasWinners: false })).toBe(true);
    expect(hasResult({ drawnAt: new Date("2026-03-01T20:00:00.000Z"), hasWinners: true })).toBe(true);
  });

  it("is true for known winners without drawnAt (a legacy winner on the row)", () => {
    expect(hasResult({ drawnAt: null, hasWinners: true })).toBe(true);
  });

  it("is false while nothing was drawn and nobody is named", () => {
    expect(hasResult({ drawnAt: null, hasWinners: false })).toBe(false);
    expect(hasResult({ hasWinners: false })).toBe(false);
  });
});
