// @vitest-environment happy-dom
import { ERROR_MESSAGES } from "@rifazo/shared/errors";
import type { SessionUser } from "@rifazo/shared/schemas/auth";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { describe, expect, it, vi } from "vitest";
import UserMenu from "../src/app/layout/user-menu";
import { usePageViewTracking } from "../src/features/analytics/use-page-view-tracking";
import { sessionQueryKey } from "../src/features/auth/hooks/use-session";
import { saveCookieConsent } from "../src/features/cookie-consent/use-cookie-consent";
import { paths } from "../src/lib/paths";
import { SellerAreaPage } from "../src/pages/seller/seller-area-page";
import { SellerInvitationPage } from "../src/pages/seller/seller-invitation-page";
import { jsonResponse, notFoundResponse } from "./fixtures/http";
import { SELLER_AREA } from "./fixtures/seller-area";
import { BUYER } from "./fixtures/user";
import { stubFetch, testQueryClient } from "./render";

// The vendedor area (/vendedor) and the invitation page (/vendedor/invitacion?token=…), slice 1 of
// docs/decisions/0034-vendedores.md: what a vendedor sees, every refusal as its Spanish message, and the
// accept flow.

vi.mock("../src/components/ui/toast", () => ({ toast: vi.fn() }));

const fetchMock = stubFetch();
const TOKEN = "inv-secret-123";

const AREA = SELLER_AREA;

const apiError = (status: number, code: string, message: string) =>
  jsonResponse(status, { error: { code, message } });

/** Where the router went, and the state it carried (the page to return to after signing in). */
function Elsewhere() {
  const location = useLocation();
  return (
    <output data-testid="location" data-state={JSON.stringify(location.state ?? null)}>
      {location.pathname + location.search}
    </output>
  );
}

/** The invitation page with the root layout's page-view counting. */
function TrackedInvitationPage() {
  usePageViewTracking();
  return <SellerInvitationPage />;
}

function renderAt(path: string, user: SessionUser | null) {
  const client = testQueryClient();
  client.setQueryData(sessionQueryKey, user);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={paths.seller} element={<SellerAreaPage />} />
          <Route path={paths.sellerInvitation} element={<SellerInvitationPage />} />
          <Route path="*" element={<Elsewhere />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

function serveArea(response: () => Response) {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url === "/api/seller/me") return response();
    if (url === "/api/seller/sales") return jsonResponse(200, { items: [] });
    return notFoundResponse();
  });
}

