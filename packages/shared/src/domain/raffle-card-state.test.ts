import { describe, expect, it } from "vitest";
import { type RaffleCardInput, raffleCardState } from "./raffle-card-state";

const NOW = new Date("2025-06-15T12:00:00.000Z");
const HOUR = 60 * 60 * 1000;
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs);

function raffle(overrides: Partial<RaffleCardInput> = {}): RaffleCardInput {
  return {
    id: "r1",
    state: "active",
    activationType: "percentage",
    activationPercentage: 80,
    percentageDrawActivatedAt: null,
    totalTickets: 1000,
    soldTickets: 250,
    announcementType: "internal",
    hasWinners: false,
    ...overrides,
  };
}

const summary = (input: RaffleCardInput, now = NOW) => {
  const s = raffleCardState(input, now);
  return {
    phase: s.phase,
    badge: s.badge?.label ?? null,
    action: s.primaryAction.kind,
    salesOpen: s.salesOpen,
  };
};

describe("raffleCardState: internal raffles", () => {
  it("status finished with winners -> finished, Ver Ganador", () => {
    const s = raffleCardState(raffle({ state: "finished", hasWinners: true }), NOW);
    expect(s.phase).toBe("finished");
    expect(s.badge).toEqual({ kind: "finished", label: "FINALIZADA" });
    expect(s.primaryAction).toEqual({ kind: "view_winner", label: "Ver Ganador", href: null });
    expect(s.salesOpen).toBe(false);
    expect(s.canViewDrawAnimation).toBe(true);
  });

  it("status finished without winners -> draw ready, link to the draw page", () => {
    const s = raffleCardState(raffle({ state: "finished" }), NOW);
    expect(s.phase).toBe("draw_ready");
    expect(s.badge?.label).toBe("FINALIZADA");
    expect(s.primaryAction).toEqual({ kind: "view_draw", label: "🎯 Ver Sorteo", href: "/sorteo/r1" });
    expect(s.salesOpen).toBe(false);
    expect(s.canViewDrawAnimation).toBe(false);
  });

  it("view_draw has no link without an id", () => {
    expect(raffleCardState(raffle({ id: undefined, state: "finished" }), NOW).primaryAction.href).toBeNull();
  });

  it("status finished wins even with sales data looking active", () => {
    expect(summary(raffle({ state: "finished", soldTickets: 0 })).phase).toBe("draw_ready");
  });

  it.each(["closed", "frozen"] as const)("state %s (sales stopped, not drawn) -> draw ready", (state) => {
    expect(summary(raffle({ state }))).toEqual({
      phase: "draw_ready",
      badge: "ESPERANDO EL SORTEO",
      action: "view_draw",
      salesOpen: false,
    });
  });

  it("known winners finish the card even if status is still active", () => {
    expect(summary(raffle({ hasWinners: true }))).toEqual({
      phase: "finished",
      badge: "FINALIZADA",
      action: "view_winner",
      salesOpen: false,
    });
  });

  it("upcoming -> PRÓXIMAMENTE with Notificarme", () => {
    const s = raffleCardState(raffle({ state: "upcoming", soldTickets: 0 }), NOW);
    expect(s.phase).toBe("upcoming");
    expect(s.badge).toEqual({ kind: "upcoming", label: "PRÓXIMAMENTE" });
    expect(s.primaryAction).toEqual({ kind: "notify", label: "Notificarme", href: null });
    expect(s.salesOpen).toBe(false);
  });

  it("cancelled -> CANCELADA, no sale and no draw", () => {
    expect(summary(raffle({ state: "cancelled", hasWinners: false }))).toEqual({
      phase: "cancelled",
      badge: "CANCELADA",
      action: "view_details",
      salesOpen: false,
    });
  });

  describe("percentage activation", () => {
    it("below the goal -> AL n% and Participar Ahora", () => {
      const s = raffleCardState(raffle({ soldTickets: 333 }), NOW);
      expect(s.phase).toBe("selling");
      expect(s.badge).toEqual({ kind: "percentage", label: "AL 33%" });
      expect(s.primaryAction).toEqual({ kind: "participate", label: "Participar Ahora", href: null });
      expect(s.salesOpen).toBe(true);
      expect(s.soldPercent).toBeCloseTo(33.3, 5);
      expect(s.drawActivatedUntil).toBeNull();
    });

    it("rounds the percentage label", () => {
      expect(summary(raffle({ soldTickets: 2, totalTickets: 3 })).badge).toBe("AL 67%");
      expect(summary(raffle({ soldTickets: 0 })).badge).toBe("AL 0%");
    });

    it("goal reached, countdown not started -> ¡OBJETIVO ALCANZADO! and Iniciar Sorteo", () => {
      const s = raffleCardState(raffle({ soldTickets: 800 }), NOW);
      expect(s.phase).toBe("goal_reached");
      expect(s.badge).toEqual({ kind: "goal_reached", label: "¡OBJETIVO ALCANZADO!" });
      expect(s.primaryAction).toEqual({
        kind: "start_draw",
        label: "Iniciar Sorteo (24h Countdown)",
        href: null,
      });
      expect(s.salesOpen).toBe(true);
    });

    it("defaults the activation percentage to 100", () => {
      expect(summary(raffle({ activationPercentage: null, soldTickets: 999 })).phase).toBe("selling");
      expect(summary(raffle({ activationPercentage: undefined, soldTickets: 1000 })).phase).toBe(
        "goal_reached",
      );
    });

    it("compares exactly at fractional goals", () => {
      expect(summary(raffle({ activationPercentage: 100 / 3, totalTickets: 3, soldTickets: 1 })).phase).toBe(
        "goal_reached",
      );
    });

    it("a raffle with no tickets never reaches its goal", () => {
      const s = raffleCardState(raffle({ totalTickets: 0, soldTickets: 0, activationPercentage: 0 }), NOW);
      expect(s.phase).toBe("selling");
      expect(s.soldPercent).toBe(0);
    });

    it("inside the 24 h window -> ¡SORTEO EN 24H! and ¡ÚLTIMA OPORTUNIDAD!", () => {
      const activatedAt = at(-23 * HOUR);
      const s = raffleCardState(raffle({ soldTickets: 900, percentageDrawActivatedAt: activatedAt }), NOW);
      expect(s.phase).toBe("last_24h");
      expect(s.badge).toEqual({ kind: "last_24h", label: "¡SORTEO EN 24H!" });
      expect(s.primaryAction).toEqual({ kind: "last_chance", label: "¡ÚLTIMA OPORTUNIDAD!", href: null });
      expect(s.salesOpen).toBe(true);
      expect(s.drawActivatedUntil).toEqual(at(HOUR));
    });

    it("accepts the activation moment as an ISO string", () => {
      const s = raffleCardState(
        raffle({ soldTickets: 900, percentageDrawActivatedAt: "2025-06-15T00:00:00.000Z" }),
        NOW,
      );
      expect(s.phase).toBe("last_24h");
      expect(s.drawActivatedUntil?.toISOString()).toBe("2025-06-16T00:00:00.000Z");
    });

    it("ignores an unparseable activation moment", () => {
      const s = raffleCardState(raffle({ soldTickets: 900, percentageDrawActivatedAt: "not a date" }), NOW);
      expect(s.phase).toBe("goal_reached");
      expect(s.drawActivatedUntil).toBeNull();
    });

    it("1 ms before the window closes sales are still open", () => {
      const s = raffleCardState(
        raffle({ soldTickets: 900, percentageDrawActivatedAt: at(-24 * HOUR + 1) }),
        NOW,
      );
      expect(s.phase).toBe("last_24h");
    });

    it("after the 24 h window the server closes it -> waiting card with Ver Sorteo", () => {
      const s = raffleCardState(
        raffle({ state: "closed", soldTickets: 900, percentageDrawActivatedAt: at(-24 * HOUR) }),
        NOW,
      );
      expect(s.phase).toBe("draw_ready");
      expect(s.badge?.label).toBe("ESPERANDO EL SORTEO");
      expect(s.primaryAction.kind).toBe("view_draw");
      expect(s.salesOpen).toBe(false);
    });

    it("after the 24 h window with winners -> Ver Ganador", () => {
      const input = raffle({
        state: "finished",
        soldTickets: 900,
        percentageDrawActivatedAt: at(-30 * HOUR),
        hasWinners: true,
      });
      expect(summary(input).action).toBe("view_winner");
    });
  });

  describe("date activation", () => {
    it("before the end date -> selling, no badge", () => {
      const s = raffleCardState(raffle({ activationType: "date", activationPercentage: null }), NOW);
      expect(s.phase).toBe("selling");
      expect(s.badge).toBeNull();
      expect(s.primaryAction.kind).toBe("participate");
      expect(s.salesOpen).toBe(true);
      expect(s.drawActivatedUntil).toBeNull();
    });

    it("the server closed it at its end date -> draw ready", () => {
      expect(summary(raffle({ activationType: "date", state: "closed" }))).toEqual({
        phase: "draw_ready",
        badge: "ESPERANDO EL SORTEO",
        action: "view_draw",
        salesOpen: false,
      });
    });

    it("ignores percentage fields", () => {
      const s = raffleCardState(
        raffle({
          activationType: "date",
          soldTickets: 1000,
          percentageDrawActivatedAt: at(-30 * HOUR),
        }),
        NOW,
      );
      expect(s.phase).toBe("selling");
      expect(s.drawActivatedUntil).toBeNull();
    });
  });
});

