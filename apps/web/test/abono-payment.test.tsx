// @vitest-environment happy-dom
import { RESERVATION_MESSAGES } from "@rifazo/shared/schemas/reservation-messages";
import type { Reservation } from "@rifazo/shared/schemas/reservations";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "../src/components/ui/toast";
import { sessionQueryKey } from "../src/features/auth/hooks/use-session";
import { ActiveReservations } from "../src/features/proofs/components/active-reservations";
import { loadProofUploadForm } from "../src/features/proofs/lazy";
import { uploadWithProgress } from "../src/lib/api-upload";
import { formatDateTime } from "../src/lib/format";
import { ProofUploadPage } from "../src/pages/profile/proof-upload-page";
import { makeReservation } from "./fixtures/reservation";
import { makeBuyer } from "./fixtures/user";
import { renderWithProviders, stubFetch, testQueryClient } from "./render";

// The payment page of an abono (docs/decisions/0034-vendedores.md): total, paid and left with a bar, the
// deadline (the close), each payment with its review, each method's bounds, the amount chosen by the
// buyer and checked against those bounds in the server's words; one payment at a time; and Mis Pagos.

vi.mock("../src/components/ui/toast", () => ({ toast: vi.fn() }));
vi.mock("../src/lib/api-upload", () => ({ uploadWithProgress: vi.fn() }));

const NOW = new Date("2026-11-26T14:00:00.000Z");
const DUE = "2026-12-05T00:00:00.000Z";
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

type Method = Reservation["methods"][number];
const pagoMovil = (minimum: number, amount: number): Method => ({
  method: "pago_movil",
  label: "Pago Móvil",
  currency: "VES",
  amount,
  minimum,
  fields: [{ label: "Teléfono", value: "0414-1234567", copy: "04141234567" }],
  available: true,
});
const zelle = (minimum: number, amount: number): Method => ({
  method: "zelle",
  label: "Zelle",
  currency: "USD",
  amount,
  minimum,
  fields: [{ label: "Correo", value: "pagos@rifazo.com", copy: "pagos@rifazo.com" }],
  available: true,
});

/** Numbers 07 and 42 at $5 each, apartados with abonos of at least $3 (Bs. 40 per dollar today). */
function abono(
  overrides: Partial<Reservation> = {},
  balance: Partial<NonNullable<Reservation["abono"]>> = {},
) {
  const base = makeReservation(NOW, {});
  return makeReservation(NOW, {
    kind: "abono",
    numbers: ["07", "42"],
    pricing: { ...base.pricing, unitPrice: 5, subtotal: 10, comboTotal: 10, levelTotal: 10, total: 10 },
    exchangeRate: { rate: 40, updatedAt: "2026-11-25" },
    methods: [pagoMovil(120, 400), zelle(3, 10)],
    abono: { total: 10, paid: 0, remaining: 10, minimum: 3, dueAt: DUE, payments: [], ...balance },
    ...overrides,
  });
}

/** One approved payment of $4 and a rejected one: $6 left, later payments from 0,01. */
const partlyPaid = () =>
  abono(
    {
      status: "partial",
      statusLabel: "Apartado con abono",
      // The 15-minute timer is long past: a part-paid abono waits for the close instead.
      expiresAt: new Date(NOW.getTime() - 3 * 3_600_000).toISOString(),
      methods: [pagoMovil(0.01, 240), zelle(0.01, 6)],
    },
    {
      paid: 4,
      remaining: 6,
      payments: [
        {
          id: "p1",
          amount: 4,
          currency: "USD",
          method: "zelle",
          status: "approved",
          createdAt: NOW.toISOString(),
        },
        {
          id: "p2",
          amount: 80,
          currency: "VES",
          method: "pago_movil",
          status: "rejected",
          createdAt: NOW.toISOString(),
        },
      ],
    },
  );

const fetchMock = stubFetch();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function serve(current: Reservation) {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url === "/api/reservations/res1") return json(200, current);
    if (url === "/api/reservations") return json(200, { items: [current] });
    return json(404, { error: { code: "NOT_FOUND", message: "No encontrado." } });
  });
}

function renderPage() {
  const client = testQueryClient();
  client.setQueryData(sessionQueryKey, makeBuyer());
  return renderWithProviders(<ProofUploadPage />, {
    path: "/perfil/subir-comprobante/r1?reserva=res1",
    pattern: "/perfil/subir-comprobante/:raffleId",
    client,
  });
}

async function fillAndSend(user: ReturnType<typeof userEvent.setup>, method: string, amount: string) {
  await user.selectOptions(screen.getByRole("combobox", { name: "Método de pago" }), method);
  const field = screen.getByLabelText("Monto pagado");
  await user.clear(field);
  await user.type(field, amount);
  if (!(screen.getByLabelText("Referencia de la transacción") as HTMLInputElement).value) {
    await user.type(screen.getByLabelText("Referencia de la transacción"), "00123456");
    await user.upload(
      screen.getByLabelText("Comprobante de pago"),
      new File([PNG], "pago.png", { type: "image/png" }),
    );
    await screen.findByText("pago.png");
  }
  await user.click(screen.getByRole("button", { name: /Enviar Comprobante/ }));
}