describe("/vendedor", () => {
  it("greets the vendedor, shows their code and each raffle with price, commission, cash limit and sales", async () => {
    serveArea(() => jsonResponse(200, AREA));
    renderAt(paths.seller, BUYER);

    expect(await screen.findByRole("heading", { level: 1, name: "Hola, Carlos Rivas" })).toBeInTheDocument();
    expect(screen.getByText("CR7K2M")).toBeInTheDocument();
    const list = screen.getByRole("list", { name: "Rifas que puedes vender" });
    const [moto, iphone] = within(list).getAllByRole("listitem") as [HTMLElement, HTMLElement];

    const motoCard = within(moto);
    expect(motoCard.getByRole("heading", { name: "Moto Bera SBR 150" })).toBeInTheDocument();
    const fact = (card: typeof motoCard, label: string) =>
      card.getByText(label).nextElementSibling?.textContent;
    expect(fact(motoCard, "Precio del boleto")).toBe("$5,00");
    expect(fact(motoCard, "Tu comisión")).toBe("10 %");
    expect(fact(motoCard, "Límite de efectivo")).toBe("$1.194,56");
    expect(fact(motoCard, "Vendidos")).toBe("120 de 500");
    expect(motoCard.getByRole("progressbar")).toHaveAttribute("aria-valuetext", "120 de 500 (24 %)");

    const iphoneCard = within(iphone);
    expect(fact(iphoneCard, "Precio del boleto")).toBe("Bs. 200,00");
    expect(fact(iphoneCard, "Tu comisión")).toBe("Bs. 2,00 por boleto");
    expect(fact(iphoneCard, "Vendidos")).toBe("0 de 10.000");

    // Each raffle's link: what it credits so far, copy, WhatsApp with the link in its text, and its QR.
    const motoLink = within(motoCard.getByRole("region", { name: "Tu enlace para Moto Bera SBR 150" }));
    const url = `${window.location.origin}/rifas/r1?v=CR7K2M`;
    expect(motoLink.getByText(url)).toBeInTheDocument();
    expect(
      motoLink.getByText(
        /Las compras por tu enlace se te acreditan: 3 boletos aprobados y 1 boleto en revisión\./,
      ),
    ).toBeInTheDocument();
    const whatsapp = motoLink.getByRole("link", { name: "Compartir por WhatsApp" });
    const shared = new URL(whatsapp.getAttribute("href") ?? "");
    expect(shared.origin + shared.pathname).toBe("https://wa.me/");
    expect(shared.searchParams.get("text")).toBe(
      `¡Participa en la rifa «Moto Bera SBR 150»! Boleto a $5,00. Compra aquí: ${url}`,
    );
    expect(motoLink.queryByRole("img")).toBeNull();
    await userEvent.click(motoLink.getByRole("button", { name: "Mostrar QR" }));
    expect(
      motoLink.getByRole("img", { name: "Código QR de tu enlace para Moto Bera SBR 150" }),
    ).toBeInTheDocument();
    expect(motoLink.getByRole("button", { name: "Ocultar QR" })).toHaveAttribute("aria-expanded", "true");
    expect(motoLink.getByRole("button", { name: "Copiar tu enlace" })).toBeInTheDocument();
    expect(
      motoLink.getByText(/^Comisión por cobrar: \$\s?1,50 · ya cobrada: \$\s?3,00$/),
    ).toBeInTheDocument();
    expect(within(iphone).getByText(/0 boletos aprobados y 0 boletos en revisión/)).toBeInTheDocument();
    expect(within(iphone).getByText(/^Comisión por cobrar: Bs\.\s0,00$/)).toBeInTheDocument();

    // Each raffle: the cash held against the limit, and «Registrar venta».
    expect(motoCard.getByText("Efectivo por entregar: $12,00 de $1.194,56")).toBeInTheDocument();
    expect(within(iphone).getByText("Efectivo por entregar: Bs. 0,00 de Bs. 5.000,00")).toBeInTheDocument();
    expect(
      motoCard.getByRole("button", { name: "Registrar venta de Moto Bera SBR 150" }),
    ).toBeInTheDocument();
    expect(within(iphone).getByRole("button", { name: "Registrar venta de iPhone 16" })).toBeInTheDocument();
    expect(await screen.findByText(/Aún no has registrado ventas/)).toBeInTheDocument();
    const links = screen.getAllByRole("link").filter((link) => link.getAttribute("href")?.startsWith("/"));
    // The raffles, and the receipt of a settlement (decision 0034).
    expect(links.map((link) => link.getAttribute("href"))).toEqual([
      paths.raffle("r1"),
      paths.raffle("r2"),
      "/api/seller/settlements/st2/proof",
    ]);
    expect(document.querySelector('meta[name="robots"]')?.getAttribute("content")).toBe("noindex, nofollow");
  });

  it("says each raffle's place among its vendedores, and lists the settlements with their receipts", async () => {
    serveArea(() => jsonResponse(200, AREA));
    renderAt(paths.seller, BUYER);
    const list = await screen.findByRole("list", { name: "Rifas que puedes vender" });
    const [moto, iphone] = within(list).getAllByRole("listitem") as [HTMLElement, HTMLElement];
    expect(within(moto).getByText("Vas 3.º de 12 con 40 boletos.")).toBeInTheDocument();
    expect(
      within(iphone).getByText(
        "Aún no tienes boletos aprobados en esta rifa: con el primero entras en la clasificación.",
      ),
    ).toBeInTheDocument();

    const settlements = within(screen.getByRole("list", { name: "Liquidaciones con el organizador" }));
    const [paid, handed] = settlements.getAllByRole("listitem") as [HTMLElement, HTMLElement];
    expect(paid).toHaveTextContent(
      /Comisión que te pagaron.*Moto Bera SBR 150 · Transferencia bancaria \(ref\. 0102-778899\)/,
    );
    expect(paid).toHaveTextContent(/\$\s?3,00/);
    const receipt = within(paid).getByRole("link", { name: /^Ver comprobante/ });
    expect(receipt).toHaveAttribute("href", "/api/seller/settlements/st2/proof");
    expect(receipt).toHaveAttribute("target", "_blank");
    expect(handed).toHaveTextContent(/Efectivo que entregaste.*Efectivo/);
    expect(within(handed).queryByRole("link")).toBeNull();
  });

  it("a copy kept on the phone before the leaderboard and the settlements existed still opens", async () => {
    const { settlements: _settlements, ...old } = AREA;
    const raffles = old.raffles.map(({ ranking: _ranking, ...raffle }) => raffle);
    serveArea(() => jsonResponse(200, { ...old, raffles }));
    renderAt(paths.seller, BUYER);
    expect(await screen.findByRole("heading", { level: 1, name: "Hola, Carlos Rivas" })).toBeInTheDocument();
    expect(screen.queryByText(/^Vas /)).toBeNull();
    expect(screen.queryByRole("list", { name: "Liquidaciones con el organizador" })).toBeNull();
  });

  it("says so when no raffle is assigned yet", async () => {
    serveArea(() => jsonResponse(200, { ...AREA, raffles: [] }));
    renderAt(paths.seller, BUYER);
    expect(await screen.findByText("Aún no tienes rifas para vender")).toBeInTheDocument();
    expect(screen.queryByRole("list", { name: "Rifas que puedes vender" })).toBeNull();
  });

  it("shows NOT_A_SELLER as the whole page", async () => {
    serveArea(() => apiError(403, "NOT_A_SELLER", ERROR_MESSAGES.NOT_A_SELLER));
    renderAt(paths.seller, BUYER);
    expect(await screen.findByRole("heading", { level: 1, name: "No eres vendedor" })).toBeInTheDocument();
    expect(screen.getByText(ERROR_MESSAGES.NOT_A_SELLER)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Ver rifas" })).toHaveAttribute("href", paths.raffles);
  });

  it("shows SELLER_SUSPENDED as the whole page", async () => {
    serveArea(() => apiError(403, "SELLER_SUSPENDED", ERROR_MESSAGES.SELLER_SUSPENDED));
    renderAt(paths.seller, BUYER);
    expect(
      await screen.findByRole("heading", { level: 1, name: "Cuenta de vendedor suspendida" }),
    ).toBeInTheDocument();
    expect(screen.getByText(ERROR_MESSAGES.SELLER_SUSPENDED)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Contacto" })).toHaveAttribute("href", paths.contact);
  });

  it("sends a visitor to sign in, coming back here afterwards", async () => {
    serveArea(() => apiError(401, "UNAUTHENTICATED", ERROR_MESSAGES.UNAUTHENTICATED));
    renderAt(paths.seller, null);
    const location = await screen.findByTestId("location");
    expect(location).toHaveTextContent(paths.login);
    expect(JSON.parse(location.dataset.state ?? "null")).toMatchObject({ from: { pathname: paths.seller } });
    expect(fetchMock).not.toHaveBeenCalledWith("/api/seller/me", expect.anything());
  });
});

describe("/vendedor/invitacion", () => {
  const invitationPath = `${paths.sellerInvitation}?token=${TOKEN}`;

  it("asks a visitor to sign in or register, and to come back to this link", async () => {
    renderAt(invitationPath, null);
    expect(
      await screen.findByRole("heading", { level: 1, name: "Invitación de vendedor" }),
    ).toBeInTheDocument();
    expect(document.querySelector('meta[name="robots"]')?.getAttribute("content")).toBe("noindex, nofollow");
    expect(screen.queryByRole("button", { name: "Aceptar invitación" })).toBeNull();
    expect(screen.getByRole("link", { name: "Crear cuenta" })).toHaveAttribute("href", paths.register);
    const signIn = screen.getByRole("link", { name: "Iniciar sesión" });
    // The token stays out of the sign-in page's address: the way back travels in history state.
    expect(signIn).toHaveAttribute("href", paths.login);
    await userEvent.setup().click(signIn);
    const location = await screen.findByTestId("location");
    expect(location).toHaveTextContent(/^\/login$/);
    expect(JSON.parse(location.dataset.state ?? "null")).toEqual({
      from: { pathname: paths.sellerInvitation, search: `?token=${TOKEN}`, hash: "" },
    });
  });

  it("counts the page view by its path alone, never with the token", async () => {
    const beacons: string[] = [];
    const sendBeacon = vi.fn((_url: string, data: Blob) => {
      void data.text().then((text) => beacons.push(text));
      return true;
    });
    vi.stubGlobal("navigator", Object.assign(Object.create(navigator), { sendBeacon }));
    saveCookieConsent({ analytics: true, marketing: false });
    const client = testQueryClient();
    client.setQueryData(sessionQueryKey, null);
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[invitationPath]}>
          <Routes>
            <Route path={paths.sellerInvitation} element={<TrackedInvitationPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(beacons).toHaveLength(1));
    expect(JSON.parse(beacons[0] as string)).toEqual({ path: paths.sellerInvitation });
    expect(beacons[0]).not.toContain(TOKEN);
  });

  it("accepts for a signed-in user, sending the token in the body, then opens the vendedor area", async () => {
    let accepted = false;
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === "/api/seller/invitations/accept" && init?.method === "POST") {
        accepted = true;
        return jsonResponse(200, { ok: true, sellerId: "s1" });
      }
      if (url === "/api/seller/me") return accepted ? jsonResponse(200, AREA) : notFoundResponse();
      return notFoundResponse();
    });
    renderAt(invitationPath, BUYER);
    expect(await screen.findByText(BUYER.email)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole("button", { name: "Aceptar invitación" }));

    expect(await screen.findByRole("heading", { level: 1, name: "Hola, Carlos Rivas" })).toBeInTheDocument();
    const accept = fetchMock.mock.calls.find(([url]) => String(url) === "/api/seller/invitations/accept");
    expect(JSON.parse(String(accept?.[1]?.body))).toEqual({ token: TOKEN });
    // No request carries the token in its address.
    for (const [url] of fetchMock.mock.calls) expect(String(url)).not.toContain(TOKEN);
  });

  it.each([
    [404, "SELLER_INVITATION_INVALID", ERROR_MESSAGES.SELLER_INVITATION_INVALID, "Invitación no válida"],
    [
      403,
      "SELLER_INVITATION_OTHER_ACCOUNT",
      "Esta invitación es para carlos@example.com. Inicia sesión con esa cuenta para aceptarla.",
      "Esta invitación es para otra cuenta",
    ],
    [409, "SELLER_ALREADY", ERROR_MESSAGES.SELLER_ALREADY, "Ya eres vendedor"],
  ])("shows %i %s with its message", async (status, code, message, title) => {
    fetchMock.mockImplementation(async (input) =>
      String(input) === "/api/seller/invitations/accept"
        ? apiError(status, code, message)
        : notFoundResponse(),
    );
    renderAt(invitationPath, BUYER);
    await userEvent.setup().click(await screen.findByRole("button", { name: "Aceptar invitación" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(title);
    expect(alert).toHaveTextContent(message);
    expect(screen.queryByTestId("location")).toBeNull();
    if (code === "SELLER_ALREADY")
      expect(within(alert).getByRole("link", { name: "Ir a mi área de vendedor" })).toHaveAttribute(
        "href",
        paths.seller,
      );
  });

  it("says the link is invalid when it has no token", async () => {
    renderAt(paths.sellerInvitation, BUYER);
    expect(await screen.findByRole("alert")).toHaveTextContent(ERROR_MESSAGES.SELLER_INVITATION_INVALID);
    expect(screen.queryByRole("button", { name: "Aceptar invitación" })).toBeNull();
    await waitFor(() => expect(fetchMock).not.toHaveBeenCalled());
  });
});

describe("el menú de la cuenta", () => {
  it("un vendedor ve «Área de vendedor»; un comprador no", async () => {
    fetchMock.mockImplementation(async () => notFoundResponse());
    const menu = (user: SessionUser) => {
      const client = testQueryClient();
      client.setQueryData(sessionQueryKey, user);
      return render(
        <QueryClientProvider client={client}>
          <MemoryRouter>
            <UserMenu user={user} />
          </MemoryRouter>
        </QueryClientProvider>,
      );
    };
    const seller = menu({ ...BUYER, isSeller: true });
    await userEvent.click(await screen.findByRole("button", { name: /Abrir menú de usuario/ }));
    expect(await screen.findByRole("menuitem", { name: "Área de vendedor" })).toHaveAttribute(
      "href",
      paths.seller,
    );
    seller.unmount();
    menu(BUYER);
    await userEvent.click(await screen.findByRole("button", { name: /Abrir menú de usuario/ }));
    await screen.findByRole("menuitem", { name: "Mi Perfil" });
    expect(screen.queryByRole("menuitem", { name: "Área de vendedor" })).toBeNull();
  });
});
