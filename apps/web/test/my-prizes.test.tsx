// @vitest-environment happy-dom
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import axe from "axe-core";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { sessionQueryKey } from "../src/features/auth/hooks/use-session";
import { paths } from "../src/lib/paths";
import { ProfileLayout } from "../src/pages/profile/profile-layout";
import { ProfilePrizesPage } from "../src/pages/profile/profile-prizes-page";
import { makeClaim, makeDelivery, makeMyPrize } from "./fixtures/my-prize";
import { makeBuyer } from "./fixtures/user";
import { stubFetch, testQueryClient } from "./render";

// Mis premios (docs/decisions/0035-prizes-on-the-record.md): each prize with its raffle, ticket, status in
// the shared words and the deadline to claim it, a link to its page, an empty state, and its menu entry.

const fetchMock = stubFetch();

function renderList() {
  const client = testQueryClient();
  client.setQueryData(sessionQueryKey, makeBuyer());
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[paths.profilePrizes]}>
        <Routes>
          <Route element={<ProfileLayout />}>
            <Route path={paths.profilePrizes} element={<ProfilePrizesPage />} />
          </Route>
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-26T12:00:00.000Z") });
});
afterEach(() => vi.useRealTimers());

describe("Mis premios", () => {
  it("lists each prize with its status, ticket, deadline and link; axe-clean", async () => {
    const items = [
      makeMyPrize(),
      makeMyPrize({
        winnerId: "w-2",
        raffleTitle: "Rifa del Efectivo",
        prizeDescription: "Mil dólares",
        ticketNumber: "0777",
        cash: { currency: "USD", amount: 1000 },
        claim: makeClaim({ reviewStatus: "accepted" }),
        deliveries: [makeDelivery()],
      }),
    ];
    fetchMock.mockResolvedValue(Response.json({ items }));
    const { container } = renderList();

    const list = await screen.findByRole("list", { name: "Tus premios" });
    const [moto, cash] = within(list).getAllByRole("listitem");
    const first = within(moto as HTMLElement);
    expect(first.getByRole("heading", { name: "Moto Bera 0 km" })).toBeInTheDocument();
    expect(first.getByText("Gran Rifa Moto Bera")).toBeInTheDocument();
    expect(first.getByText("0042")).toBeInTheDocument();
    expect(first.getByText("Por reclamar")).toBeInTheDocument();
    expect(first.getByText("Reclama antes del 5 de diciembre de 2026")).toBeInTheDocument();
    expect(first.getByRole("link", { name: /^Ver mi premio ?: Moto Bera 0 km$/ })).toHaveAttribute(
      "href",
      "/perfil/premios/w-1",
    );

    const second = within(cash as HTMLElement);
    expect(second.getByText("Premio en dinero: $1.000,00")).toBeInTheDocument();
    expect(second.getByText("Entregado el 28/11/2026")).toBeInTheDocument();
    expect(
      second.getByText(
        "Reclamado el 26 de noviembre de 2026 · Reclamo aceptado: el organizador coordinará la entrega",
      ),
    ).toBeInTheDocument();

    // The profile menu names the section and marks it as the current page.
    const menu = screen.getByRole("navigation", { name: "Menú del perfil" });
    expect(within(menu).getByRole("link", { name: "Mis premios" })).toHaveAttribute("aria-current", "page");
    expect(fetchMock).toHaveBeenCalledWith("/api/prizes", expect.anything());
    expect((await axe.run(container)).violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });

  it("says when the period to claim ended", async () => {
    fetchMock.mockResolvedValue(
      Response.json({ items: [makeMyPrize({ canClaim: false, claimDeadline: "2026-11-20T23:00:00.000Z" })] }),
    );
    renderList();
    expect(
      await screen.findByText("El plazo para reclamar terminó el 20 de noviembre de 2026"),
    ).toBeInTheDocument();
  });

  it("without prizes: an empty state with the way to the raffles on sale", async () => {
    fetchMock.mockResolvedValue(Response.json({ items: [] }));
    renderList();
    expect(await screen.findByText("Todavía no tienes premios")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Ver Rifas Activas" })).toHaveAttribute("href", paths.raffles);
  });
});
