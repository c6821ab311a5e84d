// @vitest-environment happy-dom
import {
  type AdminSeller,
  SELLER_MESSAGES,
  SELLER_STATUS_LABELS,
  type SellerInvitation,
} from "@rifazo/shared/schemas/sellers";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { MemoryRouter, Route, Routes } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { AdminDashboard, AdminSellerDetail } from "../src/features/admin";
import { SellersTab } from "../src/features/admin/sellers/sellers-tab";
import { paths, routePatterns } from "../src/lib/paths";
import { jsonResponse, notFoundResponse } from "./fixtures/http";
import { makeAdminRaffle } from "./fixtures/raffle";
import { CurrentLocation, renderWithProviders, stubFetch, testQueryClient } from "./render";

// The organiser's Vendedores screen (docs/decisions/0034-vendedores.md): the list, the invitation with its
// link shown once, and per vendedor the raffles they may sell with their commission and cash limit.

vi.mock("../src/components/ui/toast", () => ({ toast: vi.fn() }));

const fetchMock = stubFetch();
const URL_OF_LINK = "http://localhost:3000/vendedor/invitacion?token=abc123secret";

function makeSeller(overrides: Partial<AdminSeller> = {}): AdminSeller {
  return {
    id: "s1",
    name: "Carlos Rivas",
    email: null,
    phone: "+584141234567",
    code: "CR7K2",
    status: "invited",
    account: null,
    invitedAt: "2026-11-01T12:00:00.000Z",
    invitationExpiresAt: "2026-11-15T12:00:00.000Z",
    acceptedAt: null,
    suspendedAt: null,
    raffles: [],
    settlements: [],
    ...overrides,
  };
}

const assignment = (raffleId: string, allowed: boolean) => ({
  raffleId,
  raffleTitle: "Moto",
  raffleStatus: "active",
  currency: "USD" as const,
  ticketPrice: 5,
  allowed,
  commissionKind: "percent" as const,
  commissionValue: 10,
  creditLimit: 100,
  commissionOwed: 0,
  commissionPaid: 0,
  cashHeld: 0,
  updatedAt: "2026-11-02T12:00:00.000Z",
});

type Handler = (url: string, init: RequestInit | undefined) => Response | undefined;

function serve(handler: Handler) {
  fetchMock.mockImplementation(async (input, init) => handler(String(input), init) ?? notFoundResponse());
}

const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body));
const callsTo = (method: string, url: string) =>
  fetchMock.mock.calls.filter(([u, init]) => String(u) === url && (init?.method ?? "GET") === method);

describe("Vendedores: the list", () => {
  it("shows each vendedor's name, contact, code, status and raffles allowed", async () => {
    const sellers = [
      makeSeller({ raffles: [assignment("r1", true), assignment("r2", false)], status: "active" }),
      makeSeller({ id: "s2", name: "Luisa Mora", email: "luisa@example.com", phone: null, code: "LM4Q9" }),
    ];
    serve((url) => (url === "/api/admin/sellers" ? jsonResponse(200, { items: sellers }) : undefined));
    renderWithProviders(<SellersTab />);
    const table = await screen.findByRole("table", { name: "Vendedores" });
    // The report per vendedor and raffle (terms, link tickets, commissions) in CSV and Excel.
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Exportar" }));
    const items = await screen.findAllByRole("menuitem");
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^CSV/),
      expect.stringMatching(/^CSV para Excel/),
      expect.stringMatching(/^Excel \(\.xlsx\)/),
    ]);
    expect(items[0]?.closest("[role=menu]")).toHaveAttribute(
      "aria-label",
      "Exportar vendedores y comisiones",
    );
    await user.keyboard("{Escape}");
    const rows = within(table).getAllByRole("row").slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole("cell")
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ["Carlos Rivas", "0414-1234567", "CR7K2", SELLER_STATUS_LABELS.active, "1"],
      ["Luisa Mora", "luisa@example.com", "LM4Q9", SELLER_STATUS_LABELS.invited, "0"],
    ]);
    expect(within(table).getByRole("link", { name: "Luisa Mora" })).toHaveAttribute(
      "href",
      paths.adminSeller("s2"),
    );
  });
});

