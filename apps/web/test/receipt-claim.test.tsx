// @vitest-environment happy-dom

import type { SessionUser } from "@rifazo/shared/schemas/auth";
import type { Receipt } from "@rifazo/shared/schemas/receipts";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { toast } from "../src/components/ui/toast";
import { sessionQueryKey } from "../src/features/auth/hooks/use-session";
import { paths, routePatterns } from "../src/lib/paths";
import { ReceiptPage } from "../src/pages/receipt-page";
import { makeReceipt, RECEIPT_TOKEN as TOKEN } from "./fixtures/receipt";
import { makeBuyer } from "./fixtures/user";
import { stubFetch, testQueryClient } from "./render";

// The receipt page's claim block (docs/decisions/0034-vendedores.md): a vendedor's sale bought without an
// account, claimed into the account confirmed with the email the vendedor wrote down.

vi.mock("../src/components/ui/toast", () => ({ toast: vi.fn() }));

const fetchMock = stubFetch();
const HINT = "a***@example.com";

/** Where the router went, and the state it carried (the page to return to after signing in). */
function Elsewhere() {
  const location = useLocation();
  return (
    <output data-testid="location" data-state={JSON.stringify(location.state ?? null)}>
      {location.pathname}
    </output>
  );
}

function renderReceipt(user: SessionUser | null) {
  const client = testQueryClient();
  client.setQueryData(sessionQueryKey, user);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[paths.receipt(TOKEN)]}>
        <Routes>
          <Route path={routePatterns.receipt} element={<ReceiptPage />} />
          <Route path="*" element={<Elsewhere />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const region = async () =>
  within(await screen.findByRole("region", { name: /boletos (en|están en) tu cuenta/ }));

describe("receipt page: claiming a vendedor's sale", () => {
  it("a visitor is told which email it needs and goes to sign in or register, coming back here", async () => {
    const reason = `Inicia sesión o crea una cuenta con el correo ${HINT} para reclamar estos boletos en tu cuenta.`;
    const receipt: Receipt = makeReceipt({
      claim: { claimable: false, reason, claimedByYou: false, emailHint: HINT },
    });
    fetchMock.mockResolvedValue(Response.json(receipt));
    renderReceipt(null);
    const block = await region();
    expect(
      block.getByRole("heading", { name: "¿Quieres ver estos boletos en tu cuenta?" }),
    ).toBeInTheDocument();
    expect(block.getByText(reason)).toBeInTheDocument();
    expect(block.queryByRole("button", { name: "Reclamar en mi cuenta" })).toBeNull();
    // The token stays out of the sign-in page's address: the way back travels in history state.
    expect(block.getByRole("link", { name: "Crear cuenta" })).toHaveAttribute("href", paths.register);
    const signIn = block.getByRole("link", { name: "Iniciar sesión" });
    expect(signIn).toHaveAttribute("href", paths.login);
    await userEvent.click(signIn);
    const location = await screen.findByTestId("location");
    expect(location).toHaveTextContent(/^\/login$/);
    expect(JSON.parse(location.dataset.state ?? "null")).toEqual({
      from: { pathname: paths.receipt(TOKEN), search: "", hash: "" },
    });
  });

  it("the right account claims it: a toast, and the receipt then says the tickets are in the account", async () => {
    let claimed = false;
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === `/api/receipts/${TOKEN}/claim` && init?.method === "POST") {
        claimed = true;
        return Response.json({
          proofId: "p1",
          raffleId: "r1",
          tickets: ["0007", "0042", "1234"],
          pointsAwarded: 1000,
          alreadyClaimed: false,
        });
      }
      if (url === `/api/receipts/${TOKEN}`) {
        return Response.json(
          makeReceipt({
            claim: claimed
              ? { claimable: false, claimedByYou: true, emailHint: HINT }
              : { claimable: true, claimedByYou: false, emailHint: HINT },
          }),
        );
      }
      return Response.json(makeBuyer());
    });
    renderReceipt(makeBuyer());
    const block = await region();
    expect(
      block.getByText((text) => text.includes(`correo que anotó el vendedor (${HINT})`)),
    ).toBeInTheDocument();
    await userEvent.click(block.getByRole("button", { name: "Reclamar en mi cuenta" }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({
          title: "Boletos agregados a tu cuenta",
          description: "Ya están en Mis boletos, y sumaste 1.000 RifaPuntos.",
          variant: "success",
        }),
      ),
    );
    const done = await screen.findByRole("heading", { name: "Estos boletos están en tu cuenta" });
    expect(done).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Ver Mis boletos" })).toHaveAttribute(
      "href",
      paths.profilePayments,
    );
    expect(screen.queryByRole("button", { name: "Reclamar en mi cuenta" })).toBeNull();
  });

  it("another account sees why not; a refused claim shows the server's reason", async () => {
    const reason = `Este recibo solo se puede reclamar desde una cuenta confirmada con el correo que anotó el vendedor (${HINT}).`;
    fetchMock.mockResolvedValue(
      Response.json(
        makeReceipt({ claim: { claimable: false, reason, claimedByYou: false, emailHint: HINT } }),
      ),
    );
    renderReceipt(makeBuyer({ email: "otra@example.com" }));
    const block = await region();
    expect(block.getByText(reason)).toBeInTheDocument();
    expect(block.queryByRole("button")).toBeNull();
    expect(block.queryByRole("link", { name: "Iniciar sesión" })).toBeNull();
  });

  it("a claim refused meanwhile (claimed by another account) says so in Spanish", async () => {
    fetchMock.mockImplementation(async (_input, init) =>
      init?.method === "POST"
        ? Response.json(
            { error: { code: "RECEIPT_ALREADY_CLAIMED", message: "Estos boletos ya están en otra cuenta." } },
            { status: 409 },
          )
        : Response.json(makeReceipt({ claim: { claimable: true, claimedByYou: false, emailHint: HINT } })),
    );
    renderReceipt(makeBuyer());
    const block = await region();
    await userEvent.click(block.getByRole("button", { name: "Reclamar en mi cuenta" }));
    const alert = await block.findByRole("alert");
    expect(alert).toHaveTextContent("Este recibo ya está en otra cuenta");
    expect(alert).toHaveTextContent("Estos boletos ya están en otra cuenta.");
  });

  it("an online purchase's receipt has no claim block", async () => {
    fetchMock.mockResolvedValue(Response.json(makeReceipt({ claim: null })));
    renderReceipt(makeBuyer());
    expect(await screen.findByRole("heading", { name: "Moto Bera SBR 150" })).toBeInTheDocument();
    expect(screen.queryByText("¿Quieres ver estos boletos en tu cuenta?")).toBeNull();
  });
});
