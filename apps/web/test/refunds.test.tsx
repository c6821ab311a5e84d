// @vitest-environment happy-dom
import type { MyProofs, PaymentProof } from "@rifazo/shared/schemas/proofs";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "../src/components/ui/toast";
import { RafflesTab } from "../src/features/admin/raffles/raffles-tab";
import { UndersoldPanel } from "../src/features/admin/raffles/undersold-panel";
import { MarkPaidDialog } from "../src/features/admin/refunds/mark-paid-dialog";
import { RefundsTab } from "../src/features/admin/refunds/refunds-tab";
import { PaymentsList } from "../src/features/proofs";
import { makeProof } from "./fixtures/proof";
import { makeAdminRaffle, makeLifecycle } from "./fixtures/raffle";
import { makeRefund } from "./fixtures/refund";
import { renderWithProviders, stubFetch } from "./render";
import { allowConsole } from "./setup";

// Raffles that do not sell, on the web: the organiser's Reembolsos tab (amounts as paid, the buyer's data
// with copy buttons, "Marcar pagado" with a reference and an optional file), deleting refused once sold,
// and the buyer's Mis pagos showing each refund's status with its reference and proof.

vi.mock("../src/components/ui/toast", () => ({ toast: vi.fn() }));

const fetchMock = stubFetch();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** An approved Zelle payment of 25 USD for five tickets of the Moto raffle. */
function proof(overrides: Partial<PaymentProof> = {}): PaymentProof {
  return makeProof({
    raffleId: "r1",
    raffleTitle: "Moto Bera 2027",
    amount: 25,
    quantityOfTickets: 5,
    createdAt: "2026-11-20T12:00:00.000Z",
    reviewedAt: "2026-11-20T13:00:00.000Z",
    ticketNumbers: ["0007"],
    ...overrides,
  });
}

beforeEach(() => {
  vi.mocked(toast).mockClear();
  vi.stubGlobal("EventSource", undefined);
});

describe("Reembolsos: la lista del organizador", () => {
  it("muestra el monto como se pagó, los datos del comprador con botones de copiar y filtra por estado", async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url === "/api/admin/raffles") return json(200, { items: [makeAdminRaffle({ id: "r1" })] });
      if (url.startsWith("/api/admin/refunds")) {
        const items = url.includes("status=paid")
          ? [
              makeRefund({
                id: "rf2",
                amount: 25,
                currency: "USD",
                exchangeRate: null,
                amountVes: null,
                status: "paid",
                paidReference: "ZL-99",
                paidProofUrl: "/api/refunds/rf2/file",
                paidAt: "2026-11-21T12:00:00.000Z",
              }),
            ]
          : [makeRefund()];
        return json(200, { items, total: items.length, page: 1, pageSize: 50 });
      }
      return json(404, { error: { code: "NOT_FOUND", message: "No encontrado." } });
    });
    renderWithProviders(<RefundsTab />);
    const item = await screen.findByRole("listitem", { name: "1.194,56 Bs" });
    expect(within(item).getByText("Reembolso pendiente")).toBeInTheDocument();
    expect(within(item).getByText(/ref\. 00012345/)).toBeInTheDocument();
    expect(within(item).getByRole("button", { name: "Copiar teléfono" })).toBeInTheDocument();
    expect(within(item).getByRole("button", { name: "Copiar correo" })).toBeInTheDocument();
    expect(
      within(item).getByRole("button", { name: "Marcar pagado el reembolso de Beto Bolívares" }),
    ).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url) === "/api/admin/refunds?status=pending")).toBe(
      true,
    );

    await user.click(screen.getByLabelText("Estado"));
    await user.click(await screen.findByRole("option", { name: "Pagados" }));
    const paid = await screen.findByRole("listitem", { name: "$25,00" });
    expect(within(paid).getByText("Reembolsado")).toBeInTheDocument();
    expect(within(paid).getByText(/Referencia ZL-99/)).toBeInTheDocument();
    expect(within(paid).getByRole("link", { name: "Ver comprobante" })).toHaveAttribute(
      "href",
      "/api/refunds/rf2/file",
    );
    expect(within(paid).queryByRole("button", { name: /Marcar pagado/ })).toBeNull();
  });
});

