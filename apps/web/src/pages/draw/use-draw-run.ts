import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { toast } from "../../components/ui/toast";
import { celebrate, type DrawResult, drawApi, drawsQuery, prefersReducedMotion } from "../../features/draws";
import { raffleKeys } from "../../features/raffles";
import { errorMessage, isApiError } from "../../lib/api-client";

export type DrawError = { message: string; unavailable: boolean };

/** fetching: the server is getting the round and drawing (a still message); drawing: the reveal of a real result. */
export type DrawPhase = "idle" | "fetching" | "drawing";

/** What the draw page does on its own: start the 24 h countdown, and run the draw and reveal its result. */
export function useDrawRun() {
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<DrawPhase>("idle");
  const pending = useRef<DrawResult | null>(null);
  /** prefers-reduced-motion at the press: no roulette and no confetti, the result shown as it comes. */
  const [calm, setCalm] = useState(false);
  const [result, setResult] = useState<DrawResult | null>(null);
  const [starting, setStarting] = useState(false);
  const [drawError, setDrawError] = useState<DrawError | null>(null);

  async function startCountdown(raffleId: string) {
    setStarting(true);
    try {
      await drawApi.startCountdown(raffleId);
      await queryClient.invalidateQueries({ queryKey: raffleKeys.all });
    } catch (error) {
      toast({ title: "Error al Iniciar Sorteo", description: errorMessage(error), variant: "error" });
    } finally {
      setStarting(false);
    }
  }

  /** Shows a result the server returned: the winners, the confetti (with motion) and fresh lists. */
  async function finish(outcome: DrawResult) {
    pending.current = null;
    setResult(outcome);
    setPhase("idle");
    if (outcome.empty) {
      toast({
        title: "Sorteo Vacío",
        description: "No hubo boletos vendidos: la rifa se cerró sin ganadores.",
      });
    } else if (!prefersReducedMotion()) {
      void celebrate();
    }
    // The transparency list must show this draw for "Verificar este sorteo", even if it was cached.
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: raffleKeys.all }),
      queryClient.invalidateQueries({ queryKey: drawsQuery.queryKey }),
    ]);
  }

  /**
   * The server fetches the named drand round, verifies it and draws (nothing is sent from here). The
   * roulette only plays once it has answered with winners: a draw that cannot happen (no relay reachable)
   * is never animated, the page says why instead.
   */
  async function runDraw(raffleId: string) {
    setDrawError(null);
    setPhase("fetching");
    let outcome: DrawResult;
    try {
      outcome = await drawApi.draw(raffleId);
    } catch (error) {
      setPhase("idle");
      // Kept on the page (not only a toast): relays down is a state to explain, not a passing error.
      setDrawError({
        message: errorMessage(error),
        unavailable: isApiError(error) && (error.status === 503 || error.isNetwork),
      });
      return;
    }
    // Reduced motion, or nothing to reveal: straight to the result, no roulette and no confetti.
    const reduce = prefersReducedMotion();
    setCalm(reduce);
    if (reduce || outcome.empty) {
      await finish(outcome);
      return;
    }
    pending.current = outcome;
    setPhase("drawing");
  }

  /** The roulette reached its result time: the result it was playing is shown. */
  function revealPending() {
    if (pending.current) void finish(pending.current);
  }

  return { phase, calm, result, starting, drawError, startCountdown, runDraw, revealPending };
}

export type DrawRun = ReturnType<typeof useDrawRun>;
