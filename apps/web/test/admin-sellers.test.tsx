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
          proofUrl: null,
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
          proofUrl: null,
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

describe("Vendedores: the transfer's receipt (decision 0034)", () => {
  const raffles = [makeAdminRaffle({ id: "r3", title: "Rifa cerrada", status: "finished" })];
  const owing = { ...assignment("r3", false), raffleTitle: "Rifa cerrada", commissionOwed: 2 };
  const settled = {
    id: "p7",
    raffleId: "r3",
    raffleTitle: "Rifa cerrada",
    kind: "commission" as const,
    amount: 2,
    currency: "USD" as const,
    method: "transferencia" as const,
    reference: "0102-555",
    note: null,
    proofUrl: "/api/admin/sellers/settlements/p7/proof",
    createdAt: "2026-12-05T15:00:00.000Z",
  };

  function renderOwing(onSettle: (init: RequestInit | undefined) => Response) {
    serve((url, init) => {
      if (url === "/api/admin/raffles") return jsonResponse(200, { items: raffles });
      if (url === "/api/admin/sellers/s1/raffles/r3/settlements" && init?.method === "POST")
        return onSettle(init);
      if (url === "/api/admin/sellers/s1")
        return jsonResponse(200, makeSeller({ status: "active", raffles: [owing] }));
      return undefined;
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
  }

  async function openPayment(user: ReturnType<typeof userEvent.setup>) {
    const list = within(await screen.findByRole("list", { name: "Comisiones por rifa" }));
    await user.click(list.getByRole("button", { name: "Registrar pago de Rifa cerrada" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Registrar pago de comisión" }));
    // Cash leaves no receipt: the field appears with a method that does.
    expect(dialog.queryByLabelText(/^Comprobante/)).toBeNull();
    await user.selectOptions(dialog.getByLabelText("Cómo se pagó"), "transferencia");
    await user.type(dialog.getByLabelText("Monto pagado (US$)"), "2");
    await user.type(dialog.getByLabelText("Referencia (no hace falta en efectivo)"), "0102-555");
    return dialog;
  }

  it("sends the payment with its receipt as a form, and lists it with «Ver comprobante»", async () => {
    const sent: FormData[] = [];
    renderOwing((init) => {
      sent.push(init?.body as FormData);
      return jsonResponse(
        201,
        makeSeller({ status: "active", raffles: [{ ...owing, commissionOwed: 0 }], settlements: [settled] }),
      );
    });
    const user = userEvent.setup();
    const dialog = await openPayment(user);
    const receipt = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "transferencia.png", {
      type: "image/png",
    });
    await user.upload(dialog.getByLabelText(/^Comprobante/), receipt);
    const axeResult = await axe.run(screen.getByRole("dialog"));
    expect(axeResult.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    await user.click(dialog.getByRole("button", { name: "Registrar pago" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    expect(sent).toHaveLength(1);
    const form = sent[0] as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(Object.fromEntries([...form.entries()].filter(([name]) => name !== "file"))).toEqual({
      kind: "commission",
      amount: "2,00",
      method: "transferencia",
      reference: "0102-555",
      note: "",
    });
    expect((form.get("file") as File).name).toBe("transferencia.png");
    const history = within(screen.getByRole("list", { name: "Liquidaciones registradas" }));
    const link = history.getByRole("link", { name: "Ver comprobante" });
    expect(link).toHaveAttribute("href", "/api/admin/sellers/settlements/p7/proof");
    expect(link).toHaveAttribute("target", "_blank");
  });

  it("refuses a file that is not an image or a PDF before sending, and shows the server's refusal beside it", async () => {
    let calls = 0;
    renderOwing(() => {
      calls += 1;
      return jsonResponse(400, {
        error: {
          code: "UNSUPPORTED_FILE_TYPE",
          message: SELLER_MESSAGES.proofType,
          fields: { file: SELLER_MESSAGES.proofType },
        },
      });
    });
    const user = userEvent.setup({ applyAccept: false });
    const dialog = await openPayment(user);
    const field = dialog.getByLabelText(/^Comprobante/);
    await user.upload(field, new File(["hola"], "nota.txt", { type: "text/plain" }));
    await user.click(dialog.getByRole("button", { name: "Registrar pago" }));
    expect(await dialog.findByText(SELLER_MESSAGES.proofType)).toBeInTheDocument();
    expect(calls).toBe(0);

    // A PNG by its name whose bytes the server refuses: its message goes beside the field.
    await user.upload(field, new File(["<html>"], "falso.png", { type: "image/png" }));
    expect(dialog.queryByText(SELLER_MESSAGES.proofType)).toBeNull();
    await user.click(dialog.getByRole("button", { name: "Registrar pago" }));
    expect(await dialog.findByText(SELLER_MESSAGES.proofType)).toBeInTheDocument();
    expect(calls).toBe(1);
    expect(screen.getByRole("dialog", { name: "Registrar pago de comisión" })).toBeInTheDocument();
  });
});

describe("Vendedores: «Clasificación»", () => {
  const raffles = [
    makeAdminRaffle({ id: "r9", title: "Rifa terminada", status: "finished" }),
    makeAdminRaffle({ id: "r1", title: "Moto Bera", status: "active", currency: "USD" }),
  ];
  const board = {
    raffleId: "r1",
    currency: "USD",
    public: false,
    items: [
      {
        position: 1,
        sellerId: "s2",
        name: "Luisa Mora",
        code: "LM4Q9",
        status: "active",
        tickets: 40,
        collected: 200,
      },
      {
        position: 2,
        sellerId: "s1",
        name: "Carlos Rivas",
        code: "CR7K2",
        status: "suspended",
        tickets: 12,
        collected: 60,
      },
    ],
  };

  it("ranks the active raffle's vendedores, and the switch shows it on the raffle's page", async () => {
    const switched: unknown[] = [];
    serve((url, init) => {
      if (url === "/api/admin/sellers") return jsonResponse(200, { items: [] });
      if (url === "/api/admin/raffles") return jsonResponse(200, { items: raffles });
      if (url === "/api/admin/sellers/raffles/r1/leaderboard" && init?.method === "PUT") {
        switched.push(bodyOf(init));
        return jsonResponse(200, { ...board, public: true });
      }
      if (url === "/api/admin/sellers/raffles/r1/leaderboard") return jsonResponse(200, board);
      return undefined;
    });
    renderWithProviders(<SellersTab />);
    expect(await screen.findByRole("heading", { name: "Clasificación" })).toBeInTheDocument();
    const table = await screen.findByRole("table", { name: "Clasificación: 52 boletos de 2 vendedores" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((cell) => cell.textContent),
    ).toEqual(["Puesto", "Vendedor", "Boletos", "Cobrado"]);
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^1\.ºLuisa Mora40\$\s?200,00$/),
      expect.stringMatching(/^2\.ºCarlos Rivas \(suspendido\)12\$\s?60,00$/),
    ]);

    const toggle = screen.getByRole("switch", { name: "Mostrar la clasificación en la página de la rifa" });
    expect(toggle).toHaveAttribute("aria-checked", "false");
    await userEvent.setup().click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute("aria-checked", "true"));
    expect(switched).toEqual([{ public: true }]);
    // The tab alone, outside the panel's layout and its landmarks.
    const axeResult = await axe.run(document.body, { rules: { region: { enabled: false } } });
    expect(axeResult.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });

  it("says so when no vendedor has tickets approved yet", async () => {
    serve((url) => {
      if (url === "/api/admin/sellers") return jsonResponse(200, { items: [] });
      if (url === "/api/admin/raffles") return jsonResponse(200, { items: raffles });
      if (url === "/api/admin/sellers/raffles/r1/leaderboard")
        return jsonResponse(200, { ...board, items: [] });
      return undefined;
    });
    renderWithProviders(<SellersTab />);
    expect(
      await screen.findByText("Aún no hay boletos aprobados de vendedores en esta rifa."),
    ).toBeInTheDocument();
    expect(
      screen.getByRole("switch", { name: "Mostrar la clasificación en la página de la rifa" }),
    ).toBeInTheDocument();
  });
});
