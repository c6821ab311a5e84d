// @vitest-environment happy-dom

import type { Refund } from "@rifazo/shared/schemas/admin";
import { MOBILE_PHONE_MESSAGES } from "@rifazo/shared/schemas/profile";
import type { PaymentProof } from "@rifazo/shared/schemas/proofs";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "../src/components/ui/toast";
import { RefundPayoutDetails } from "../src/features/admin/refunds/refund-payout-details";
import { RegisterForm } from "../src/features/auth/components/register-form";
import { sessionQueryKey } from "../src/features/auth/hooks/use-session";
import { BuyerPhonePrompt } from "../src/features/profile";
import { RefundPayout } from "../src/features/proofs/components/refund-payout";
import { makeRefund } from "./fixtures/refund";
import { renderWithProviders, stubFetch, testQueryClient } from "./render";

// Reaching and paying back a buyer on the web: the mobile on the sign-up form and asked inline before a
// purchase, the payout form of a Bs refund in Mis pagos, and the admin's view of it in Reembolsos.

vi.mock("../src/components/ui/toast", () => ({ toast: vi.fn() }));

const fetchMock = stubFetch();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const bodyOf = (call: unknown[] | undefined) =>
  JSON.parse(String((call?.[1] as RequestInit | undefined)?.body));

beforeEach(() => {
  vi.mocked(toast).mockClear();
});

