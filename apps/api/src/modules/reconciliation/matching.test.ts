import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  dateWindow,
  type MatchMovement,
  type MatchProof,
  type MatchResult,
  reconcile,
  venezuelanDay,
} from "./matching";

let counter = 0;
const id = (prefix: string) => `${prefix}-${String(++counter).padStart(6, "0")}`;

/** Sent at noon, Venezuelan time, on the given day. */
const sent = (date: string) => new Date(`${date}T12:00:00-04:00`);

function proof(values: Partial<MatchProof> = {}): MatchProof {
  return {
    id: id("p"),
    transactionRef: "0102345678",
    amountVes: 1194.56,
    createdAt: sent("2026-11-20"),
    ...values,
  };
}

function movement(values: Partial<MatchMovement> = {}): MatchMovement {
  return {
    id: id("m"),
    postedOn: "2026-11-20",
    reference: "0102345678",
    amount: 1194.56,
    matchedProofId: null,
    ...values,
  };
}

const one = (
  proofs: MatchProof[],
  movements: MatchMovement[],
  tolerance = 0,
  approvedUnlinked?: MatchProof[],
) => reconcile(proofs, movements, { tolerance, approvedUnlinked }) as [MatchResult, ...MatchResult[]];

describe("fechas", () => {
  it("usa el día venezolano (UTC−4): las 23:30 en Caracas siguen siendo ese día", () => {
    const late = new Date("2026-11-20T23:30:00-04:00");
    expect(venezuelanDay(late)).toBe(venezuelanDay(sent("2026-11-20")));
    const { from, to } = dateWindow(late);
    expect(to - from).toBe(8);
  });
});

