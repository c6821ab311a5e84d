// @vitest-environment happy-dom
import { readFileSync } from "node:fs";
import path from "node:path";
import type { PublicSellerLeaderboard } from "@rifazo/shared/schemas/seller-leaderboard";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { jsonResponse, makePublicSettings, notFoundResponse } from "./fixtures/http";
import { makeRaffleDetail } from "./fixtures/raffle";
import { renderRaffleDetailPage, stubRaffleDetailPage } from "./fixtures/raffle-detail-page";

// «Vendedores destacados» on the raffle page (docs/decisions/0034-vendedores.md): asked for only when the
// organiser shows the leaderboard, as a chunk of its own once the page is up, with first names only.

const NOW = new Date("2026-11-20T16:00:00.000Z");
const fetchMock = stubRaffleDetailPage(NOW);
const LEADERBOARD_URL = "/api/raffles/r1/sellers-leaderboard";

const BOARD: PublicSellerLeaderboard = {
  items: [
    { position: 1, name: "María G.", tickets: 40 },
    { position: 2, name: "José R.", tickets: 12 },
    { position: 3, name: "Ana", tickets: 1 },
  ],
};

function serve(shown: boolean, leaderboard: () => Response) {
  const detail = makeRaffleDetail({
    endDate: new Date(NOW.getTime() + 50 * 3_600_000).toISOString(),
    sellerLeaderboardPublic: shown,
  });
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url === "/api/raffles/r1") return jsonResponse(200, detail);
    if (url === "/api/settings/public") return jsonResponse(200, makePublicSettings());
    if (url === LEADERBOARD_URL) return leaderboard();
    return notFoundResponse();
  });
}

const leaderboardCalls = () => fetchMock.mock.calls.filter(([url]) => String(url) === LEADERBOARD_URL);

describe("RaffleDetailPage: Vendedores destacados", () => {
  it("shown by the organiser: place, first name and initial, and tickets", async () => {
    serve(true, () => jsonResponse(200, BOARD));
    renderRaffleDetailPage();
    const section = await screen.findByRole("region", { name: "Vendedores destacados" });
    const rows = within(section).getAllByRole("listitem");
    expect(rows.map((row) => row.textContent)).toEqual([
      "1.ºMaría G.40 boletos",
      "2.ºJosé R.12 boletos",
      "3.ºAna1 boleto",
    ]);
    expect(leaderboardCalls()).toHaveLength(1);
  });

  it("hidden: never asked for, nothing shown", async () => {
    serve(false, () => jsonResponse(200, BOARD));
    renderRaffleDetailPage();
    expect(await screen.findByRole("heading", { name: "Cómo se decide el ganador" })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(leaderboardCalls()).toHaveLength(0);
    expect(screen.queryByRole("region", { name: "Vendedores destacados" })).toBeNull();
  });

  it("hidden again meanwhile (404) or nobody with tickets yet: the page goes without it", async () => {
    for (const answer of [() => notFoundResponse(), () => jsonResponse(200, { items: [] })]) {
      fetchMock.mockReset();
      serve(true, answer);
      const { unmount } = renderRaffleDetailPage();
      await waitFor(() => expect(leaderboardCalls()).toHaveLength(1));
      expect(await screen.findByRole("heading", { name: "Cómo se decide el ganador" })).toBeInTheDocument();
      expect(screen.queryByRole("region", { name: "Vendedores destacados" })).toBeNull();
      unmount();
    }
  });

  it("is a chunk of its own: the page reaches it only through features/raffles/lazy.ts", () => {
    const source = (file: string) => readFileSync(path.resolve(__dirname, "../src", file), "utf8");
    const page = source("pages/raffle-detail-page.tsx");
    const feature = source("features/raffles/index.ts");
    expect(page).not.toMatch(/from "[^"]*components\/seller-leaderboard"/);
    expect(feature).not.toMatch(/seller-leaderboard/);
    expect(page).toMatch(/lazy\(\(\) => loadSellerLeaderboard\(\)/);
  });
});