describe("Marcar pagado", () => {
  it("pide la referencia, rechaza un archivo de otro tipo y envía referencia y comprobante", async () => {
    const user = userEvent.setup({ applyAccept: false });
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) === "/api/admin/refunds/rf1/paid" && init?.method === "POST") {
        return json(200, makeRefund({ status: "paid", paidReference: "PM-1" }));
      }
      return json(404, { error: { code: "NOT_FOUND", message: "No encontrado." } });
    });
    const onOpenChange = vi.fn();
    renderWithProviders(<MarkPaidDialog refund={makeRefund()} onOpenChange={onOpenChange} />);
    const dialog = await screen.findByRole("dialog", { name: "Marcar reembolso pagado" });
    expect(within(dialog).getByText(/1\.194,56 Bs a Beto Bolívares/)).toBeInTheDocument();

    await user.click(within(dialog).getByRole("button", { name: "Marcar pagado" }));
    expect(await within(dialog).findByText("Escribe la referencia del reembolso.")).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(within(dialog).getByLabelText("Referencia del pago *"), "PM-1");
    const fileInput = within(dialog).getByLabelText("Comprobante (opcional)");
    await user.upload(fileInput, new File(["hola"], "nota.txt", { type: "text/plain" }));
    await user.click(within(dialog).getByRole("button", { name: "Marcar pagado" }));
    expect(
      await within(dialog).findByText("El comprobante debe ser una imagen JPG o PNG, o un PDF."),
    ).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    const png = new File([new Uint8Array([137, 80, 78, 71])], "transferencia.png", { type: "image/png" });
    await user.upload(fileInput, png);
    await user.click(within(dialog).getByRole("button", { name: "Marcar pagado" }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/admin/refunds/rf1/paid");
    const body = init?.body as FormData;
    expect(body.get("reference")).toBe("PM-1");
    expect((body.get("file") as File).name).toBe("transferencia.png");
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({ title: "Reembolso pagado", variant: "success" }),
    );
  });

  it("muestra el error del servidor (ya pagado) y no cierra", async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(
      json(409, {
        error: { code: "REFUND_ALREADY_PAID", message: "Este reembolso ya se marcó como pagado." },
      }),
    );
    const onOpenChange = vi.fn();
    renderWithProviders(<MarkPaidDialog refund={makeRefund()} onOpenChange={onOpenChange} />);
    const dialog = await screen.findByRole("dialog", { name: "Marcar reembolso pagado" });
    await user.type(within(dialog).getByLabelText("Referencia del pago *"), "PM-2");
    await user.click(within(dialog).getByRole("button", { name: "Marcar pagado" }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({ description: "Este reembolso ya se marcó como pagado.", variant: "error" }),
      ),
    );
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });
});

describe("Rifas: eliminar una rifa con ventas", () => {
  it("queda deshabilitado con la explicación; sin ventas se puede eliminar", async () => {
    fetchMock.mockImplementation(async (input) => {
      if (String(input) === "/api/admin/raffles") {
        return json(200, {
          items: [
            makeAdminRaffle({ id: "sold", title: "Con ventas", hasSales: true, paymentProofCount: 3 }),
            makeAdminRaffle({
              id: "empty",
              title: "Sin ventas",
              hasSales: false,
              soldTickets: 0,
              paymentProofCount: 0,
              lifecycle: makeLifecycle("active", { awaitingDecision: false }),
            }),
          ],
        });
      }
      return json(404, { error: { code: "NOT_FOUND", message: "No encontrado." } });
    });
    renderWithProviders(<RafflesTab />);
    const sold = await screen.findByRole("listitem", { name: "Con ventas" });
    const button = within(sold).getByRole("button", { name: "Eliminar Con ventas" });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(/archívala en lugar de eliminarla/);
    const empty = screen.getByRole("listitem", { name: "Sin ventas" });
    expect(within(empty).getByRole("button", { name: "Eliminar Sin ventas" })).toBeEnabled();
  });
});