beforeAll(async () => {
  await loadProofUploadForm();
});
beforeEach(() => {
  sessionStorage.clear();
  vi.mocked(toast).mockClear();
  vi.mocked(uploadWithProgress).mockReset();
  vi.useFakeTimers({ toFake: ["Date", "setInterval", "clearInterval"], now: NOW });
  vi.stubGlobal("EventSource", undefined);
});
afterEach(() => {
  vi.useRealTimers();
});

describe("página de pago de un abono", () => {
  it("el primer abono: entre el mínimo y el total por método, el monto lo escribe el comprador", async () => {
    serve(abono());
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPage();
    // Still on the reservation timer until the first payment arrives.
    expect(await screen.findByRole("timer", { name: "Tiempo para pagar" })).toBeInTheDocument();
    const panel = screen.getByRole("tabpanel");
    expect(panel).toHaveTextContent("Puedes abonar entre Bs. 120,00 y Bs. 400,00");
    expect(panel).toHaveTextContent("Lo que falta por pagar");
    expect(panel).not.toHaveTextContent("Envía exactamente este monto");
    await user.click(
      within(screen.getByRole("tablist", { name: "Métodos de pago" })).getByRole("tab", { name: "Zelle" }),
    );
    expect(screen.getByRole("tabpanel")).toHaveTextContent("Puedes abonar entre $3,00 y $10,00");
    // The amount is the buyer's choice: not written for them; the hint gives the bounds.
    expect(screen.getByLabelText("Monto pagado")).toHaveValue("");
    expect(screen.getByLabelText("Monto pagado")).toHaveAccessibleDescription(
      /Puedes abonar entre \$3,00 y \$10,00/,
    );
    expect(screen.getByRole("heading", { name: "Sube el comprobante de tu abono" })).toBeInTheDocument();
  });

  it("revisa los límites antes de enviar, con los mensajes del servidor, y envía un abono dentro de ellos", async () => {
    vi.mocked(uploadWithProgress).mockResolvedValue({ id: "p9" });
    serve(abono());
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPage();
    await screen.findByRole("timer");

    await fillAndSend(user, "Pago Móvil", "119,99");
    const below = RESERVATION_MESSAGES.abonoBelowMinimum("Bs. 120,00");
    expect(await screen.findByText(below)).toBeInTheDocument();
    expect(toast).toHaveBeenLastCalledWith(expect.objectContaining({ description: below, variant: "error" }));

    await fillAndSend(user, "Pago Móvil", "400,01");
    const above = RESERVATION_MESSAGES.abonoAboveBalance("Bs. 400,00");
    expect(await screen.findByText(above)).toBeInTheDocument();
    expect(uploadWithProgress).not.toHaveBeenCalled();

    await fillAndSend(user, "Pago Móvil", "150");
    await waitFor(() => expect(uploadWithProgress).toHaveBeenCalledTimes(1));
    const body = vi.mocked(uploadWithProgress).mock.calls[0]?.[0].body as FormData;
    expect(body.get("reservationId")).toBe("res1");
    expect(body.get("paymentMethod")).toBe("pago_movil");
    expect(body.get("amount")).toBe("150.00");
    expect(body.get("currency")).toBe("VES");
  });

  it("apartado con abono: total, pagado y lo que falta con su barra, el plazo y cada pago con su estado", async () => {
    serve(partlyPaid());
    const { container } = renderPage();
    const summary = await screen.findByRole("region", { name: "Pago en abonos" });
    expect(within(summary).getByText("Total").nextElementSibling).toHaveTextContent("$10,00");
    expect(within(summary).getByText("Pagado").nextElementSibling).toHaveTextContent("$4,00");
    expect(within(summary).getByText("Falta").nextElementSibling).toHaveTextContent("$6,00");
    const bar = within(summary).getByRole("progressbar", { name: "Pagado del total" });
    expect(bar).toHaveAttribute("aria-valuetext", "Pagado $4,00 de $10,00");
    expect(bar).toHaveAttribute("aria-valuenow", "4");
    expect(bar).toHaveAttribute("aria-valuemax", "10");
    expect(summary).toHaveTextContent(`Completa el pago antes del ${formatDateTime(DUE)}`);
    expect(summary).toHaveTextContent("los números se liberan y te devolvemos lo abonado");
    const payments = within(summary).getAllByRole("listitem");
    expect(payments.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^\$4,00 · Zelle · .+Aprobado$/),
      expect.stringMatching(/^Bs\. 80,00 · Pago Móvil · .+Rechazado$/),
    ]);
    // No reservation timer (long past) and no "venció": the next payment is taken until the close.
    expect(screen.queryByRole("timer")).not.toBeInTheDocument();
    expect(screen.queryByText("Tu reserva venció")).not.toBeInTheDocument();
    expect(screen.getByRole("tabpanel")).toHaveTextContent("Puedes abonar entre Bs. 0,01 y Bs. 240,00");
    expect(screen.getByRole("form", { name: "Subir comprobante de pago" })).toBeInTheDocument();
    // A part-paid abono is not cancelled from here: its payments come back only at the close.
    expect(screen.queryByRole("button", { name: "Cancelar reserva" })).not.toBeInTheDocument();
    const result = await axe.run(container);
    expect(result.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });

  it("sin fecha de cierre dice «antes del cierre de la rifa»", async () => {
    serve(
      abono({ status: "partial", statusLabel: "Apartado con abono" }, { dueAt: null, paid: 4, remaining: 6 }),
    );
    renderPage();
    const summary = await screen.findByRole("region", { name: "Pago en abonos" });
    expect(summary).toHaveTextContent("Completa el pago antes del cierre de la rifa.");
  });

  it("con un abono en revisión lo dice y no ofrece otro envío", async () => {
    serve(
      abono(
        { status: "submitted", statusLabel: "En Revisión", methods: [] },
        {
          paid: 4,
          remaining: 6,
          payments: [
            {
              id: "p1",
              amount: 4,
              currency: "USD",
              method: "zelle",
              status: "approved",
              createdAt: NOW.toISOString(),
            },
            {
              id: "p3",
              amount: 2,
              currency: "USD",
              method: "zelle",
              status: "pending",
              createdAt: NOW.toISOString(),
            },
          ],
        },
      ),
    );
    const { container } = renderPage();
    // An info notice (role status), in place of the form.
    const alert = (await screen.findByText("Tu abono está en revisión")).closest('[role="status"]');
    expect(alert).toHaveTextContent("Podrás enviar el siguiente abono cuando se apruebe.");
    expect(alert).not.toHaveTextContent("Comprobante en revisión");
    expect(screen.queryByRole("form", { name: "Subir comprobante de pago" })).not.toBeInTheDocument();
    expect(screen.queryByRole("tablist", { name: "Métodos de pago" })).not.toBeInTheDocument();
    const summary = screen.getByRole("region", { name: "Pago en abonos" });
    expect(within(summary).getAllByRole("listitem").at(-1)).toHaveTextContent("En Revisión");
    const result = await axe.run(container);
    expect(result.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });

  it("al cierre sin completar dice que los números quedaron libres y que se devuelve lo abonado", async () => {
    serve({ ...partlyPaid(), status: "expired", statusLabel: "Reserva vencida", methods: [] });
    renderPage();
    const notice = (await screen.findByText("Abono sin completar")).closest(
      '[role="alert"], [role="status"]',
    );
    expect(notice).toHaveTextContent("los números quedaron libres y te devolvemos lo abonado");
    expect(notice).not.toHaveTextContent("Puedes reservar de nuevo");
    const summary = screen.getByRole("region", { name: "Pago en abonos" });
    expect(summary).toHaveTextContent("$4,00");
    expect(summary).not.toHaveTextContent("Completa el pago antes del");
    expect(screen.queryByRole("form", { name: "Subir comprobante de pago" })).not.toBeInTheDocument();
  });

  it("una compra completa sigue pidiendo el monto exacto, sin abonos en la página", async () => {
    serve(makeReservation(NOW, { methods: [{ ...zelle(0, 32), minimum: undefined }] }));
    renderPage();
    await screen.findByRole("timer");
    expect(screen.queryByRole("region", { name: "Pago en abonos" })).not.toBeInTheDocument();
    expect(screen.getByRole("tabpanel")).toHaveTextContent("Envía exactamente este monto");
    expect(screen.getByLabelText("Monto pagado")).toHaveValue("32,00");
  });
});

