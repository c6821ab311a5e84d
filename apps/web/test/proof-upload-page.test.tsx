// @vitest-environment happy-dom
import type { RaffleDetail } from "@rifazo/shared/schemas/raffles";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { sessionQueryKey } from "../src/features/auth/hooks/use-session";
import { loadProofUploadForm } from "../src/features/proofs/lazy";
import { ProofUploadPage } from "../src/pages/profile/proof-upload-page";
import { jsonResponse as json, makePublicSettings, notFoundResponse } from "./fixtures/http";
import { makeRaffleDetail } from "./fixtures/raffle";
import { makeBuyer } from "./fixtures/user";
import { renderWithProviders, stubFetch, testQueryClient } from "./render";

// A purchase without a reservation in a random-mode raffle (the server reserves on upload): the summary
// follows the quantity and the raffle's combos, the methods are the raffle's, each in its currency.

vi.mock("../src/components/ui/toast", () => ({ toast: vi.fn() }));

const buyer = makeBuyer();

function raffle(overrides: Partial<RaffleDetail> = {}): RaffleDetail {
  return makeRaffleDetail({
    endDate: "2026-12-31T00:00:00.000Z",
    paymentMethods: ["Pago Móvil", "Zelle"],
    acceptedMethods: ["pago_movil", "zelle"],
    combos: [{ quantity: 5, price: 20 }],
    ...overrides,
  });
}

const fetchMock = stubFetch();

function serve(detail: RaffleDetail) {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url === "/api/raffles/r1") return json(200, detail);
    if (url === "/api/settings/public") {
      return json(
        200,
        makePublicSettings({ exchangeRate: { rate: 37.33, date: "2026-11-25", source: "BCV" } }),
      );
    }
    if (url.startsWith("/api/proofs/allowance")) {
      return json(200, {
        raffleId: "r1",
        maxTicketsPerBuyer: 10,
        ticketsHeld: 0,
        ticketsAllowed: 10,
        pendingProofs: 0,
        maxPendingProofs: 3,
      });
    }
    return notFoundResponse();
  });
}

function renderPage() {
  const client = testQueryClient();
  client.setQueryData(sessionQueryKey, buyer);
  return renderWithProviders(<ProofUploadPage />, {
    path: "/perfil/subir-comprobante/r1?tickets=2",
    pattern: "/perfil/subir-comprobante/:raffleId",
    client,
  });
}

beforeEach(() => {
  sessionStorage.clear();
  vi.stubGlobal("EventSource", undefined);
});

// The full proof form is a chunk of its own (features/proofs/lazy.ts), loaded once the page renders; here it
// is in memory before the first test, as on a phone that already has it, so each test reads the form at once.
beforeAll(async () => {
  await loadProofUploadForm();
});

describe("proof upload without a reservation", () => {
  it("follows the quantity and the raffle's combo in the summary and the amount per method", async () => {
    serve(raffle());
    const user = userEvent.setup();
    renderPage();
    const summary = await screen.findByLabelText("Resumen del precio");
    expect(summary).toHaveTextContent("Total$10,00");
    const quantity = await screen.findByLabelText("Cantidad de boletos");
    await user.clear(quantity);
    await user.type(quantity, "5");
    await waitFor(() => expect(screen.getByLabelText("Resumen del precio")).toHaveTextContent("Total$20,00"));
    expect(screen.getByLabelText("Resumen del precio")).toHaveTextContent("Combo: 5 boletos por $20,00");
    const perMethod = screen.getByRole("region", { name: "Monto a pagar según el método" });
    expect(perMethod).toHaveTextContent("Pago MóvilBs. 746,60");
    expect(perMethod).toHaveTextContent("Zelle$20,00");
    expect(perMethod).toHaveTextContent("Tasa BCV del 25/11/2026: 37,33 Bs/$");

    const methods = screen.getByRole("combobox", { name: "Método de pago" });
    const options = within(methods).getAllByRole<HTMLOptionElement>("option");
    // The first is the prompt, which cannot be chosen.
    expect(options.filter((o) => !o.disabled).map((o) => o.textContent)).toEqual(["Pago Móvil", "Zelle"]);
    await user.click(screen.getByRole("option", { name: "Pago Móvil" }));
    expect(screen.getByLabelText("Monto pagado")).toHaveValue("746,60");
    expect(screen.getByLabelText("Moneda")).toHaveValue("VES");
  });

  it("sends a chosen-numbers raffle back to its grid", async () => {
    serve(raffle({ numberMode: "chosen" }));
    renderPage();
    expect(await screen.findByText("Elige tus números en la cuadrícula antes de pagar.")).toBeInTheDocument();
    expect(screen.queryByRole("form", { name: "Subir comprobante de pago" })).not.toBeInTheDocument();
  });
});
