// @vitest-environment happy-dom
import type { AdminProof } from "@rifazo/shared/schemas/admin";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { beforeEach, describe, expect, it, vi } from "vitest";
import UserMenu from "../src/app/layout/user-menu";
import { toast } from "../src/components/ui/toast";
import { AdminDashboard } from "../src/features/admin";
import { PaymentsTab } from "../src/features/admin/payments/payments-tab";
import { useNotificationStream } from "../src/features/notifications/hooks/use-notification-stream";
import { publishLiveEvent } from "../src/lib/live-events";
import { FakeEventSource } from "./fixtures/event-source";
import { makeBuyer } from "./fixtures/user";
import { renderWithProviders, stubFetch } from "./render";
import { allowConsole } from "./setup";

// The approvals inbox (the "Comprobantes" tab): approving asks first, rejecting picks a template,
// the keyboard moves through the list, the pending count shows on the tab and follows live events,
// and each proof shows its flags and the comparison of typed, expected and read.

vi.mock("../src/components/ui/toast", () => ({ toast: vi.fn() }));

function proof(id: string, extra: Partial<AdminProof> = {}): AdminProof {
  return {
    id,
    userId: `user-${id}`,
    buyerName: `Comprador ${id}`,
    buyerEmail: `${id}@example.com`,
    buyerPhone: "0414-1234567",
    seller: null,
    raffleId: "r1",
    raffleTitle: "Moto Bera",
    amount: 1194.6,
    currency: "VES",
    exchangeRate: 79.64,
    paymentMethod: "pago_movil",
    transactionRef: `REF${id}`,
    status: "pending",
    userNotes: null,
    adminNotes: null,
    quantityOfTickets: 2,
    heldNumbers: [],
    tickets: [],
    duplicateReference: false,
    duplicateOf: null,
    file: { url: `/api/proofs/${id}/file`, filename: "pago.png", contentType: "image/png", size: 1000 },
    reviewedBy: null,
    reviewedAt: null,
    reviewBefore: null,
    createdAt: "2026-11-20T12:00:00.000Z",
    updatedAt: "2026-11-20T12:00:00.000Z",
    expected: { amount: 1194.6, currency: "VES", exchangeRate: 79.64 },
    analysis: { status: "pending", ocr: null, mismatches: [], nearDuplicateOf: null },
    flags: [],
    ...extra,
  } as AdminProof;
}

const fetchMock = stubFetch();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

let items: AdminProof[] = [];
let pending = 3;
const calls: { url: string; method: string; body: unknown }[] = [];

beforeEach(() => {
  // happy-dom does not know the <search> landmark the search field renders.
  allowConsole("error", "The tag <search> is unrecognized");
  vi.mocked(toast).mockClear();
  vi.stubGlobal("EventSource", undefined);
  calls.length = 0;
  pending = 3;
  items = [
    proof("a1"),
    proof("b2", {
      amount: 1000,
      flags: ["duplicate_reference", "amount_mismatch", "ocr_mismatch"],
      duplicateReference: true,
      duplicateOf: "a1",
      analysis: {
        status: "done",
        ocr: {
          fields: {
            reference: "99887766",
            amount: 1000,
            currency: "VES",
            date: "2026-11-19",
            bank: "Banesco",
          },
          confidence: 88,
          text: "",
          engine: "tesseract",
          ms: 800,
        },
        mismatches: ["reference"],
        nearDuplicateOf: null,
      },
    }),
    proof("c3", {
      buyerPhone: null,
      flags: ["near_duplicate"],
      analysis: { status: "done", ocr: null, mismatches: [], nearDuplicateOf: "a1" },
    }),
  ];
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? "GET";
    calls.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (url === "/api/admin/raffles") return json(200, { items: [] });
    if (url === "/api/admin/proofs/pending-count") return json(200, { pending });
    if (url.startsWith("/api/admin/proofs?")) {
      return json(200, { items, total: items.length, page: 1, pageSize: 20 });
    }
    if (url === "/api/admin/settings/reject-templates" && method === "GET") {
      return json(200, {
        templates: [
          { title: "Monto incorrecto", text: "El monto no coincide con el total de tu compra." },
          { title: "Comprobante ilegible", text: "No se puede leer el comprobante." },
        ],
      });
    }
    const approve = /^\/api\/admin\/proofs\/(\w+)\/approve$/.exec(url);
    if (approve && method === "POST") {
      return json(200, {
        proofId: approve[1],
        status: "approved",
        tickets: ["0007", "0042"],
        alreadyApproved: false,
        pointsAwarded: 0,
      });
    }
    const reject = /^\/api\/admin\/proofs\/(\w+)\/reject$/.exec(url);
    if (reject && method === "POST") return json(200, { proofId: reject[1], status: "rejected" });
    return json(404, { error: { code: "NOT_FOUND", message: "No encontrado." } });
  });
});

