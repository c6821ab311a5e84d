// @vitest-environment happy-dom
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { toast } from "../src/components/ui/toast";
import { FavoriteButton } from "../src/features/favorites";
import { makeBuyer } from "./fixtures/user";
import { renderWithProviders, stubFetch } from "./render";

// The heart on a raffle card: a tap in the instant after the page's code runs, while the session is still
// on its way, waits for it; a signed-in buyer is never told to sign in (spec 1 §5, §6).

vi.mock("../src/components/ui/toast", () => ({ toast: vi.fn() }));

const fetchMock = stubFetch();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("el corazón de una rifa", () => {
  it("un toque mientras la sesión llega espera por ella y guarda el favorito", async () => {
    let answerSession: (response: Response) => void = () => undefined;
    const saved: string[] = [];
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === "/api/account/me") return new Promise<Response>((resolve) => (answerSession = resolve));
      if (url === "/api/favorites/r1" && init?.method === "PUT") {
        saved.push(url);
        return json(200, { ok: true });
      }
      if (url === "/api/favorites/ids") return json(200, { raffleIds: saved.length ? ["r1"] : [] });
      return json(404, { error: { code: "NOT_FOUND", message: "No encontrado." } });
    });
    const user = userEvent.setup();
    renderWithProviders(<FavoriteButton raffleId="r1" />);
    await user.click(await screen.findByRole("button", { name: "Añadir a favoritos" }));
    expect(toast).not.toHaveBeenCalled();

    answerSession(json(200, makeBuyer()));
    await waitFor(() => expect(saved).toEqual(["/api/favorites/r1"]));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({ title: "Rifa Guardada", variant: "success" }),
      ),
    );
    expect(toast).not.toHaveBeenCalledWith(expect.objectContaining({ variant: "info" }));
  });

  it("si la sesión no llega por falta de conexión: «Sin conexión» con «Reintentar», que guarda", async () => {
    vi.mocked(toast).mockClear();
    let online = false;
    const saved: string[] = [];
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (!online) throw new TypeError("Failed to fetch");
      if (url === "/api/account/me") return json(200, makeBuyer());
      if (url === "/api/favorites/r1" && init?.method === "PUT") {
        saved.push(url);
        return json(200, { ok: true });
      }
      if (url === "/api/favorites/ids") return json(200, { raffleIds: saved.length ? ["r1"] : [] });
      return json(404, { error: { code: "NOT_FOUND", message: "No encontrado." } });
    });
    // The session's own retries (2 s, 4 s, 8 s, spec 1 §9) run on a fake clock.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithProviders(<FavoriteButton raffleId="r1" />);
    await user.click(await screen.findByRole("button", { name: "Añadir a favoritos" }));
    await vi.advanceTimersByTimeAsync(20_000);
    vi.useRealTimers();
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({
          title: "Sin conexión",
          action: expect.objectContaining({ label: "Reintentar" }),
        }),
      ),
    );
    expect(toast).not.toHaveBeenCalledWith(expect.objectContaining({ title: "Error" }));
    expect(saved).toEqual([]);

    online = true;
    const offline = vi.mocked(toast).mock.calls.find(([options]) => options.title === "Sin conexión")?.[0];
    offline?.action?.onClick?.();
    await waitFor(() => expect(saved).toEqual(["/api/favorites/r1"]));
  });
});