describe("Registro: teléfono celular", () => {
  it("lo pide, rechaza un fijo en español y envía el celular normalizado", async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation(async () => json(201, { ok: true }));
    renderWithProviders(<RegisterForm />);
    await user.type(screen.getByLabelText("Nombre completo"), "Rosa Márquez");
    await user.type(screen.getByLabelText("Correo electrónico"), "rosa@example.com");
    await user.type(screen.getByLabelText("Contraseña"), "Tucan-Morichal-Llovizna-47");
    await user.type(screen.getByLabelText("Confirmar contraseña"), "Tucan-Morichal-Llovizna-47");
    await user.click(screen.getByRole("button", { name: "Crear Cuenta" }));
    expect(await screen.findByText(MOBILE_PHONE_MESSAGES.required)).toBeInTheDocument();

    const phone = screen.getByLabelText("Teléfono celular");
    await user.type(phone, "0212-1234567");
    await user.click(screen.getByRole("button", { name: "Crear Cuenta" }));
    expect(await screen.findByText(MOBILE_PHONE_MESSAGES.invalid)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.clear(phone);
    await user.type(phone, "0414 123 45 67");
    await user.click(screen.getByRole("button", { name: "Crear Cuenta" }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/account/register");
    expect(JSON.parse(String((init as RequestInit).body))).toMatchObject({ phone: "+584141234567" });
  });
});

describe("Antes de la primera compra", () => {
  it("guarda el celular en el perfil y sigue con la compra", async () => {
    const user = userEvent.setup();
    const client = testQueryClient();
    client.setQueryData(sessionQueryKey, { id: "u1", fullName: "Ana Pérez", phone: null });
    fetchMock.mockImplementation(async () =>
      json(200, { id: "u1", fullName: "Ana Pérez", phone: "+584241112233" }),
    );
    const onSaved = vi.fn();
    renderWithProviders(<BuyerPhonePrompt onSaved={onSaved} />, { client });
    const form = screen.getByRole("form", { name: "Agrega tu teléfono celular" });
    await user.type(within(form).getByLabelText("Teléfono celular"), "0212-5550000");
    await user.click(within(form).getByRole("button", { name: "Guardar y continuar" }));
    expect(await within(form).findByText(MOBILE_PHONE_MESSAGES.invalid)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.clear(within(form).getByLabelText("Teléfono celular"));
    await user.type(within(form).getByLabelText("Teléfono celular"), "0424-1112233");
    await user.click(within(form).getByRole("button", { name: "Guardar y continuar" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/profile");
    expect(bodyOf(fetchMock.mock.calls[0])).toEqual({ fullName: "Ana Pérez", phone: "+584241112233" });
    expect(client.getQueryData<{ phone: string }>(sessionQueryKey)?.phone).toBe("+584241112233");
  });
});

type BuyerRefund = NonNullable<PaymentProof["refund"]>;
const DUE = "2026-12-06T12:00:00.000Z";
function buyerRefund(overrides: Partial<BuyerRefund> = {}): BuyerRefund {
  return {
    id: "rf1",
    status: "pending",
    statusLabel: "Reembolso pendiente",
    amount: 537.55,
    currency: "VES",
    amountVes: 537.55,
    paidReference: null,
    paidProofUrl: null,
    paidAt: null,
    paymentMethod: "pago_movil",
    payoutDueAt: DUE,
    payout: null,
    ...overrides,
  };
}

describe("Mis pagos: datos para el reembolso", () => {
  it("pide banco, cédula y teléfono con su plazo, valida en español y los envía", async () => {
    vi.useFakeTimers({ now: new Date("2026-11-30T12:00:00.000Z"), toFake: ["Date"] });
    const user = userEvent.setup();
    fetchMock.mockImplementation(async () => json(200, { id: "rf1" }));
    renderWithProviders(<RefundPayout refund={buyerRefund()} />);
    const form = screen.getByRole("form", { name: "Datos para tu reembolso" });
    expect(form).toHaveTextContent("Envíalos antes del");
    expect(form).toHaveTextContent("tienes 7 días");

    await user.click(within(form).getByRole("button", { name: "Enviar mis datos" }));
    expect(within(form).getByText("Elige tu banco.")).toBeInTheDocument();
    expect(within(form).getByText(/Escribe tu número de cédula/)).toBeInTheDocument();
    expect(within(form).getByText(/Escribe el celular afiliado a Pago Móvil/)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.selectOptions(within(form).getByLabelText("Banco"), "0134");
    await user.type(within(form).getByLabelText("Cédula"), "12.345.678");
    await user.type(within(form).getByLabelText("Teléfono de Pago Móvil"), "0414-1234567");
    await user.click(within(form).getByRole("button", { name: "Enviar mis datos" }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/refunds/rf1/payout");
    expect((fetchMock.mock.calls[0]?.[1] as RequestInit | undefined)?.method).toBe("PUT");
    expect(bodyOf(fetchMock.mock.calls[0])).toEqual({
      bankCode: "0134",
      idType: "V",
      idNumber: "12.345.678",
      phone: "0414-1234567",
    });
    vi.useRealTimers();
  });

  it("vencido el plazo lo dice; con los datos dados los muestra; Zelle o pagado no pide nada", () => {
    vi.useFakeTimers({ now: new Date("2026-12-10T12:00:00.000Z"), toFake: ["Date"] });
    const { unmount } = renderWithProviders(<RefundPayout refund={buyerRefund()} />);
    expect(screen.getByRole("form")).toHaveTextContent("El plazo de 7 días venció el");
    unmount();
    const given = buyerRefund({
      payout: { bankCode: "0134", idType: "V", idNumber: "12345678", phone: "+584141234567", account: null },
    });
    const second = renderWithProviders(<RefundPayout refund={given} />);
    expect(screen.getByText(/0134 · Banesco · V-12345678 · 0414-1234567/)).toBeInTheDocument();
    second.unmount();
    const zelle = renderWithProviders(
      <RefundPayout refund={buyerRefund({ paymentMethod: "zelle", payoutDueAt: null })} />,
    );
    expect(zelle.container).toBeEmptyDOMElement();
    zelle.unmount();
    const paid = renderWithProviders(<RefundPayout refund={buyerRefund({ status: "paid" })} />);
    expect(paid.container).toBeEmptyDOMElement();
    vi.useRealTimers();
  });
});

/** Two tickets' refund made on Nov 29, waiting for the buyer's payout data until DUE. */
function adminRefund(overrides: Partial<Refund> = {}): Refund {
  return makeRefund({
    amount: 537.55,
    exchangeRate: 36.58,
    amountVes: 537.55,
    quantityOfTickets: 2,
    payTo: { name: "Beto Bolívares", email: "beto@example.com", phone: null },
    createdAt: "2026-11-29T12:00:00.000Z",
    payoutDueAt: DUE,
    payoutGivenAt: null,
    payout: null,
    ...overrides,
  });
}

describe("Reembolsos (admin): datos del comprador", () => {
  const now = new Date("2026-11-30T12:00:00.000Z").getTime();
  it("espera los datos hasta la fecha, avisa del plazo vencido y muestra los datos con botones de copiar", () => {
    const waiting = renderWithProviders(<RefundPayoutDetails refund={adminRefund()} now={now} />);
    expect(screen.getByText(/Esperando datos del comprador hasta el/)).toBeInTheDocument();
    waiting.unmount();

    const late = renderWithProviders(
      <RefundPayoutDetails refund={adminRefund()} now={new Date("2026-12-07T00:00:00.000Z").getTime()} />,
    );
    expect(screen.getByText("Plazo vencido:")).toBeInTheDocument();
    late.unmount();

    renderWithProviders(
      <RefundPayoutDetails
        refund={adminRefund({
          payoutGivenAt: "2026-11-30T10:00:00.000Z",
          payout: {
            bankCode: "0134",
            idType: "V",
            idNumber: "12345678",
            phone: "+584141234567",
            account: null,
          },
        })}
        now={now}
      />,
    );
    const data = screen.getByLabelText("Datos bancarios de Beto Bolívares");
    expect(data).toHaveTextContent("0134 · Banesco");
    expect(data).toHaveTextContent("V-12345678");
    expect(data).toHaveTextContent("0414-1234567");
    for (const name of ["Copiar banco", "Copiar cédula", "Copiar pago móvil"]) {
      expect(within(data).getByRole("button", { name })).toBeInTheDocument();
    }
    expect(screen.queryByText(/Esperando datos/)).toBeNull();
  });

  it("no muestra nada para un reembolso por Zelle", () => {
    const { container } = renderWithProviders(
      <RefundPayoutDetails refund={adminRefund({ paymentMethod: "zelle", payoutDueAt: null })} now={now} />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