describe("conciliar", () => {
  it("compara la referencia en su forma canónica: ceros a la izquierda y letras parecidas a dígitos no cuentan", () => {
    // The duplicate check's canonical form (decision 0022): "0012" is the bank's "12".
    const short = proof({ transactionRef: "0012", amountVes: 30 });
    const lookAlike = proof({ transactionRef: "45l2873391", amountVes: 40 });
    const [a, b] = reconcile(
      [short, lookAlike],
      [movement({ reference: "12", amount: 30 }), movement({ reference: "004512873391", amount: 40 })],
      { tolerance: 0 },
    );
    expect(a).toMatchObject({ proofId: short.id, status: "matched" });
    expect(b).toMatchObject({ proofId: lookAlike.id, status: "matched" });
  });

  it("la referencia completa con ceros gana a otra que solo comparte los últimos dígitos", () => {
    const padded = proof({ transactionRef: "004512873391" });
    const whole = movement({ reference: "4512873391" });
    const tail = movement({ reference: "2873391" });
    expect(one([padded], [tail, whole])[0]).toMatchObject({ status: "matched", movementId: whole.id });
  });

  it("coincide por referencia completa o por sus últimos 4 dígitos, con el monto exacto", () => {
    const full = proof();
    const suffix = proof({ transactionRef: "5678", amountVes: 50 });
    const m1 = movement();
    const m2 = movement({ reference: "99995678", amount: 50 });
    const results = one([full, suffix], [m1, m2]);
    expect(results).toEqual([
      { proofId: full.id, status: "matched", movementId: m1.id, usedByProofId: null, note: null },
      { proofId: suffix.id, status: "matched", movementId: m2.id, usedByProofId: null, note: null },
    ]);
  });

  it("normaliza la referencia: 'Ref. 0102-345678' es la misma", () => {
    const p = proof({ transactionRef: "Ref. 0102-345678" });
    const m = movement({ reference: "0102345678" });
    expect(one([p], [m])[0]).toMatchObject({ status: "matched", movementId: m.id });
  });

  it("tres dígitos no bastan para coincidir", () => {
    const p = proof({ transactionRef: "678" });
    expect(one([p], [movement()])[0]).toMatchObject({ status: "no_movement", movementId: null });
  });

  it("monto distinto fuera de la tolerancia; dentro de ella coincide", () => {
    const p = proof({ amountVes: 1000 });
    const m = movement({ amount: 1000.5 });
    expect(one([p], [m])[0]).toMatchObject({ status: "amount_differs", movementId: m.id });
    expect(one([p], [m], 0.5)[0]).toMatchObject({ status: "matched", movementId: m.id });
    expect(one([p], [m], 0.49)[0]).toMatchObject({ status: "amount_differs" });
  });

  it("fuera de las fechas (más de 7 días antes o después del día siguiente) no hay movimiento", () => {
    const p = proof({ createdAt: sent("2026-11-20") });
    expect(one([p], [movement({ postedOn: "2026-11-13" })])[0].status).toBe("matched");
    expect(one([p], [movement({ postedOn: "2026-11-21" })])[0].status).toBe("matched");
    const [early] = one([p], [movement({ postedOn: "2026-11-12" })]);
    expect(early).toMatchObject({ status: "no_movement", movementId: null });
    expect(early.note).toContain("2026-11-12");
    expect(one([p], [movement({ postedOn: "2026-11-22" })])[0].status).toBe("no_movement");
  });

  it("un movimiento que ya pagó otro comprobante: movement_used con ese comprobante", () => {
    const p = proof();
    const m = movement({ matchedProofId: "otro" });
    expect(one([p], [m])[0]).toMatchObject({
      status: "movement_used",
      movementId: m.id,
      usedByProofId: "otro",
    });
    // A free one with the same reference is preferred.
    const free = movement();
    expect(one([p], [m, free])[0]).toMatchObject({ status: "matched", movementId: free.id });
  });

  it("dos comprobantes pendientes por un mismo movimiento: ninguno coincide, cada uno señala al otro", () => {
    const a = proof({ transactionRef: "0102345678" });
    const b = proof({ transactionRef: "5678" });
    const m = movement();
    const [ra, rb] = one([a, b], [m]);
    expect(ra).toMatchObject({ status: "movement_used", movementId: m.id, usedByProofId: b.id });
    expect(rb).toMatchObject({ status: "movement_used", movementId: m.id, usedByProofId: a.id });
    expect(ra?.note).toContain("revísalos a mano");
  });

  it("un movimiento tomado por un comprobante aprobado a mano no paga otro pendiente", () => {
    const approved = proof({ transactionRef: "0102345678" });
    const pending = proof({ transactionRef: "5678" });
    const m = movement();
    const [r] = one([pending], [m], 0, [approved]);
    expect(r).toMatchObject({ status: "movement_used", usedByProofId: approved.id, movementId: m.id });
  });

  it("prefiere la referencia completa, luego el monto más cercano; un empate exacto no se adivina", () => {
    const p = proof({ transactionRef: "0102345678", amountVes: 100 });
    const exact = movement({ reference: "0102345678", amount: 100.4 });
    const suffix = movement({ reference: "7770102345678", amount: 100 });
    expect(one([p], [suffix, exact], 1)[0]).toMatchObject({ status: "matched", movementId: exact.id });
    const twin = movement({ reference: "0102345678", amount: 100.4 });
    const tie = one([p], [exact, twin], 1)[0];
    expect(tie?.status).toBe("movement_used");
    expect(tie?.note).toContain("Varios movimientos");
  });

  it("sin tasa congelada el monto no se puede comparar", () => {
    const p = proof({ amountVes: null });
    const r = one([p], [movement()])[0];
    expect(r).toMatchObject({ status: "amount_differs" });
    expect(r?.note).toContain("tasa");
  });

  it("referencias sin dígitos se comparan como texto", () => {
    const p = proof({ transactionRef: "ABC-xyz" });
    expect(one([p], [movement({ reference: "abc-XYZ" })])[0].status).toBe("matched");
  });

  it("5.000 movimientos × 1.000 comprobantes en menos de un segundo", () => {
    const movements = Array.from({ length: 5000 }, (_, i) =>
      movement({ reference: String(10_000_000_000 + i * 7919), amount: 100 + (i % 50) }),
    );
    const proofs = Array.from({ length: 1000 }, (_, i) => {
      const m = movements[i * 5] as MatchMovement;
      return proof({ transactionRef: m.reference.slice(-6), amountVes: m.amount });
    });
    const t0 = performance.now();
    const results = one(proofs, movements);
    const ms = performance.now() - t0;
    expect(results.filter((r) => r.status === "matched")).toHaveLength(1000);
    expect(ms).toBeLessThan(1000);
  });

  it("propiedad: un movimiento coincide con un comprobante como mucho, y nunca con uno ya usado", () => {
    const refs = ["0102345678", "5678", "99995678", "12345678", "1234", "45678", "0001"];
    const days = ["2026-11-14", "2026-11-18", "2026-11-20", "2026-11-21", "2026-11-25"];
    const arbProof = fc.record({
      ref: fc.constantFrom(...refs),
      amount: fc.constantFrom(100, 100.5, 200),
      day: fc.constantFrom(...days),
    });
    const arbMovement = fc.record({
      ref: fc.constantFrom(...refs),
      amount: fc.constantFrom(100, 100.5, 200),
      day: fc.constantFrom(...days),
      used: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.array(arbProof, { maxLength: 12 }),
        fc.array(arbMovement, { maxLength: 12 }),
        fc.constantFrom(0, 0.5),
        (ps, ms, tolerance) => {
          const proofs = ps.map((p) =>
            proof({ transactionRef: p.ref, amountVes: p.amount, createdAt: sent(p.day) }),
          );
          const movements = ms.map((m) =>
            movement({
              reference: m.ref,
              amount: m.amount,
              postedOn: m.day,
              matchedProofId: m.used ? "ya-usado" : null,
            }),
          );
          const results = reconcile(proofs, movements, { tolerance });
          const matched = results.filter((r) => r.status === "matched").map((r) => r.movementId);
          expect(new Set(matched).size).toBe(matched.length);
          for (const r of results) {
            if (r.status !== "matched") continue;
            const m = movements.find((x) => x.id === r.movementId);
            expect(m?.matchedProofId).toBeNull();
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
