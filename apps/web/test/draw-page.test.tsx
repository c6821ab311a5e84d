// @vitest-environment happy-dom
import type { RaffleDetail } from "@rifazo/shared/schemas/raffles";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "../src/components/ui/toast";
import { sessionQueryKey } from "../src/features/auth/hooks/use-session";
import { DrawPage } from "../src/pages/draw-page";
import { makeFrozenRaffleDetail, makeLifecycle, makeRaffleDetail, makeWinner } from "./fixtures/raffle";
import { renderWithProviders, stubFetch, testQueryClient } from "./render";

// The draw page's states (spec 1 §4 "Draw page"): countdowns before the draw, the draw itself, the
// winners and the verification data, from the API's answers through the app's own client.

vi.mock("../src/components/ui/toast", () => ({ toast: vi.fn() }));
// The celebration's canvas: what matters here is whether it is fired at all.
const confetti = vi.hoisted(() => ({ fire: vi.fn(), create: vi.fn() }));
vi.mock("canvas-confetti", () => ({ default: { create: confetti.create } }));

const NOW = new Date("2026-11-20T16:00:00.000Z");
const HOUR = 3_600_000;
const COMMITMENT = "9f2c4e1ab37d5c60e8f1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f70";

function raffle(overrides: Partial<RaffleDetail> = {}): RaffleDetail {
  return makeRaffleDetail({ endDate: new Date(NOW.getTime() + 50 * HOUR).toISOString(), ...overrides });
}

const fetchMock = stubFetch();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** Answers GET /api/raffles/r1 with `detail`, POST …/draw with `draw`, and 404 for anything else. */
function serve(detail: RaffleDetail | Response, draw?: unknown) {
  const drawAnswer = draw instanceof Response ? draw : undefined;
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === "/api/raffles/r1" && (init?.method ?? "GET") === "GET")
      return detail instanceof Response ? detail : json(200, detail);
    if (url === "/api/raffles/r1/draw" && init?.method === "POST") return drawAnswer ?? json(200, draw);
    if (url === "/api/draws") return json(200, []);
    return json(404, { error: { code: "NOT_FOUND", message: "No encontrado." } });
  });
}

/** Like `serve`, but POST …/draw waits until the test calls `current` with the server's answer. */
function serveDrawOnHold(detail: RaffleDetail) {
  const answer: { current: (response: Response) => void } = { current: () => undefined };
  serve(detail);
  const base = fetchMock.getMockImplementation();
  fetchMock.mockImplementation((input, init) =>
    String(input) === "/api/raffles/r1/draw"
      ? new Promise<Response>((resolve) => {
          answer.current = resolve;
        })
      : (base?.(input, init) ?? Promise.reject(new Error("no handler"))),
  );
  return answer;
}

function renderPage() {
  const client = testQueryClient();
  client.setQueryData(sessionQueryKey, null);
  return renderWithProviders(<DrawPage />, { path: "/sorteo/r1", pattern: "/sorteo/:raffleId", client });
}

