import { CONFETTI_MS, CONFETTI_PARTICLES } from "@rifazo/shared/domain/draw-page-state";

/** 200 particles that stay about 8 s (canvas-confetti is loaded only when someone wins). */
export async function celebrate(): Promise<void> {
  const { default: canvasConfetti } = await import("canvas-confetti");
  // Drawn on the page, not in a worker: the worker canvas-confetti starts by default comes from a blob:
  // URL, which our CSP (script-src 'self') blocks, and the browser reports that as an error.
  const confetti = canvasConfetti.create(undefined, { useWorker: false, resize: true });
  const frames = Math.round(CONFETTI_MS / (1000 / 60));
  const half = Math.round(CONFETTI_PARTICLES / 2);
  confetti({
    particleCount: half,
    spread: 75,
    origin: { x: 0.3, y: 0.6 },
    ticks: frames,
    disableForReducedMotion: true,
  });
  confetti({
    particleCount: CONFETTI_PARTICLES - half,
    spread: 75,
    origin: { x: 0.7, y: 0.6 },
    ticks: frames,
    disableForReducedMotion: true,
  });
}