describe("raffleCardState: external announcement", () => {
  const external = (overrides: Partial<RaffleCardInput> = {}) =>
    raffle({ announcementType: "external", ...overrides });
  const ready = {
    phase: "ready_to_announce",
    badge: "FINALIZADA",
    action: "external_announcement",
    salesOpen: false,
  };

  it.each(["closed", "frozen"] as const)("state %s -> ready to announce, waiting for the draw", (state) => {
    expect(summary(external({ state }))).toEqual({ ...ready, badge: "ESPERANDO EL SORTEO" });
  });

  it("state finished -> ready to announce", () => {
    expect(summary(external({ state: "finished" }))).toEqual(ready);
  });

  it("is never 'finished', even with winners", () => {
    const s = raffleCardState(external({ state: "finished", hasWinners: true }), NOW);
    expect(s.phase).toBe("ready_to_announce");
    expect(s.primaryAction.label).toBe("Ver Anuncio del Ganador");
    expect(s.canViewDrawAnimation).toBe(false);
  });

  it("the server closed it (goal reached, end date) -> ready to announce", () => {
    expect(summary(external({ state: "closed", soldTickets: 800 }))).toEqual({
      ...ready,
      badge: "ESPERANDO EL SORTEO",
    });
  });

  it("upcoming -> Notificarme", () => {
    expect(summary(external({ state: "upcoming", soldTickets: 0 }))).toEqual({
      phase: "upcoming",
      badge: "PRÓXIMAMENTE",
      action: "notify",
      salesOpen: false,
    });
  });

  it("selling percentage raffle shows AL n%", () => {
    expect(summary(external({ soldTickets: 100 }))).toEqual({
      phase: "selling",
      badge: "AL 10%",
      action: "participate",
      salesOpen: true,
    });
  });

  it("selling date raffle has no badge", () => {
    expect(summary(external({ activationType: "date" }))).toEqual({
      phase: "selling",
      badge: null,
      action: "participate",
      salesOpen: true,
    });
  });

  it("known winners close sales of an external raffle (announcement instead of purchase)", () => {
    expect(summary(external({ hasWinners: true }))).toEqual(ready);
  });
});

describe("a raffle waiting for its draw is not 'FINALIZADA'", () => {
  it.each(["closed", "frozen"] as const)("internal %s without winners -> ESPERANDO EL SORTEO", (state) => {
    const s = raffleCardState(raffle({ state }), NOW);
    expect(s.badge).toEqual({ kind: "awaiting_draw", label: "ESPERANDO EL SORTEO" });
  });
  it.each(["closed", "frozen"] as const)("external %s without winners -> ESPERANDO EL SORTEO", (state) => {
    const s = raffleCardState(raffle({ state, announcementType: "external" }), NOW);
    expect(s.badge?.label).toBe("ESPERANDO EL SORTEO");
  });
});