describe("Mis pagos: el reembolso de una rifa cancelada", () => {
  beforeEach(() => {
    // The search box is a <search> landmark, which happy-dom does not know yet.
    allowConsole("error", "The tag <search> is unrecognized");
  });

  it("muestra «Reembolso pendiente» y, una vez pagado, «Reembolsado» con la referencia y el comprobante", async () => {
    const items = [
      proof({
        id: "p1",
        raffleTitle: "Rifa cancelada A",
        refund: {
          id: "rf1",
          status: "pending",
          statusLabel: "Reembolso pendiente",
          amount: 25,
          currency: "USD",
          amountVes: null,
          paidReference: null,
          paidProofUrl: null,
          paidAt: null,
        },
      }),
      proof({
        id: "p2",
        raffleTitle: "Rifa cancelada B",
        amount: 1194.56,
        currency: "VES",
        refund: {
          id: "rf2",
          status: "paid",
          statusLabel: "Reembolsado",
          amount: 1194.56,
          currency: "VES",
          amountVes: 1194.56,
          paidReference: "PM-998877",
          paidProofUrl: "/api/refunds/rf2/file",
          paidAt: "2026-11-22T15:00:00.000Z",
        },
      }),
      proof({ id: "p3", raffleTitle: "Rifa normal" }),
    ];
    const page: MyProofs = { items, total: 3, page: 1, pageSize: 5, pageCount: 1 };
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.startsWith("/api/proofs/mine")) return json(200, page);
      if (url === "/api/reservations") return json(200, { items: [] });
      return json(404, { error: { code: "NOT_FOUND", message: "No encontrado." } });
    });
    renderWithProviders(<PaymentsList />);
    const pending = (await screen.findByRole("heading", { name: "Rifa cancelada A" })).closest(
      "li",
    ) as HTMLElement;
    expect(within(pending).getByText("Reembolso pendiente:")).toBeInTheDocument();
    expect(within(pending).getByText(/te devolveremos \$25,00/)).toBeInTheDocument();

    const paid = screen.getByRole("heading", { name: "Rifa cancelada B" }).closest("li") as HTMLElement;
    expect(within(paid).getByText("Reembolsado:")).toBeInTheDocument();
    expect(within(paid).getByText(/te devolvimos Bs\. 1\.194,56/)).toBeInTheDocument();
    expect(within(paid).getByText("PM-998877")).toBeInTheDocument();
    expect(within(paid).getByRole("link", { name: "Ver comprobante del reembolso" })).toHaveAttribute(
      "href",
      "/api/refunds/rf2/file",
    );

    const normal = screen.getByRole("heading", { name: "Rifa normal" }).closest("li") as HTMLElement;
    expect(within(normal).queryByText(/Reembols/)).toBeNull();
  });
});

describe("Detalle de la rifa: por debajo del mínimo", () => {
  const awaiting = () =>
    makeAdminRaffle({
      id: "r9",
      title: "Rifa floja",
      status: "closed",
      soldTickets: 120,
      totalTickets: 1000,
      minTickets: 500,
      maxExtensions: 2,
      extensionsUsed: 1,
      endDate: "2026-11-20T16:00:00.000Z",
      lifecycle: makeLifecycle("closed", { awaitingDecision: true }),
    });

  it("avisa, y «Extender fecha» envía la nueva fecha en hora de Venezuela con el mensaje", async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) === "/api/admin/raffles/r9/extend" && init?.method === "POST") {
        return json(200, {
          endDate: "2030-01-10T00:00:00.000Z",
          extensionsUsed: 2,
          maxExtensions: 2,
          notified: 7,
        });
      }
      return json(404, { error: { code: "NOT_FOUND", message: "No encontrado." } });
    });
    renderWithProviders(<UndersoldPanel raffle={awaiting()} />);
    const alert = screen.getByRole("status"); // a warning is announced politely
    expect(alert).toHaveTextContent("No alcanzó el mínimo: decide si prorrogar o cancelar");
    expect(alert).toHaveTextContent("120 de 500 boletos vendidos");
    expect(alert).toHaveTextContent("Prórrogas disponibles: 1 de 2");

    await user.click(within(alert).getByRole("button", { name: "Extender fecha" }));
    const dialog = await screen.findByRole("dialog", { name: "Extender la fecha de cierre" });
    await user.click(within(dialog).getByRole("button", { name: "Extender fecha" }));
    expect(await within(dialog).findByText("Indica la nueva fecha de cierre.")).toBeInTheDocument();
    await user.type(
      within(dialog).getByLabelText("Nueva fecha de cierre (hora de Venezuela) *"),
      "2030-01-09T20:00",
    );
    await user.type(
      within(dialog).getByLabelText("Mensaje para los compradores (opcional)"),
      "Una semana más.",
    );
    await user.click(within(dialog).getByRole("button", { name: "Extender fecha" }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({ title: "Fecha extendida", variant: "success" }),
      ),
    );
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      endDate: "2030-01-09T20:00:00-04:00",
      message: "Una semana más.",
    });
  });

  it("«Cancelar rifa» explica los reembolsos", async () => {
    const user = userEvent.setup();
    renderWithProviders(<UndersoldPanel raffle={awaiting()} />);
    await user.click(within(screen.getByRole("status")).getByRole("button", { name: "Cancelar rifa" }));
    const dialog = await screen.findByRole("alertdialog", { name: "¿Cancelar esta rifa?" });
    expect(dialog).toHaveTextContent("Cada compra aprobada tendrá un reembolso pendiente");
    expect(dialog).toHaveTextContent("se descontarán los RifaPuntos");
  });
});