function reducedMotion(on: boolean) {
  return vi.spyOn(window, "matchMedia").mockImplementation(
    (query: string) =>
      ({
        matches: on && query.includes("reduce"),
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList,
  );
}

beforeEach(() => {
  // Only the clock is fixed: timers still run, so the page's one-second tick keeps working.
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  vi.mocked(toast).mockClear();
  confetti.fire.mockClear();
  confetti.create.mockReset().mockReturnValue(confetti.fire);
  // No live stream in these tests: the page works without it.
  vi.stubGlobal("EventSource", undefined);
  reducedMotion(false);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.mocked(window.matchMedia).mockRestore();
});

describe("DrawPage", () => {
  const ROUND = 12_345_678;
  const RELAYS_DOWN_MESSAGE = `No pudimos obtener la ronda ${ROUND} de drand de ningún servidor.`;
  /** The server's answer to POST …/draw when no drand relay gave the round. */
  const relaysDown = () =>
    json(503, { error: { code: "SERVICE_UNAVAILABLE", message: RELAYS_DOWN_MESSAGE } });

  /** A frozen raffle whose record named drand round ROUND, due at `roundAt`. */
  const frozen = (roundAt: Date, overrides: Partial<RaffleDetail> = {}) =>
    makeFrozenRaffleDetail(NOW, roundAt, overrides);

  it("before a dated draw: the countdown to the close, no commitment and no draw", async () => {
    serve(raffle());
    renderPage();
    expect(
      await screen.findByRole("heading", { name: "Cuenta regresiva para el sorteo" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "Moto Bera 2027" })).toBeInTheDocument();
    // Days before the draw nothing is live yet.
    expect(screen.getByText("Sorteo", { selector: "header p" })).toBeInTheDocument();
    expect(screen.queryByText(/en vivo/i)).not.toBeInTheDocument();
    const timer = screen.getByRole("timer");
    expect(within(timer).getByText("Días")).toBeInTheDocument();
    expect(within(timer).getByText("02")).toBeInTheDocument();
    expect(screen.queryByText("Sorteo verificable")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /sortear/i })).not.toBeInTheDocument();
  });

  it("before the sales goal: the goal and how much is sold", async () => {
    serve(raffle({ activationType: "percentage", activationPercentage: 50, endDate: null, soldTickets: 10 }));
    renderPage();
    expect(
      await screen.findByRole("heading", { name: "Esperando el objetivo de ventas" }),
    ).toBeInTheDocument();
    expect(screen.getByText(/El sorteo se activa al vender el 50% de los boletos/)).toBeInTheDocument();
    expect(screen.getByRole("progressbar", { name: "10% vendido" })).toHaveAttribute("aria-valuenow", "10");
  });

  it("after the goal: the last 24 hours of sales count down", async () => {
    serve(
      raffle({
        activationType: "percentage",
        activationPercentage: 50,
        endDate: null,
        soldTickets: 60,
        percentageDrawActivatedAt: new Date(NOW.getTime() - HOUR).toISOString(),
      }),
    );
    renderPage();
    expect(await screen.findByRole("heading", { name: "¡Últimas 24 horas de venta!" })).toBeInTheDocument();
    expect(within(screen.getByRole("timer")).getByText("23")).toBeInTheDocument();
  });

  it("frozen, before its drand round: the named round and a countdown to it, no draw and no value to type", async () => {
    serve(frozen(new Date(NOW.getTime() + 90 * 60_000)));
    renderPage();
    expect(
      await screen.findByRole("heading", { name: `Esperando la ronda ${ROUND} de drand` }),
    ).toBeInTheDocument();
    expect(screen.getByText(/La lista de boletos ya está congelada y publicada/)).toBeInTheDocument();
    const timer = screen.getByRole("timer");
    expect(within(timer).getByText("Horas")).toBeInTheDocument();
    expect(within(timer).getByText("30")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /sortear/i })).not.toBeInTheDocument();
    expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
    expect(screen.queryByText(/semilla/)).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Ver el acta del sorteo/ })).toHaveAttribute(
      "href",
      "/sorteo/r1/acta",
    );
  });

  it("frozen, round out but the relays unreachable: the server's refusal and the admin's way out", async () => {
    reducedMotion(true);
    serve(frozen(new Date(NOW.getTime() - 30_000)), relaysDown());
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole("button", { name: /Obtener la ronda y sortear/ }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(RELAYS_DOWN_MESSAGE);
    expect(alert).toHaveTextContent(`un administrador puede pegar el beacon de la ronda ${ROUND}`);
    expect(screen.getByRole("button", { name: /Obtener la ronda y sortear/ })).toBeInTheDocument();
    expect(screen.queryByRole("list", { name: "Ganadores" })).not.toBeInTheDocument();
  });

  it("live: once the round is out, pressing the button asks the server first and spins only for a real result", async () => {
    const answer = serveDrawOnHold(frozen(new Date(NOW.getTime() - 30_000)));
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole("heading", { name: "¡Todo listo para el sorteo!" })).toBeInTheDocument();
    expect(screen.getByText(/nadie puede cambiar el resultado/)).toBeInTheDocument();
    expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: /Obtener la ronda y sortear/ }));
    // While the server gets the round: a still message, no tómbola yet.
    expect(screen.getByText("Sorteo en curso...")).toBeInTheDocument();
    expect(screen.queryByText("Girando la tómbola...")).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith("/api/raffles/r1/draw", expect.anything());
    await act(async () => answer.current(json(200, WON)));
    expect(await screen.findByText("Girando la tómbola...")).toBeInTheDocument();
    expect(screen.getByText("Sorteo en vivo", { selector: "header p" })).toBeInTheDocument();
  });

  it("drawn: the winners the API returns, with the record to verify the draw", async () => {
    reducedMotion(true);
    serve(frozen(new Date(NOW.getTime() - 30_000)), {
      raffleId: "r1",
      drawnAt: NOW.toISOString(),
      empty: false,
      winners: [
        { level: 1, prize: "Moto Bera", ticketNumber: "0042", winnerName: "María P.", isMine: false },
      ],
      transcript: null,
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole("button", { name: /Obtener la ronda y sortear/ }));

    expect(await screen.findByRole("heading", { name: /¡Tenemos ganadores!/ })).toBeInTheDocument();
    expect(screen.getByText("Sorteo finalizado", { selector: "header p" })).toBeInTheDocument();
    const winners = screen.getByRole("list", { name: "Ganadores" });
    expect(within(winners).getByText("María P.")).toBeInTheDocument();
    expect(within(winners).getByText("0042")).toBeInTheDocument();
    expect(within(winners).getByText(/Primer premio · Moto Bera/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Ver el acta del sorteo/ })).toHaveAttribute(
      "href",
      "/sorteo/r1/acta",
    );
    expect(screen.queryByText("Sorteo verificable")).not.toBeInTheDocument();
    expect(screen.getByText(/Los ganadores salieron de la ronda/)).toHaveTextContent(String(ROUND));
    const [, init] = fetchMock.mock.calls.find(([url]) => url === "/api/raffles/r1/draw") ?? [];
    expect(init?.method).toBe("POST");
    // Nothing typed at draw time reaches the server.
    expect(JSON.parse(String(init?.body ?? "{}"))).toEqual({});
    expect(screen.queryByRole("button", { name: /sortear/i })).not.toBeInTheDocument();
  });

  const WON = {
    raffleId: "r1",
    drawnAt: NOW.toISOString(),
    empty: false,
    winners: [
      { level: 2, prize: "Un televisor", ticketNumber: "0107", winnerName: "José R.", isMine: false },
      { level: 1, prize: "Moto Bera", ticketNumber: "0042", winnerName: "María P.", isMine: false },
    ],
    transcript: null,
  };
  const SAID =
    "¡Tenemos ganadores! Primer premio, Moto Bera: boleto 0042, María P. Segundo premio, Un televisor: boleto 0107, José R.";
  /** The page's polite region that says the result (the roulette has its own while it spins). */
  const announcement = () =>
    screen.getAllByRole("status").find((el) => el.tagName === "P" && el.getAttribute("aria-atomic"));

  it("reduced motion: no roulette digits and no confetti, the result said once in a live region", async () => {
    reducedMotion(true);
    const answer = serveDrawOnHold(frozen(new Date(NOW.getTime() - 30_000)));
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole("button", { name: /Obtener la ronda y sortear/ }));
    // While the server draws: a still message, no flickering number, no pulse.
    expect(screen.getByText("Sorteo en curso...")).toBeInTheDocument();
    expect(screen.queryByText("Girando la tómbola...")).not.toBeInTheDocument();
    expect(document.querySelector(".animate-pulse, .motion-safe\\:animate-pulse")).toBeNull();
    expect(announcement()).toHaveTextContent(/^$/);
    await act(async () => answer.current(json(200, WON)));
    expect(await screen.findByRole("heading", { name: /¡Tenemos ganadores!/ })).toBeInTheDocument();
    await waitFor(() => expect(announcement()).toHaveTextContent(SAID));
    // The raffle refetched after the draw does not say it again, and nothing was thrown on a canvas.
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([url]) => url === "/api/raffles/r1").length).toBeGreaterThan(1),
    );
    expect(announcement()?.textContent).toBe(SAID);
    expect(confetti.create).not.toHaveBeenCalled();
    expect(confetti.fire).not.toHaveBeenCalled();
  });

  it("with motion: the roulette spins, then the result is said once and the confetti is fired", async () => {
    vi.useFakeTimers({
      toFake: ["Date", "setTimeout", "clearTimeout", "setInterval", "clearInterval"],
      now: NOW,
      shouldAdvanceTime: true,
    });
    serve(frozen(new Date(NOW.getTime() - 30_000)), WON);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPage();
    await user.click(await screen.findByRole("button", { name: /Obtener la ronda y sortear/ }));
    expect(await screen.findByText("Girando la tómbola...")).toBeInTheDocument();
    // The digits change many times; the live region stays silent while they do.
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(announcement()).toHaveTextContent(/^$/);
    await act(() => vi.advanceTimersByTimeAsync(3_500));
    expect(await screen.findByRole("heading", { name: /¡Tenemos ganadores!/ })).toBeInTheDocument();
    await waitFor(() => expect(announcement()).toHaveTextContent(SAID));
    await waitFor(() => expect(confetti.fire).toHaveBeenCalled());
  });

  it("already drawn: the stored winners and no second draw", async () => {
    serve(
      raffle({
        status: "finished",
        hasWinners: true,
        drawnAt: new Date(NOW.getTime() - 2 * HOUR).toISOString(),
        winners: [
          makeWinner(NOW.toISOString(), {
            ticketNumber: "0007",
            winnerName: "José R.",
            prizeLevel: 2,
            prizeDescription: "Un televisor",
          }),
        ],
      }),
    );
    renderPage();
    const winners = await screen.findByRole("list", { name: "Ganadores" });
    expect(within(winners).getByText("José R.")).toBeInTheDocument();
    expect(within(winners).getByText(/Segundo premio · Un televisor/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /sortear/i })).not.toBeInTheDocument();
    // Opened on a finished draw: the winners are read with the page, not announced.
    expect(announcement()).toHaveTextContent(/^$/);
  });

  it("a drawn v1 raffle: its commitment in the past tense and the links to verify it", async () => {
    serve(
      raffle({
        status: "finished",
        hasWinners: true,
        drawnAt: new Date(NOW.getTime() - 2 * HOUR).toISOString(),
        drawSeedCommitment: COMMITMENT,
        drawAlgorithm: "sha256-fisher-yates-v1",
        winners: [makeWinner(NOW.toISOString())],
      }),
    );
    renderPage();
    expect(await screen.findByText("Sorteo verificable")).toBeInTheDocument();
    expect(screen.getByText(COMMITMENT)).toBeInTheDocument();
    expect(screen.getByText(/Con el sorteo se reveló la semilla/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Verificar este sorteo/ })).toHaveAttribute(
      "href",
      "/transparencia-de-sorteos#sorteo-r1",
    );
    expect(screen.getByRole("link", { name: "Descargar acta (JSON)" })).toHaveAttribute(
      "href",
      "/api/draws/r1/transcript?download=1",
    );
  });

  it("announced elsewhere: waits for the external results and links to the announcement", async () => {
    serve(
      raffle({
        status: "finished",
        announcementType: "external",
        externalAnnouncementPlatform: "Instagram Live",
        externalAnnouncementUrl: "https://instagram.com/rifazo",
        drawSeedCommitment: null,
      }),
    );
    renderPage();
    expect(
      await screen.findByRole("heading", { name: "Esperando el anuncio de los ganadores" }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Esta rifa se anuncia en Instagram Live/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Ir al Anuncio" })).toHaveAttribute(
      "href",
      "https://instagram.com/rifazo",
    );
    expect(screen.queryByText("Sorteo verificable")).not.toBeInTheDocument();
  });

  it("closed, reviewing the last payments: no countdown start and no draw, the count pending", async () => {
    const deadline = new Date(NOW.getTime() + 30 * HOUR).toISOString();
    serve(
      raffle({
        status: "closed",
        activationType: "percentage",
        activationPercentage: 50,
        endDate: null,
        soldTickets: 80,
        lifecycle: makeLifecycle("closed", { pendingProofs: 3, reviewDeadline: deadline }),
      }),
    );
    renderPage();
    expect(await screen.findByRole("heading", { name: "Cerrada: revisando pagos" })).toBeInTheDocument();
    expect(screen.getByText(/Quedan 3 pagos en revisión\./)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Iniciar Sorteo/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /sortear/i })).not.toBeInTheDocument();
  });

  it("cancelled: says so with the reason, never a draw", async () => {
    serve(
      raffle({
        status: "cancelled",
        cancelReason: "El premio no llegó a tiempo.",
        lifecycle: makeLifecycle("cancelled"),
      }),
    );
    renderPage();
    expect(await screen.findByRole("heading", { name: "Rifa cancelada" })).toBeInTheDocument();
    expect(screen.getByText(/Motivo: El premio no llegó a tiempo\./)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /sortear/i })).not.toBeInTheDocument();
  });

  it("late: the round is past its time and no relay answered — says what it waits for, never spins", async () => {
    const roundAt = new Date(NOW.getTime() - 45 * 60_000);
    serve(frozen(roundAt), relaysDown());
    const user = userEvent.setup();
    renderPage();
    expect(
      await screen.findByRole("heading", { name: "El sorteo espera la fuente pública de azar" }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(new RegExp(`ronda ${ROUND} de drand, que debía estar disponible`)),
    ).toHaveTextContent(/debía estar disponible desde el .*2026/);
    expect(screen.getByText(/nadie puede reemplazarla por otra/)).toBeInTheDocument();
    // No promise that it is ready, no draw button, no tómbola.
    expect(screen.queryByRole("heading", { name: "¡Todo listo para el sorteo!" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Obtener la ronda y sortear/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Intentar obtener la ronda ahora" }));
    expect(await screen.findByText("Todavía no está disponible")).toBeInTheDocument();
    expect(screen.getByText(RELAYS_DOWN_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByText("Girando la tómbola...")).not.toBeInTheDocument();
    expect(screen.queryByText("Sorteo en vivo")).not.toBeInTheDocument();
    expect(
      screen.getByRole("heading", { name: "El sorteo espera la fuente pública de azar" }),
    ).toBeInTheDocument();
  });

  it("a draw on a chain that is not the League of Entropy's says so on the page, without a click", async () => {
    serve(frozen(new Date(NOW.getTime() + 10 * 60_000), { drawTrust: "drand-unknown-chain" }));
    renderPage();
    const warning = await screen.findByText(/no es de la League of Entropy/);
    expect(warning).toHaveTextContent(/predecir a los ganadores/);
    expect(document.querySelector('[data-draw-trust="drand-unknown-chain"]')).not.toBeNull();
  });

  it("announced by the organiser: says it is the organiser's word only, no record and no 'Lista congelada'", async () => {
    serve(
      raffle({
        status: "frozen",
        announcementType: "external",
        drawTrust: "announced",
        externalAnnouncementPlatform: "Instagram Live",
        endDate: new Date(NOW.getTime() - HOUR).toISOString(),
        lifecycle: makeLifecycle("frozen", {
          label: "Ventas cerradas: esperando el anuncio del organizador",
          recordAvailable: false,
        }),
      }),
    );
    renderPage();
    expect(await screen.findByText("Anunciado por el organizador")).toBeInTheDocument();
    expect(screen.getByText(/solo cuenta la palabra del organizador/)).toBeInTheDocument();
    expect(screen.queryByText(/congelada/i)).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /acta/i })).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /Verificar/i })).not.toBeInTheDocument();
  });

  it("a raffle that cannot be loaded: the server's message and a way back", async () => {
    serve(json(404, { error: { code: "RAFFLE_NOT_FOUND", message: "Rifa no encontrada." } }));
    renderPage();
    expect(await screen.findByRole("heading", { name: "Error al cargar la rifa." })).toBeInTheDocument();
    expect(screen.getByText("Rifa no encontrada.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Volver a Rifas" })).toBeInTheDocument();
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: "Error al cargar la rifa." })),
    );
  });
});