const rows = () => Array.from(screen.getByRole("list", { name: "Comprobantes" }).children) as HTMLElement[];
const selectedRow = () => document.querySelector("li[aria-current='true']") as HTMLElement | null;

async function renderInbox() {
  const result = renderWithProviders(<PaymentsTab />, { path: "/admin?tab=payments" });
  await waitFor(() => expect(screen.getAllByRole("heading", { level: 3 })).toHaveLength(3));
  return result;
}

describe("bandeja de comprobantes", () => {
  it("pide los pendientes, los más antiguos primero (orden del servidor)", async () => {
    await renderInbox();
    const list = calls.find((c) => c.url.startsWith("/api/admin/proofs?"));
    expect(list?.url).toContain("status=pending");
    expect(list?.url).not.toContain("sort=");
  });

  it("un pendiente de números elegidos muestra los apartados; al azar, que se asignan al aprobar", async () => {
    items = [
      proof("a1", { quantityOfTickets: 3, heldNumbers: ["07", "42", "99"] }),
      proof("b2"),
      proof("c3", { status: "approved", tickets: ["01", "02", "03", "04"] }),
    ];
    await renderInbox();
    const [held, random, approved] = screen
      .getAllByRole("heading", { level: 3 })
      .map((h) => h.closest("li") ?? h.parentElement?.parentElement) as HTMLElement[];
    expect(within(held as HTMLElement).getByText("Números apartados: 07, 42, 99")).toBeInTheDocument();
    expect(held).not.toHaveTextContent("Se asignan al aprobar");
    expect(random).toHaveTextContent("Se asignan al aprobar");
    // Four assigned numbers all show: never "…" for a single hidden one.
    expect(within(approved as HTMLElement).getByText("Boletos: 01, 02, 03, 04")).toBeInTheDocument();
    expect(within(approved as HTMLElement).getByText("04")).toBeInTheDocument();
  });

  it("una venta de un vendedor sin archivo ni cuenta dice quién la vendió y que no tiene comprobante", async () => {
    const seller = { id: "s1", name: "Carlos Rivas", code: "CR7K2M" };
    items = [
      proof("a1", {
        userId: null,
        buyerEmail: null,
        buyerName: "María Gómez",
        seller,
        file: null,
        paymentMethod: "efectivo_usd",
        currency: "USD",
        amount: 10,
        status: "approved",
        tickets: ["0007", "0042"],
      }),
      proof("b2", { userId: null, buyerEmail: null, seller, file: null, transactionRef: "0102-55" }),
      proof("c3"),
    ];
    await renderInbox();
    const [cash, transfer, online] = rows() as [HTMLElement, HTMLElement, HTMLElement];
    expect(
      within(cash).getByText(
        "Venta en efectivo registrada por el vendedor Carlos Rivas (CR7K2M), sin comprobante.",
      ),
    ).toBeInTheDocument();
    expect(within(cash).getByText("Vendido por Carlos Rivas (CR7K2M)")).toBeInTheDocument();
    expect(within(cash).getByText("Sin cuenta en Rifazo")).toBeInTheDocument();
    expect(within(cash).getByText("Registrado por el vendedor")).toBeInTheDocument();
    expect(within(cash).queryByRole("img")).toBeNull();
    expect(within(cash).queryByRole("button", { name: /^Ampliar/ })).toBeNull();
    expect(
      within(transfer).getByText(
        /^Venta registrada por el vendedor Carlos Rivas \(CR7K2M\), sin captura del pago/,
      ),
    ).toBeInTheDocument();
    // A purchase made online keeps its image, its buyer's email and no vendedor.
    expect(within(online).getByRole("img", { name: /Comprobante de Comprador c3/ })).toBeInTheDocument();
    expect(within(online).getByText("c3@example.com")).toBeInTheDocument();
    expect(within(online).queryByText(/Vendido por/)).toBeNull();
    const axeResult = await axe.run(screen.getByRole("list", { name: "Comprobantes" }));
    expect(axeResult.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });

  it("aprobar pide confirmación con comprador, monto y boletos; cancelar no aprueba", async () => {
    const user = userEvent.setup();
    await renderInbox();
    await user.click(screen.getByRole("button", { name: "Aprobar pago de Comprador a1" }));
    const dialog = await screen.findByRole("alertdialog", { name: "¿Aprobar este pago?" });
    expect(dialog).toHaveTextContent("Comprador a1");
    expect(dialog).toHaveTextContent("Bs. 1.194,60");
    expect(dialog).toHaveTextContent('2 de "Moto Bera"');
    expect(calls.some((c) => c.url.endsWith("/approve"))).toBe(false);
    await user.click(within(dialog).getByRole("button", { name: "Cancelar" }));
    expect(calls.some((c) => c.url.endsWith("/approve"))).toBe(false);

    await user.click(screen.getByRole("button", { name: "Aprobar pago de Comprador a1" }));
    const again = await screen.findByRole("alertdialog");
    await user.click(within(again).getByRole("button", { name: "Aprobar pago" }));
    await waitFor(() =>
      expect(calls.filter((c) => c.url === "/api/admin/proofs/a1/approve")).toHaveLength(1),
    );
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: "¡Pago Aprobado!" }));
  });

  it("rechazar con una plantilla, editable, envía ese texto al comprador", async () => {
    const user = userEvent.setup();
    await renderInbox();
    await user.click(screen.getByRole("button", { name: "Rechazar pago de Comprador b2" }));
    const dialog = await screen.findByRole("dialog", { name: "Rechazar pago" });
    await user.click(await within(dialog).findByRole("button", { name: "Monto incorrecto" }));
    const text = within(dialog).getByLabelText(/Motivo del rechazo/);
    expect(text).toHaveValue("El monto no coincide con el total de tu compra.");
    await user.type(text, " Faltan 194,60 Bs.");
    await user.click(within(dialog).getByRole("button", { name: "Rechazar Pago" }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === "/api/admin/proofs/b2/reject")?.body).toEqual({
        adminNotes: "El monto no coincide con el total de tu compra. Faltan 194,60 Bs.",
      }),
    );
  });

  it("las plantillas se editan desde el diálogo", async () => {
    const user = userEvent.setup();
    await renderInbox();
    await user.click(screen.getByRole("button", { name: "Rechazar pago de Comprador a1" }));
    const dialog = await screen.findByRole("dialog", { name: "Rechazar pago" });
    await within(dialog).findByRole("button", { name: "Monto incorrecto" });
    await user.click(within(dialog).getByRole("button", { name: "Editar plantillas" }));
    const editor = await screen.findByRole("dialog", { name: "Plantillas de rechazo" });
    const title = within(editor).getByLabelText("Título 1");
    await user.clear(title);
    await user.click(within(editor).getByRole("button", { name: "Guardar plantillas" }));
    expect(await within(editor).findByText("Escribe un título.")).toBeInTheDocument();
    expect(calls.some((c) => c.method === "PUT")).toBe(false);
    await user.type(title, "Monto menor");
    fetchMock.mockImplementationOnce(async (_input, init) => {
      const body = JSON.parse(String(init?.body));
      calls.push({ url: "/api/admin/settings/reject-templates", method: "PUT", body });
      return json(200, body);
    });
    await user.click(within(editor).getByRole("button", { name: "Guardar plantillas" }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === "PUT")?.body).toMatchObject({
        templates: [{ title: "Monto menor" }, { title: "Comprobante ilegible" }],
      }),
    );
    const back = await screen.findByRole("dialog", { name: "Rechazar pago" });
    expect(within(back).getByRole("button", { name: "Monto menor" })).toBeInTheDocument();
  });

  it("teclado: j/k y flechas mueven la selección, a abre la confirmación, r el rechazo, ? la ayuda", async () => {
    const user = userEvent.setup();
    await renderInbox();
    expect(selectedRow()).toHaveAttribute("aria-labelledby", "proof-a1");
    await user.keyboard("j");
    expect(selectedRow()).toHaveAttribute("aria-labelledby", "proof-b2");
    await user.keyboard("{ArrowDown}");
    expect(selectedRow()).toHaveAttribute("aria-labelledby", "proof-c3");
    await user.keyboard("j");
    expect(selectedRow()).toHaveAttribute("aria-labelledby", "proof-c3");
    await user.keyboard("k{ArrowUp}");
    expect(selectedRow()).toHaveAttribute("aria-labelledby", "proof-a1");
    await user.keyboard("j");

    await user.keyboard("a");
    const confirm = await screen.findByRole("alertdialog", { name: "¿Aprobar este pago?" });
    expect(confirm).toHaveTextContent("Comprador b2");
    // The flags are repeated where the decision is made.
    expect(confirm).toHaveTextContent("Monto distinto al esperado");
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());

    await user.keyboard("r");
    const reject = await screen.findByRole("dialog", { name: "Rechazar pago" });
    expect(reject).toHaveTextContent("Comprador b2");
    // Typing in the reason is never a shortcut.
    await user.type(within(reject).getByLabelText(/Motivo del rechazo/), "jkar");
    expect(within(reject).getByLabelText(/Motivo del rechazo/)).toHaveValue("jkar");
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(selectedRow()).toHaveAttribute("aria-labelledby", "proof-b2");

    // Typing in the search field is not a shortcut either.
    await user.type(screen.getByLabelText("Buscar"), "a");
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(screen.getByLabelText("Buscar")).toHaveValue("a");
    (document.activeElement as HTMLElement | null)?.blur();

    await user.keyboard("?");
    const help = await screen.findByRole("dialog", { name: "Atajos de teclado" });
    expect(help).toHaveTextContent("Comprobante siguiente");
    expect(help).toHaveTextContent("Aprobar el comprobante seleccionado");
    expect(calls.some((c) => c.url.endsWith("/approve") || c.url.endsWith("/reject"))).toBe(false);
  });

  it("muestra las alertas con enlace al otro comprobante, lo esperado y lo leído, y WhatsApp", async () => {
    await renderInbox();
    const [first, second, third] = rows();
    if (!first || !second || !third) throw new Error("faltan filas");
    const alerts = within(second).getByRole("list", { name: "Alertas" });
    expect(alerts).toHaveTextContent("Referencia repetida");
    expect(alerts).toHaveTextContent("Monto distinto al esperado");
    expect(alerts).toHaveTextContent("El recibo no coincide con lo escrito");
    expect(within(alerts).getByRole("link", { name: "Ver el otro comprobante" })).toHaveAttribute(
      "href",
      "/admin?tab=payments&proof=a1",
    );
    const comparison = within(second).getByRole("group", { name: "Comparación del pago" });
    expect(comparison).toHaveTextContent("Bs. 1.000,00");
    expect(comparison).toHaveTextContent("Bs. 1.194,60");
    expect(comparison).toHaveTextContent("Tasa 79,64 Bs/$");
    expect(comparison).toHaveTextContent("Ref. 99887766");
    expect(comparison).toHaveTextContent("No coincide con lo escrito");
    expect(comparison).toHaveTextContent("Banesco");
    expect(within(third).getByRole("list", { name: "Alertas" })).toHaveTextContent(
      "Imagen casi idéntica a otra",
    );

    const chat = within(first).getByRole("link", { name: /Escribir por WhatsApp/ });
    expect(chat).toHaveAttribute("target", "_blank");
    expect(chat.getAttribute("rel")).toContain("noopener");
    const href = new URL(chat.getAttribute("href") ?? "");
    expect(href.origin + href.pathname).toBe("https://wa.me/584141234567");
    expect(href.searchParams.get("text")).toContain("referencia REFa1");
    expect(within(third).queryByRole("link", { name: /Escribir por WhatsApp/ })).not.toBeInTheDocument();
  });

  it("la imagen se amplía en un diálogo con zoom", async () => {
    const user = userEvent.setup();
    await renderInbox();
    await user.click(
      screen.getByRole("button", { name: "Ampliar: Comprobante de Comprador a1, referencia REFa1" }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Comprobante ampliado" });
    expect(within(dialog).getByText("Zoom 100 %")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Acercar" }));
    expect(within(dialog).getByText("Zoom 200 %")).toBeInTheDocument();
    within(dialog)
      .getByRole("region", { name: /Imagen del comprobante/ })
      .focus();
    await user.keyboard("+");
    expect(within(dialog).getByText("Zoom 300 %")).toBeInTheDocument();
  });
});

describe("contador de pendientes", () => {
  it("en la pestaña y el título, y se actualiza con el evento en vivo", async () => {
    renderWithProviders(<AdminDashboard />, { path: "/admin?tab=payments" });
    const tab = await screen.findByRole("tab", { name: /Comprobantes/ });
    await waitFor(() => expect(within(tab).getByTestId("pending-count")).toHaveTextContent("3"));
    await waitFor(() => expect(document.title).toBe("(3) Panel Administrativo | Rifazo"));
    pending = 2;
    act(() => {
      publishLiveEvent(
        "admin",
        new MessageEvent("admin", {
          data: JSON.stringify({ type: "proofs.changed", proofId: "a1", change: "approved" }),
        }),
      );
    });
    await waitFor(() => expect(within(tab).getByTestId("pending-count")).toHaveTextContent("2"));
    await waitFor(() => expect(document.title).toBe("(2) Panel Administrativo | Rifazo"));
    pending = 0;
    act(() => {
      publishLiveEvent(
        "admin",
        new MessageEvent("admin", { data: JSON.stringify({ type: "proofs.changed" }) }),
      );
    });
    await waitFor(() => expect(within(tab).queryByTestId("pending-count")).not.toBeInTheDocument());
    await waitFor(() => expect(document.title).toBe("Panel Administrativo | Rifazo"));
  });
});

describe("contador en el menú de la cuenta", () => {
  it("un administrador lo ve en el menú y en el enlace al panel; un comprador no lo pide", async () => {
    const user = userEvent.setup();
    renderWithProviders(<UserMenu user={makeBuyer({ role: "admin" })} />);
    const trigger = await screen.findByRole("button", { name: /Abrir menú de usuario/ });
    await waitFor(() => expect(within(trigger).getByTestId("pending-count")).toHaveTextContent("3"));
    expect(trigger).toHaveAccessibleName("Abrir menú de usuario (3 comprobantes pendientes)");
    await user.click(trigger);
    const link = await screen.findByRole("menuitem", { name: /Dashboard Admin/ });
    expect(link).toHaveTextContent("3 comprobantes pendientes");
  });

  it("un comprador no ve ni pide el contador", async () => {
    renderWithProviders(<UserMenu user={makeBuyer()} />);
    await screen.findByRole("button", { name: /Abrir menú de usuario/ });
    expect(screen.queryByTestId("pending-count")).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.includes("pending-count"))).toBe(false);
  });
});

function WithStream() {
  useNotificationStream();
  return <AdminDashboard />;
}

describe("contador en vivo por el flujo de la página", () => {
  it("un evento admin del flujo SSE vuelve a pedir el contador", async () => {
    vi.stubGlobal("EventSource", FakeEventSource);
    renderWithProviders(<WithStream />, { path: "/admin?tab=payments" });
    const tab = await screen.findByRole("tab", { name: /Comprobantes/ });
    await waitFor(() => expect(within(tab).getByTestId("pending-count")).toHaveTextContent("3"));
    pending = 5;
    const data = JSON.stringify({ type: "proofs.changed", proofId: "z9", change: "created" });
    act(() => {
      FakeEventSource.last?.dispatchEvent(new MessageEvent("admin", { data, lastEventId: "41" }));
    });
    await waitFor(() => expect(within(tab).getByTestId("pending-count")).toHaveTextContent("5"));
    // The list follows too.
    expect(calls.filter((c) => c.url.startsWith("/api/admin/proofs?")).length).toBeGreaterThan(1);
  });
});
