// @vitest-environment happy-dom
import { UPCOMING_NOTIFY_KEY } from "@rifazo/shared/constants";
import type { SessionUser } from "@rifazo/shared/schemas/auth";
import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { Route, Routes, useLocation } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "../src/components/ui/toast";
import { sessionQueryKey } from "../src/features/auth/hooks/use-session";
import { RaffleCard } from "../src/features/raffles/components/raffle-card";
import { removeLocalNotify, setLocalNotify } from "../src/features/upcoming/notify-storage";
import { UpcomingCard } from "../src/features/upcoming/upcoming-card";
import { paths } from "../src/lib/paths";
import { makeRaffleDetail } from "./fixtures/raffle";
import { makeBuyer } from "./fixtures/user";
import { renderWithProviders, stubFetch, testQueryClient } from "./render";

// 'Notificarme' is one button with one behaviour on the raffle card (home, /rifas) and on /proximamente:
// signed out → sign in and come back (the choice kept and saved once signed in); signed in → a
// subscription, "Te avisaremos" with undo; a failure puts the button back and says so.

vi.mock("../src/components/ui/toast", () => ({ toast: vi.fn() }));

const fetchMock = stubFetch();
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const NOW = Date.now();
const DAY = 86_400_000;

const raffle = makeRaffleDetail({
  status: "upcoming",
  startDate: new Date(NOW + 3 * DAY).toISOString(),
  endDate: new Date(NOW + 30 * DAY).toISOString(),
  soldTickets: 0,
  remaining: 100,
});

const user = makeBuyer();

const PLACES: Array<[string, string, () => ReactElement]> = [
  ["la tarjeta de rifa", paths.raffles, () => <RaffleCard raffle={raffle} />],
  ["la página de próximas", paths.upcoming, () => <UpcomingCard raffle={raffle} now={NOW} />],
];

function LoginProbe() {
  const location = useLocation();
  return <p>Login desde {JSON.stringify(location.state)}</p>;
}

function renderAt(path: string, ui: ReactElement, session: SessionUser | null) {
  const client = testQueryClient();
  client.setQueryData(sessionQueryKey, session);
  return renderWithProviders(
    <Routes>
      <Route path={path} element={ui} />
      <Route path={paths.login} element={<LoginProbe />} />
    </Routes>,
    { path, client },
  );
}

/** Subscriptions on the "server": PUT adds, DELETE removes; `fail` makes writes answer 500. */
function serveSubscriptions(initial: string[], options: { fail?: boolean } = {}) {
  const ids = new Set(initial);
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? "GET";
    if (url === "/api/raffles/subscriptions") return json({ raffleIds: [...ids] });
    if (url === "/api/raffles/r1/subscription") {
      if (options.fail) return json({ error: { code: "INTERNAL", message: "Error del servidor." } }, 500);
      if (method === "PUT") ids.add("r1");
      if (method === "DELETE") ids.delete("r1");
      return json({ ok: true, subscribed: ids.has("r1") });
    }
    return json({ error: { code: "NOT_FOUND", message: "No encontrado." } }, 404);
  });
  return ids;
}

const writes = () =>
  fetchMock.mock.calls
    .filter(([url, init]) => String(url).endsWith("/subscription") && init?.method)
    .map(([, init]) => init?.method);

beforeEach(() => {
  vi.mocked(toast).mockClear();
  window.localStorage.clear();
  act(() => removeLocalNotify(["r1"]));
});

describe.each(PLACES)("Notificarme en %s", (_name, path, ui) => {
  it("sin sesión lleva a iniciar sesión y vuelve aquí, con la elección guardada", async () => {
    const pointer = userEvent.setup();
    renderAt(path, ui(), null);
    await pointer.click(await screen.findByRole("button", { name: /Notificarme/ }));
    expect(await screen.findByText(/Login desde/)).toHaveTextContent(`"pathname":"${path}"`);
    expect(JSON.parse(window.localStorage.getItem(UPCOMING_NOTIFY_KEY) ?? "[]")).toEqual(["r1"]);
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({ title: "Inicia sesión para recibir el aviso" }),
    );
    expect(writes()).toEqual([]);
  });

  it("con sesión se suscribe: 'Te avisaremos', y se puede deshacer", async () => {
    const server = serveSubscriptions([]);
    const pointer = userEvent.setup();
    renderAt(path, ui(), user);
    const button = await screen.findByRole("button", { name: /Notificarme/ });
    await waitFor(() => expect(button).toBeEnabled());
    await pointer.click(button);
    const on = await screen.findByRole("button", { name: /Te avisaremos/ });
    expect(on).toHaveAttribute("aria-pressed", "true");
    await waitFor(() => expect(server.has("r1")).toBe(true));
    const shown = vi.mocked(toast).mock.calls.at(-1)?.[0];
    expect(shown).toMatchObject({ title: "Te avisaremos", action: { label: "Deshacer" } });
    act(() => shown?.action?.onClick());
    expect(await screen.findByRole("button", { name: /Notificarme/ })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
    await waitFor(() => expect(server.has("r1")).toBe(false));
    expect(writes()).toEqual(["PUT", "DELETE"]);
  });

  it("ya suscrito muestra 'Te avisaremos' y un clic cancela el aviso", async () => {
    const server = serveSubscriptions(["r1"]);
    const pointer = userEvent.setup();
    renderAt(path, ui(), user);
    const on = await screen.findByRole("button", { name: /Te avisaremos/ });
    await waitFor(() => expect(on).toBeEnabled());
    await pointer.click(on);
    expect(await screen.findByRole("button", { name: /Notificarme/ })).toBeInTheDocument();
    await waitFor(() => expect(server.has("r1")).toBe(false));
    expect(toast).toHaveBeenLastCalledWith(expect.objectContaining({ title: "Aviso cancelado" }));
  });

  it("si falla, el botón vuelve a como estaba y lo dice", async () => {
    serveSubscriptions([], { fail: true });
    const pointer = userEvent.setup();
    renderAt(path, ui(), user);
    const button = await screen.findByRole("button", { name: /Notificarme/ });
    await waitFor(() => expect(button).toBeEnabled());
    await pointer.click(button);
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({ title: "No pudimos guardar tu aviso", variant: "error" }),
      ),
    );
    expect(await screen.findByRole("button", { name: /Notificarme/ })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
  });

  it("la elección hecha antes de iniciar sesión se guarda en la cuenta al volver", async () => {
    // What the signed-out click did before the sign-in page.
    act(() => setLocalNotify("r1", true));
    const server = serveSubscriptions([]);
    renderAt(path, ui(), user);
    expect(await screen.findByRole("button", { name: /Te avisaremos/ })).toBeInTheDocument();
    await waitFor(() => expect(server.has("r1")).toBe(true));
    expect(window.localStorage.getItem(UPCOMING_NOTIFY_KEY)).toBeNull();
  });
});
