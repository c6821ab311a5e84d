// @vitest-environment happy-dom
import type { Club, RedeemResult } from "@rifazo/shared/schemas/club";
import { CLUB_MESSAGES } from "@rifazo/shared/schemas/club";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { MemberClub } from "../src/features/club/components/member-club";
import { renderWithProviders, stubFetch } from "./render";

// Redeeming a reward asks first (reward, cost, balance after, the level stays), then says how to claim it.
// The header's level follows points earned, not the balance.

vi.mock("../src/components/ui/toast", () => ({ toast: vi.fn() }));

const fetchMock = stubFetch();
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const club: Club = {
  points: 1200,
  pointsEarned: 2100,
  level: "Oro",
  levelLabel: "Nivel Oro",
  nextLevel: "Diamante",
  pointsToNextLevel: 2900,
  progress: 17,
  history: [],
  rewards: [
    {
      id: "r1",
      title: "Bono Oro",
      description: "",
      pointsRequired: 1000,
      requiredLevel: "Oro",
      hasEnoughPoints: true,
      hasRequiredLevel: true,
      redeemable: true,
      missingPoints: 0,
    },
  ],
  redemptions: [],
};

const result: RedeemResult = {
  ok: true,
  title: "¡Recompensa Canjeada!",
  message: 'Canjeaste "Bono Oro" por 1.000 RifaPuntos.',
  redemption: {
    id: "x1",
    rewardId: "r1",
    rewardTitle: "Bono Oro",
    pointsSpent: 1000,
    createdAt: "2026-11-01T00:00:00Z",
  },
  points: 200,
  level: "Oro",
  howToClaim: CLUB_MESSAGES.howToClaim,
  replayed: false,
};

function route(redeemResponse: () => Response) {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.includes("/redeem")) return redeemResponse();
    if (url.startsWith("/api/club")) return json(club);
    return json({ error: { code: "NOT_FOUND", message: "No encontrado." } }, 404);
  });
}

async function openRewards(user: ReturnType<typeof userEvent.setup>) {
  renderWithProviders(<MemberClub name="María Pérez" />);
  // The header's level comes from the 2 100 points earned although the balance, 1 200, would be Plata.
  expect(await screen.findByRole("heading", { name: "Nivel Oro" })).toBeInTheDocument();
  await user.click(screen.getByRole("tab", { name: "Recompensas" }));
  await user.click(await screen.findByRole("button", { name: "Canjear" }));
  return screen.findByRole("alertdialog");
}

const redeemCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).includes("/redeem"));

describe("canjear una recompensa", () => {
  it("pide confirmación con recompensa, costo y saldo después; cancelar no gasta", async () => {
    route(() => json(result, 201));
    const user = userEvent.setup();
    const dialog = await openRewards(user);
    expect(within(dialog).getByText(CLUB_MESSAGES.confirmTitle)).toBeInTheDocument();
    expect(within(dialog).getByText("Bono Oro")).toBeInTheDocument();
    expect(within(dialog).getByText("1.000 RifaPuntos")).toBeInTheDocument();
    expect(within(dialog).getByText("1.200 RifaPuntos")).toBeInTheDocument();
    expect(within(dialog).getByText("200 RifaPuntos")).toBeInTheDocument();
    expect(within(dialog).getByText(CLUB_MESSAGES.confirmKeepsLevel)).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Cancelar" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(redeemCalls()).toHaveLength(0);
  });

  it("al confirmar canjea una vez y dice cómo reclamarla; el nivel sigue", async () => {
    route(() => json(result, 201));
    const user = userEvent.setup();
    const dialog = await openRewards(user);
    await user.click(within(dialog).getByRole("button", { name: CLUB_MESSAGES.confirmAction }));
    expect(await within(dialog).findByText(CLUB_MESSAGES.howToClaim)).toBeInTheDocument();
    expect(within(dialog).getByText(/Sigues en Nivel Oro/)).toBeInTheDocument();
    expect(redeemCalls()).toHaveLength(1);
    await user.click(within(dialog).getByRole("button", { name: "Entendido" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
  });

  it("si el servidor lo rechaza, el diálogo se cierra", async () => {
    route(() =>
      json({ error: { code: "INSUFFICIENT_POINTS", message: "Necesitas 400 RifaPuntos más." } }, 409),
    );
    const user = userEvent.setup();
    const dialog = await openRewards(user);
    await user.click(within(dialog).getByRole("button", { name: CLUB_MESSAGES.confirmAction }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
  });
});
