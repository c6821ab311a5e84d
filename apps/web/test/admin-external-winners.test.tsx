// @vitest-environment happy-dom
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ExternalWinnersTab } from "../src/features/admin/external-winners/external-winners-tab";
import { makeAdminRaffle } from "./fixtures/raffle";
import { renderWithProviders, stubFetch } from "./render";

// External winners are typed in only for raffles announced outside Rifazo: the platform draws the
// internal ones (the server refuses them with 409), so the form does not offer them.

const fetchMock = stubFetch();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const RAFFLES = [
  makeAdminRaffle({ id: "ext", title: "Rifa externa", announcementType: "external", hasWinners: false }),
  makeAdminRaffle({ id: "int", title: "Rifa interna", announcementType: "internal", hasWinners: false }),
  makeAdminRaffle({
    id: "done",
    title: "Externa con ganadores",
    announcementType: "external",
    hasWinners: true,
  }),
];

beforeEach(() => {
  vi.stubGlobal("EventSource", undefined);
  fetchMock.mockImplementation(async (input) =>
    String(input) === "/api/admin/raffles"
      ? json(200, { items: RAFFLES })
      : json(404, { error: { code: "NOT_FOUND", message: "No encontrado." } }),
  );
});

describe("ExternalWinnersTab", () => {
  it("solo lista rifas de anuncio externo sin ganadores", async () => {
    renderWithProviders(<ExternalWinnersTab />);
    const user = userEvent.setup();
    const picker = await screen.findByRole("combobox", { name: "Rifa" });
    await vi.waitFor(() => expect(picker).toBeEnabled());
    await user.click(picker);
    const options = await screen.findAllByRole("option");
    expect(options.map((option) => option.textContent)).toEqual(["Rifa externa"]);
  });
});
