// @vitest-environment happy-dom
import type { Reservation } from "@rifazo/shared/schemas/reservations";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "../src/components/ui/toast";
import { sessionQueryKey } from "../src/features/auth/hooks/use-session";
import { loadProofUploadForm } from "../src/features/proofs/lazy";
import { uploadWithProgress } from "../src/lib/api-upload";
import { formatDateTime } from "../src/lib/format";
import { ProofUploadPage } from "../src/pages/profile/proof-upload-page";
import { makeReservation } from "./fixtures/reservation";
import { makeBuyer } from "./fixtures/user";
import { renderWithProviders, stubFetch, testQueryClient } from "./render";
import { allowConsole } from "./setup";

// The payment page of a reservation (decision 0013): the countdown by the server's clock, the organiser's
// data with copy buttons, the amount in bolívares with the frozen BCV rate, only the raffle's methods,
// the proof form bound to the reservation (es-VE amount, draft kept, re-upload after a rejection).

vi.mock("../src/components/ui/toast", () => ({ toast: vi.fn() }));
vi.mock("../src/lib/api-upload", () => ({ uploadWithProgress: vi.fn() }));

/** The phone's clock; the server's is five minutes ahead of it. */
const PHONE_NOW = new Date("2026-11-26T14:00:00.000Z");
const SERVER_NOW = new Date(PHONE_NOW.getTime() + 5 * 60_000);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

const buyer = makeBuyer();

function reservation(overrides: Partial<Reservation> = {}): Reservation {
  return makeReservation(SERVER_NOW, {
    // Ten minutes left by the server's clock (fifteen by the phone's, which is behind).
    expiresAt: new Date(SERVER_NOW.getTime() + 10 * 60_000).toISOString(),
    exchangeRate: { rate: 37.33, updatedAt: "2026-11-25" },
    methods: [
      {
        method: "pago_movil",
        label: "Pago Móvil",
        currency: "VES",
        amount: 1194.56,
        fields: [
          { label: "Banco", value: "Banesco (0134)", copy: "Banesco (0134)" },
          { label: "Teléfono", value: "0414-1234567", copy: "04141234567" },
          { label: "Cédula/RIF", value: "V-12345678", copy: "12345678" },
        ],
        available: true,
      },
      {
        method: "zelle",
        label: "Zelle",
        currency: "USD",
        amount: 32,
        fields: [
          { label: "Correo", value: "pagos@rifazo.com", copy: "pagos@rifazo.com" },
          { label: "Titular", value: "Rifazo LLC", copy: "Rifazo LLC" },
        ],
        available: true,
      },
      {
        method: "transferencia",
        label: "Transferencia bancaria",
        currency: "VES",
        amount: 1194.56,
        fields: [],
        available: false,
      },
    ],
    ...overrides,
  });
}

const fetchMock = stubFetch();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function serve(current: Reservation) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === "/api/reservations/res1" && (!init?.method || init.method === "GET"))
      return json(200, current);
    if (url === "/api/reservations/res1" && init?.method === "DELETE")
      return new Response(null, { status: 204 });
    return json(404, { error: { code: "NOT_FOUND", message: "No encontrado." } });
  });
}

function renderPage() {
  const client = testQueryClient();
  client.setQueryData(sessionQueryKey, buyer);
  return renderWithProviders(<ProofUploadPage />, {
    path: "/perfil/subir-comprobante/r1?reserva=res1",
    pattern: "/perfil/subir-comprobante/:raffleId",
    client,
  });
}

async function choosePaymentMethod(user: ReturnType<typeof userEvent.setup>, label: string) {
  await user.selectOptions(screen.getByRole("combobox", { name: "Método de pago" }), label);
}

beforeEach(() => {
  sessionStorage.clear();
  vi.mocked(toast).mockClear();
  vi.mocked(uploadWithProgress).mockReset();
  vi.useFakeTimers({ toFake: ["Date", "setInterval", "clearInterval"], now: PHONE_NOW });
  vi.stubGlobal("EventSource", undefined);
});
afterEach(() => {
  vi.useRealTimers();
});

// The full proof form is a chunk of its own (features/proofs/lazy.ts), loaded once the page renders; here it
// is in memory before the first test, as on a phone that already has it, so each test reads the form at once.
beforeAll(async () => {
  await loadProofUploadForm();
});