describe("Vendedores: in the panel's navigation", () => {
  it("is the tab at /admin/vendedores, and the other tabs keep their ?tab= address", async () => {
    serve((url) => (url === "/api/admin/sellers" ? jsonResponse(200, { items: [] }) : undefined));
    vi.stubGlobal("EventSource", undefined);
    render(
      <QueryClientProvider client={testQueryClient()}>
        <MemoryRouter initialEntries={[paths.adminSellers]}>
          <Routes>
            <Route
              path="/admin/*"
              element={
                <>
                  <AdminDashboard />
                  <CurrentLocation />
                </>
              }
            />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByRole("tab", { name: "Vendedores" })).toHaveAttribute("aria-selected", "true");
    expect(await screen.findByText("Aún no has invitado a ningún vendedor.")).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole("tab", { name: "Auditoría" }));
    expect(screen.getByTestId("location")).toHaveTextContent("/admin?tab=audit");
  });
});

describe("Vendedores: Invitar vendedor", () => {
  async function openInvite() {
    serve((url) => (url === "/api/admin/sellers" ? jsonResponse(200, { items: [] }) : undefined));
    const user = userEvent.setup();
    renderWithProviders(<SellersTab />);
    await screen.findByText("Aún no has invitado a ningún vendedor.");
    await user.click(screen.getByRole("button", { name: "Invitar vendedor" }));
    const dialog = await screen.findByRole("dialog", { name: "Invitar vendedor" });
    return { user, dialog: within(dialog) };
  }

  it("explains each field with the schema's Spanish messages and sends nothing", async () => {
    const { user, dialog } = await openInvite();
    await user.click(dialog.getByRole("button", { name: "Invitar" }));
    expect(await dialog.findByText(SELLER_MESSAGES.name)).toBeInTheDocument();
    expect(dialog.getByText(SELLER_MESSAGES.contact)).toBeInTheDocument();
    expect(dialog.getByLabelText("Nombre")).toHaveAttribute("aria-invalid", "true");

    await user.type(dialog.getByLabelText("Nombre"), "Carlos Rivas");
    await user.type(dialog.getByLabelText(/^Correo/), "carlos@");
    await user.type(dialog.getByLabelText(/^Celular/), "0212-1234567");
    await user.click(dialog.getByRole("button", { name: "Invitar" }));
    expect(await dialog.findByText(SELLER_MESSAGES.email)).toBeInTheDocument();
    expect(dialog.getByText(SELLER_MESSAGES.phone)).toBeInTheDocument();
    expect(dialog.queryByText(SELLER_MESSAGES.name)).toBeNull();
    expect(callsTo("POST", "/api/admin/sellers")).toHaveLength(0);
  });

  it("shows the link once, with a copy button and WhatsApp for an invitation by celular", async () => {
    const { user, dialog } = await openInvite();
    const made: SellerInvitation = { seller: makeSeller(), invitationUrl: URL_OF_LINK, emailed: false };
    serve((url, init) => {
      if (url === "/api/admin/sellers" && init?.method === "POST") return jsonResponse(201, made);
      if (url === "/api/admin/sellers") return jsonResponse(200, { items: [made.seller] });
      return undefined;
    });
    await user.type(dialog.getByLabelText("Nombre"), "  Carlos Rivas ");
    await user.type(dialog.getByLabelText(/^Celular/), "0414 123 45 67");
    await user.click(dialog.getByRole("button", { name: "Invitar" }));

    const panel = within(await screen.findByRole("dialog", { name: "Invitación lista" }));
    expect(bodyOf(callsTo("POST", "/api/admin/sellers")[0]?.[1])).toEqual({
      name: "Carlos Rivas",
      email: null,
      phone: "+584141234567",
    });
    expect(panel.getByTestId("invitation-url")).toHaveTextContent(URL_OF_LINK);
    expect(panel.getByText("Este enlace se muestra una sola vez")).toBeInTheDocument();
    expect(panel.getByRole("button", { name: "Copiar enlace de invitación" })).toBeInTheDocument();
    const whatsapp = panel.getByRole("link", { name: "Enviar por WhatsApp a Carlos Rivas" });
    const href = new URL(whatsapp.getAttribute("href") as string);
    expect(`${href.origin}${href.pathname}`).toBe("https://wa.me/584141234567");
    expect(href.searchParams.get("text")).toContain(URL_OF_LINK);
    expect(href.searchParams.get("text")).toMatch(/^Hola Carlos,/);
    expect(panel.getByText("No se envió ningún correo: compártelo tú con el vendedor.")).toBeInTheDocument();
    // Once closed, the list shows the new vendedor and the link is gone: opening the dialog again shows
    // an empty form.
    await user.click(panel.getByRole("button", { name: "Listo" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const table = await screen.findByRole("table", { name: "Vendedores" });
    expect(within(table).getByRole("link", { name: "Carlos Rivas" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Invitar vendedor" }));
    const again = within(await screen.findByRole("dialog", { name: "Invitar vendedor" }));
    expect(again.getByLabelText("Nombre")).toHaveValue("");
    expect(screen.queryByText(URL_OF_LINK)).toBeNull();
  });

  it("says when the link also went by email, with no WhatsApp button without a celular", async () => {
    const { user, dialog } = await openInvite();
    const seller = makeSeller({ email: "carlos@example.com", phone: null });
    serve((url, init) =>
      url === "/api/admin/sellers" && init?.method === "POST"
        ? jsonResponse(201, { seller, invitationUrl: URL_OF_LINK, emailed: true })
        : jsonResponse(200, { items: [seller] }),
    );
    await user.type(dialog.getByLabelText("Nombre"), "Carlos Rivas");
    await user.type(dialog.getByLabelText(/^Correo/), "Carlos@Example.com");
    await user.click(dialog.getByRole("button", { name: "Invitar" }));
    const panel = within(await screen.findByRole("dialog", { name: "Invitación lista" }));
    expect(panel.getByText("También lo enviamos por correo a carlos@example.com.")).toBeInTheDocument();
    expect(panel.queryByRole("link", { name: /WhatsApp/ })).toBeNull();
    expect(bodyOf(callsTo("POST", "/api/admin/sellers")[0]?.[1])).toMatchObject({
      email: "carlos@example.com",
      phone: null,
    });
  });

  it("shows a contact already taken beside its field", async () => {
    const { user, dialog } = await openInvite();
    serve((url, init) =>
      url === "/api/admin/sellers" && init?.method === "POST"
        ? jsonResponse(409, { error: { code: "SELLER_CONTACT_TAKEN", message: SELLER_MESSAGES.phoneTaken } })
        : jsonResponse(200, { items: [] }),
    );
    await user.type(dialog.getByLabelText("Nombre"), "Carlos Rivas");
    await user.type(dialog.getByLabelText(/^Celular/), "04141234567");
    await user.click(dialog.getByRole("button", { name: "Invitar" }));
    expect(await dialog.findByText(SELLER_MESSAGES.phoneTaken)).toBeInTheDocument();
    expect(dialog.getByLabelText(/^Celular/)).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByRole("dialog", { name: "Invitar vendedor" })).toBeInTheDocument();
  });
});

describe("Vendedores: one vendedor", () => {
  const raffles = [
    makeAdminRaffle({ id: "r1", title: "Moto Bera", status: "active", currency: "USD", price: 5 }),
    makeAdminRaffle({ id: "r2", title: "iPhone 16", status: "upcoming", currency: "VES", price: 200 }),
    makeAdminRaffle({ id: "r3", title: "Rifa cerrada", status: "finished" }),
  ];

  function renderDetail(seller: AdminSeller, extra: Handler = () => undefined) {
    serve((url, init) => {
      if (url === "/api/admin/raffles") return jsonResponse(200, { items: raffles });
      if (url === "/api/admin/sellers/s1" && !init?.method?.match(/POST|PUT/))
        return jsonResponse(200, seller);
      return extra(url, init);
    });
    render(
      <QueryClientProvider client={testQueryClient()}>
        <MemoryRouter initialEntries={[paths.adminSeller("s1")]}>
          <Routes>
            <Route path={routePatterns.adminSeller} element={<AdminSellerDetail />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    return userEvent.setup();
  }

  it("sets a raffle's commission and cash limit, sending the amounts as typed in es-VE", async () => {
    const seller = makeSeller({ status: "active" });
    let saved: unknown;
    const user = renderDetail(seller, (url, init) => {
      if (url === "/api/admin/sellers/s1/raffles/r2" && init?.method === "PUT") {
        saved = bodyOf(init);
        return jsonResponse(200, {
          ...seller,
          raffles: [
            {
              ...assignment("r2", true),
              currency: "VES",
              commissionKind: "fixed",
              commissionValue: 1.5,
              creditLimit: 1194.56,
            },
          ],
        });
      }
      return undefined;
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Carlos Rivas" })).toBeInTheDocument();
    // Only upcoming and active raffles can be allowed.
    expect(await screen.findByRole("form", { name: "Moto Bera" })).toBeInTheDocument();
    expect(screen.queryByRole("form", { name: "Rifa cerrada" })).toBeNull();

    const form = within(screen.getByRole("form", { name: "iPhone 16" }));
    await user.click(form.getByRole("switch", { name: "Puede vender esta rifa" }));
    await user.click(form.getByRole("radio", { name: "Monto por boleto" }));
    await user.type(form.getByLabelText("Comisión por boleto (Bs.)"), "1,5");
    await user.type(form.getByLabelText("Límite de efectivo (Bs.)"), "1194,56");
    await user.tab();
    expect(form.getByLabelText("Comisión por boleto (Bs.)")).toHaveValue("1,50");
    expect(form.getByLabelText("Límite de efectivo (Bs.)")).toHaveValue("1.194,56");
    await user.click(form.getByRole("button", { name: "Guardar" }));

    await waitFor(() => expect(saved).toBeDefined());
    expect(saved).toEqual({
      allowed: true,
      commissionKind: "fixed",
      commissionValue: "1,50",
      creditLimit: "1.194,56",
    });
    // The saved terms, with the shared formatter and the raffle's currency.
    expect(await form.findByText(/Ahora: Bs\. 1,50 por boleto, límite Bs\. 1\.194,56/)).toBeInTheDocument();
  });

  it("refuses what the schema refuses, with its Spanish messages, before asking the API", async () => {
    const user = renderDetail(makeSeller({ status: "active" }));
    const form = within(await screen.findByRole("form", { name: "Moto Bera" }));
    await user.click(form.getByRole("switch", { name: "Puede vender esta rifa" }));
    await user.type(form.getByLabelText("Comisión (%)"), "150");
    await user.type(form.getByLabelText("Límite de efectivo (US$)"), "abc");
    await user.click(form.getByRole("button", { name: "Guardar" }));
    expect(await form.findByText(/^Límite de efectivo: /)).toBeInTheDocument();

    await user.clear(form.getByLabelText("Límite de efectivo (US$)"));
    await user.type(form.getByLabelText("Límite de efectivo (US$)"), "100");
    await user.click(form.getByRole("button", { name: "Guardar" }));
    expect(await form.findByText(SELLER_MESSAGES.percent)).toBeInTheDocument();
    expect(form.queryByText(/^Límite de efectivo: /)).toBeNull();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "PUT")).toBe(false);
  });

  it("suspends an active vendedor after confirming", async () => {
    const seller = makeSeller({ status: "active" });
    const user = renderDetail(seller, (url, init) =>
      url === "/api/admin/sellers/s1/suspend" && init?.method === "POST"
        ? jsonResponse(200, { ...seller, status: "suspended", suspendedAt: "2026-11-03T12:00:00.000Z" })
        : undefined,
    );
    await user.click(await screen.findByRole("button", { name: "Suspender" }));
    const confirm = within(await screen.findByRole("alertdialog", { name: "¿Suspender a este vendedor?" }));
    expect(callsTo("POST", "/api/admin/sellers/s1/suspend")).toHaveLength(0);
    await user.click(confirm.getByRole("button", { name: "Suspender vendedor" }));
    expect(await screen.findByRole("button", { name: "Reactivar" })).toBeInTheDocument();
    expect(screen.getByText(SELLER_STATUS_LABELS.suspended)).toBeInTheDocument();
    expect(callsTo("POST", "/api/admin/sellers/s1/suspend")).toHaveLength(1);
  });

  it("makes a new link while the vendedor is invited, shown once", async () => {
    const seller = makeSeller();
    const user = renderDetail(seller, (url, init) =>
      url === "/api/admin/sellers/s1/invitation" && init?.method === "POST"
        ? jsonResponse(200, { seller, invitationUrl: `${URL_OF_LINK}2`, emailed: false })
        : undefined,
    );
    expect(await screen.findByRole("heading", { level: 1, name: "Carlos Rivas" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Suspender" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Nuevo enlace" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Nuevo enlace de invitación" }));
    expect(dialog.getByTestId("invitation-url")).toHaveTextContent(`${URL_OF_LINK}2`);
    expect(dialog.getByRole("link", { name: "Enviar por WhatsApp a Carlos Rivas" })).toBeInTheDocument();
  });

  it("records a commission payment up to what is owed, and lists it", async () => {
    const owing = assignment("r3", false);
    const seller = makeSeller({
      status: "active",
      raffles: [{ ...owing, raffleTitle: "Rifa cerrada", raffleStatus: "finished", commissionOwed: 2 }],
    });
    const bodies: unknown[] = [];
    const paid = makeSeller({
      status: "active",
      raffles: [{ ...owing, raffleTitle: "Rifa cerrada", commissionOwed: 0.5, commissionPaid: 1.5 }],
      settlements: [
        {
          id: "p1",
          raffleId: "r3",
          raffleTitle: "Rifa cerrada",
          kind: "commission",
          amount: 1.5,
          currency: "USD",
          method: "pago_movil",
          reference: "0102-99887766",
          note: null,
          createdAt: "2026-11-30T15:00:00.000Z",
        },
      ],
    });
    const user = renderDetail(seller, (url, init) => {
      if (url !== "/api/admin/sellers/s1/raffles/r3/settlements" || init?.method !== "POST") return undefined;
      const body = bodyOf(init);
      bodies.push(body);
      return body.amount === "9,00"
        ? jsonResponse(409, {
            error: {
              code: "CONFLICT",
              message: "El pago supera la comisión por pagar de esta rifa ($2,00).",
            },
          })
        : jsonResponse(201, paid);
    });
    // An ended raffle still shows what is owed on it: commissions are paid after the sales.
    const list = within(await screen.findByRole("list", { name: "Comisiones por rifa" }));
    expect(list.getByText("Rifa cerrada")).toBeInTheDocument();
    await user.click(list.getByRole("button", { name: "Registrar pago de Rifa cerrada" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Registrar pago de comisión" }));

    await user.click(dialog.getByRole("button", { name: "Registrar pago" }));
    expect(await dialog.findByText("Monto: Escribe un monto.")).toBeInTheDocument();
    await user.selectOptions(dialog.getByLabelText("Cómo se pagó"), "pago_movil");
    await user.type(dialog.getByLabelText("Monto pagado (US$)"), "0");
    await user.click(dialog.getByRole("button", { name: "Registrar pago" }));
    expect(await dialog.findByText("El monto pagado debe ser mayor que cero.")).toBeInTheDocument();
    expect(
      dialog.getByText("Escribe la referencia del pago (solo el efectivo no la lleva)."),
    ).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await user.clear(dialog.getByLabelText("Monto pagado (US$)"));
    await user.type(dialog.getByLabelText("Monto pagado (US$)"), "9");
    await user.type(dialog.getByLabelText("Referencia (no hace falta en efectivo)"), "0102-99887766");
    await user.click(dialog.getByRole("button", { name: "Registrar pago" }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(await dialog.findByRole("alert")).toHaveTextContent(
      "El pago supera la comisión por pagar de esta rifa ($2,00).",
    );
    await user.clear(dialog.getByLabelText("Monto pagado (US$)"));
    await user.type(dialog.getByLabelText("Monto pagado (US$)"), "1,50");
    await user.click(dialog.getByRole("button", { name: "Registrar pago" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(bodies.at(-1)).toEqual({
      kind: "commission",
      amount: "1,50",
      method: "pago_movil",
      reference: "0102-99887766",
      note: "",
    });
    const history = within(screen.getByRole("list", { name: "Liquidaciones registradas" }));
    expect(history.getByRole("listitem")).toHaveTextContent(
      /Pago de comisión · Rifa cerrada · Pago Móvil \(ref\. 0102-99887766\)/,
    );
    expect(screen.getByText(/Pagado \$\s?1,50/)).toBeInTheDocument();
  });

  it("shows the cash each raffle holds and records the cash handed over as a settlement of kind cash", async () => {
    const holding = { ...assignment("r1", true), raffleTitle: "Moto Bera", creditLimit: 50, cashHeld: 12 };
    const seller = makeSeller({ status: "active", raffles: [holding] });
    const bodies: unknown[] = [];
    const received = makeSeller({
      status: "active",
      raffles: [{ ...holding, cashHeld: 2 }],
      settlements: [
        {
          id: "c1",
          raffleId: "r1",
          raffleTitle: "Moto Bera",
          kind: "cash",
          amount: 10,
          currency: "USD",
          method: "efectivo",
          reference: null,
          note: null,
          createdAt: "2026-12-02T15:00:00.000Z",
        },
      ],
    });
    const user = renderDetail(seller, (url, init) => {
      if (url !== "/api/admin/sellers/s1/raffles/r1/settlements" || init?.method !== "POST") return undefined;
      bodies.push(bodyOf(init));
      return jsonResponse(201, received);
    });
    const cash = within(await screen.findByRole("list", { name: "Efectivo por rifa" }));
    expect(cash.getByText(/^Efectivo por entregar:/)).toHaveTextContent(
      "Efectivo por entregar: $12,00 de $50,00",
    );
    // The raffle's form says it too.
    expect(await screen.findByText(/Efectivo por entregar: \$12,00$/)).toBeInTheDocument();
    // No commission owed: only the cash can be settled.
    expect(screen.queryByRole("button", { name: /^Registrar pago/ })).toBeNull();

    await user.click(cash.getByRole("button", { name: "Registrar entrega de efectivo de Moto Bera" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Registrar entrega de efectivo" }));
    expect(dialog.getByText(/Efectivo por entregar: \$12,00\./)).toBeInTheDocument();
    const axeResult = await axe.run(screen.getByRole("dialog"));
    expect(axeResult.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    await user.type(dialog.getByLabelText("Monto recibido (US$)"), "10");
    await user.click(dialog.getByRole("button", { name: "Registrar entrega" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(bodies).toEqual([{ kind: "cash", amount: "10,00", method: "efectivo", reference: "", note: "" }]);
    expect(
      within(screen.getByRole("list", { name: "Efectivo por rifa" })).getByText(/^Efectivo por entregar:/),
    ).toHaveTextContent("Efectivo por entregar: $2,00 de $50,00");
    const history = within(screen.getByRole("list", { name: "Liquidaciones registradas" }));
    expect(history.getByRole("listitem")).toHaveTextContent(/Entrega de efectivo · Moto Bera · Efectivo/);
    expect(history.getByRole("listitem")).toHaveTextContent("$10,00");
  });
});