describe("Mis Pagos: un abono por completar", () => {
  it("dice «Apartado con abono», lo pagado de lo total, el plazo y enlaza «Abonar» a su página de pago", async () => {
    serve(partlyPaid());
    const { container } = renderWithProviders(<ActiveReservations />);
    const section = await screen.findByRole("region", { name: "Reservas por pagar" });
    expect(section).toHaveTextContent("Apartado con abono");
    expect(section).toHaveTextContent("Pagado $4,00 de $10,00");
    expect(section).toHaveTextContent(`Completa el pago antes del ${formatDateTime(DUE)}`);
    expect(section).not.toHaveTextContent("Tu reserva venció");
    const link = within(section).getByRole("link", { name: "Abonar: Moto Bera 2027" });
    expect(link).toHaveAttribute("href", "/perfil/subir-comprobante/r1?reserva=res1");
    expect(link).toHaveTextContent("Abonar");
    const result = await axe.run(container);
    expect(result.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });

  it("un abono en revisión sigue a la vista, con «Ver abono»", async () => {
    serve(abono({ status: "submitted", statusLabel: "En Revisión" }, { paid: 4, remaining: 6 }));
    renderWithProviders(<ActiveReservations />);
    const section = await screen.findByRole("region", { name: "Reservas por pagar" });
    expect(section).toHaveTextContent("Pagado $4,00 de $10,00");
    expect(within(section).getByRole("link", { name: "Ver abono: Moto Bera 2027" })).toBeInTheDocument();
  });
});