describe("payment page of a reservation", () => {
  it("counts down by the server's clock, not the phone's, and says when the reservation expired", async () => {
    serve(reservation());
    renderPage();
    const timer = await screen.findByRole("timer", { name: "Tiempo para pagar" });
    // 10 minutes by the server; the phone alone would have said 15:00.
    expect(timer).toHaveTextContent("10:00");
    await act(async () => {
      vi.advanceTimersByTime(61_000);
    });
    expect(timer).toHaveTextContent("8:59");
    await act(async () => {
      vi.advanceTimersByTime(9 * 60_000);
    });
    expect(await screen.findByText("Tu reserva venció")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Volver a la rifa", hidden: false })).toBeInTheDocument();
    expect(screen.queryByRole("form", { name: "Subir comprobante de pago" })).not.toBeInTheDocument();
  });

  it("shows the numbers, the price and the Pago Móvil amount in bolívares with the BCV rate", async () => {
    serve(reservation());
    renderPage();
    expect(await screen.findByText("Moto Bera 2027")).toBeInTheDocument();
    const numbers = screen.getByRole("list", { name: "Tus números" });
    expect(
      within(numbers)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["0042", "0777"]);
    expect(screen.getByLabelText("Resumen del precio")).toHaveTextContent("Total$32,00");
    const panel = screen.getByRole("tabpanel");
    expect(panel).toHaveTextContent("Bs. 1.194,56");
    expect(panel).toHaveTextContent("Tasa BCV del 25/11/2026: 37,33 Bs/$");
  });

  it("copies each detail with a named button and announces it", async () => {
    serve(reservation());
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    // After setup: user-event puts its own clipboard stub in place.
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    Object.defineProperty(window, "isSecureContext", { value: true, configurable: true });
    renderPage();
    // The phone as banks' Pago Móvil forms take it: eleven digits, no dash.
    await user.click(await screen.findByRole("button", { name: "Copiar Teléfono" }));
    expect(writeText).toHaveBeenCalledWith("04141234567");
    expect(toast).toHaveBeenLastCalledWith(
      expect.objectContaining({ title: "Copiado", description: "Teléfono: 04141234567" }),
    );
    await user.click(screen.getByRole("button", { name: "Copiar Monto a pagar" }));
    expect(writeText).toHaveBeenLastCalledWith("1.194,56");
    await user.click(screen.getByRole("button", { name: "Copiar Cédula/RIF" }));
    expect(writeText).toHaveBeenLastCalledWith("12345678");
    // Everything at once, for a chat or a note before opening the bank's app.
    await user.click(screen.getByRole("button", { name: "Copiar todos los datos de Pago Móvil" }));
    expect(writeText).toHaveBeenLastCalledWith(
      "Banco: Banesco (0134)\nTeléfono: 04141234567\nCédula/RIF: 12345678\nMonto: 1.194,56",
    );
  });

  it("offers only the raffle's methods, and explains one that cannot be used", async () => {
    serve(reservation());
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPage();
    const tabs = await screen.findByRole("tablist", { name: "Métodos de pago" });
    expect(
      within(tabs)
        .getAllByRole("tab")
        .map((tab) => tab.textContent),
    ).toEqual(["Pago Móvil", "Zelle", "Transferencia bancaria (no disponible)"]);
    await user.click(within(tabs).getByRole("tab", { name: /Transferencia/ }));
    expect(screen.getByRole("tabpanel")).toHaveTextContent("todavía no publicó los datos de este método");

    const methods = screen.getByRole("combobox", { name: "Método de pago" });
    const options = within(methods).getAllByRole<HTMLOptionElement>("option");
    // The first is the prompt, which cannot be chosen.
    expect(options.filter((o) => !o.disabled).map((o) => o.textContent)).toEqual(["Pago Móvil", "Zelle"]);
  });

  it("prefills the amount in the method's currency, accepts 1.194,56 and sends 1194.56 with the reservation", async () => {
    vi.mocked(uploadWithProgress).mockResolvedValue({ id: "p1" });
    serve(reservation());
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPage();
    await screen.findByRole("timer");
    await choosePaymentMethod(user, "Zelle");
    expect(screen.getByLabelText("Monto pagado")).toHaveValue("32,00");
    expect(screen.getByLabelText("Moneda")).toHaveValue("USD");
    await choosePaymentMethod(user, "Pago Móvil");
    expect(screen.getByLabelText("Moneda")).toHaveValue("VES");
    const amount = screen.getByLabelText("Monto pagado");
    expect(amount).toHaveValue("1.194,56");
    await user.clear(amount);
    await user.type(amount, "1.194,56");
    await user.type(screen.getByLabelText("Referencia de la transacción"), "00123456");
    await user.upload(
      screen.getByLabelText("Comprobante de pago"),
      new File([PNG], "pago.png", { type: "image/png" }),
    );
    await screen.findByText("pago.png");
    await user.click(screen.getByRole("button", { name: /Enviar Comprobante/ }));

    await waitFor(() => expect(uploadWithProgress).toHaveBeenCalledTimes(1));
    const body = vi.mocked(uploadWithProgress).mock.calls[0]?.[0].body as FormData;
    expect(body.get("reservationId")).toBe("res1");
    expect(body.get("raffleId")).toBe("r1");
    expect(body.get("paymentMethod")).toBe("pago_movil");
    expect(body.get("amount")).toBe("1194.56");
    expect(body.get("currency")).toBe("VES");
    expect(body.get("quantity")).toBe("2");
    // Sent: the draft is gone.
    expect(sessionStorage.length).toBe(0);
  });

  it("follows the tab the buyer opened to pay: the form takes that method and its amount", async () => {
    serve(reservation());
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPage();
    const tabs = await screen.findByRole("tablist", { name: "Métodos de pago" });
    await user.click(within(tabs).getByRole("tab", { name: "Zelle" }));
    expect(screen.getByRole("tabpanel")).toHaveTextContent("pagos@rifazo.com");
    expect(screen.getByRole("combobox", { name: "Método de pago" })).toHaveDisplayValue("Zelle");
    expect(screen.getByLabelText("Monto pagado")).toHaveValue("32,00");
    expect(screen.getByLabelText("Moneda")).toHaveValue("USD");
  });

  it("starts with the open tab's method and its currency, never an empty method", async () => {
    serve(reservation());
    renderPage();
    const tabs = await screen.findByRole("tablist", { name: "Métodos de pago" });
    const open = within(tabs).getByRole("tab", { selected: true });
    expect(open).toHaveTextContent("Pago Móvil");
    expect(screen.getByRole("combobox", { name: "Método de pago" })).toHaveDisplayValue("Pago Móvil");
    expect(screen.getByLabelText("Moneda")).toHaveValue("VES");
  });

  it("refuses an ambiguous amount with a clear Spanish message", async () => {
    serve(reservation());
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPage();
    await screen.findByRole("timer");
    await choosePaymentMethod(user, "Pago Móvil");
    const amount = screen.getByLabelText("Monto pagado");
    await user.clear(amount);
    await user.type(amount, "1,194.56");
    await user.click(screen.getByRole("button", { name: /Enviar Comprobante/ }));
    expect(
      await screen.findByText(
        'Escribe el monto como en "1.194,56" (punto para los miles y coma para los decimales).',
      ),
    ).toBeInTheDocument();
    expect(uploadWithProgress).not.toHaveBeenCalled();
  });

  it("keeps what was typed when the buyer leaves for the bank's app and comes back", async () => {
    serve(reservation());
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const first = renderPage();
    await screen.findByRole("timer");
    await choosePaymentMethod(user, "Zelle");
    await user.type(screen.getByLabelText("Referencia de la transacción"), "ZL-991");
    await user.type(screen.getByLabelText("Notas (opcional)"), "desde Chase");
    first.unmount();

    renderPage();
    await screen.findByRole("timer");
    expect(screen.getByText("Recuperamos lo que habías escrito")).toBeInTheDocument();
    expect(screen.getByText(/el navegador no guarda archivos/)).toBeInTheDocument();
    expect(screen.getByLabelText("Referencia de la transacción")).toHaveValue("ZL-991");
    expect(screen.getByLabelText("Notas (opcional)")).toHaveValue("desde Chase");
    expect(screen.getByLabelText("Monto pagado")).toHaveValue("32,00");
    expect(screen.getByRole("combobox", { name: "Método de pago" })).toHaveDisplayValue("Zelle");
  });

  it("after a rejection shows the reason and takes a new proof for the same reservation", async () => {
    vi.mocked(uploadWithProgress).mockResolvedValue({ id: "p2" });
    serve(
      reservation({
        status: "rejected",
        statusLabel: "Rechazado",
        proofId: "p1",
        rejectionReason: "La referencia no aparece en el banco.",
      }),
    );
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPage();
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Tu comprobante fue rechazado");
    expect(alert).toHaveTextContent("Motivo: La referencia no aparece en el banco.");
    const rejected = reservation({ status: "rejected" });
    expect(alert).toHaveTextContent(
      `Tus números siguen apartados para ti hasta el ${formatDateTime(rejected.expiresAt)}`,
    );
    expect(screen.getByRole("heading", { name: "Sube un nuevo comprobante" })).toBeInTheDocument();
    await choosePaymentMethod(user, "Zelle");
    await user.type(screen.getByLabelText("Referencia de la transacción"), "ZL-992");
    await user.upload(
      screen.getByLabelText("Comprobante de pago"),
      new File([PNG], "pago.png", { type: "image/png" }),
    );
    await screen.findByText("pago.png");
    await user.click(screen.getByRole("button", { name: /Enviar Comprobante/ }));
    await waitFor(() => expect(uploadWithProgress).toHaveBeenCalledTimes(1));
    const body = vi.mocked(uploadWithProgress).mock.calls[0]?.[0].body as FormData;
    expect(body.get("reservationId")).toBe("res1");
    expect(body.get("amount")).toBe("32.00");
  });

  it("cancels the reservation with DELETE after a confirmation, then goes back to the raffle", async () => {
    // The test router has only the payment page's route.
    const navigations = allowConsole("warn", 'No routes matched location "/rifas/r1"');
    serve(reservation());
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Cancelar reserva" }));
    await user.click(screen.getByRole("button", { name: "Sí, cancelar" }));
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        "/api/reservations/res1",
        expect.objectContaining({ method: "DELETE" }),
      ),
    );
    await waitFor(() => expect(navigations.length).toBeGreaterThan(0));
    expect(toast).toHaveBeenLastCalledWith(expect.objectContaining({ title: "Reserva cancelada" }));
  });
});
