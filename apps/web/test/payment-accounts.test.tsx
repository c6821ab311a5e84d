// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { SettingsTab } from "../src/features/admin/settings/settings-tab";
import { PaymentMethods } from "../src/features/payment-methods";
import { renderWithProviders, stubFetch } from "./render";

// The bank transfer account: set up by the organiser with the other payment accounts, shown on
// /metodos-pago with a copy button per detail.

vi.mock("../src/components/ui/toast", () => ({ toast: vi.fn() }));

const transfer = {
  bank: "Banesco (0134)",
  accountNumber: "01340000000000000001",
  holder: "Rifazo C.A.",
  idNumber: "J-12345678-9",
};

const fetchMock = stubFetch();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function serveSettings(paymentAccounts: Record<string, unknown>) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === "/api/settings/public") {
      return json(200, {
        exchangeRate: { rate: 37.33, date: "2026-11-25", source: "BCV" },
        paymentAccounts,
        supportContact: { whatsapp: null },
      });
    }
    if (url === "/api/admin/settings/payment-accounts" && init?.method === "PUT") {
      return json(200, JSON.parse(String(init.body)));
    }
    return json(404, { error: { code: "NOT_FOUND", message: "No encontrado." } });
  });
}

describe("bank transfer account", () => {
  it("is shown on the payment methods page with its details and copy buttons", async () => {
    serveSettings({ pagoMovil: null, zelle: null, binance: null, transfer });
    renderWithProviders(<PaymentMethods />);
    const card = await screen.findByRole("region", { name: "Transferencia bancaria" });
    expect(await within(card).findByText("01340000000000000001")).toBeInTheDocument();
    expect(card).toHaveTextContent("Rifazo C.A.");
    expect(within(card).getByRole("button", { name: "Copiar número de cuenta" })).toBeInTheDocument();
    expect(
      within(card).getByRole("button", { name: "Copiar cédula o RIF del titular de la cuenta" }),
    ).toBeInTheDocument();
  });

  it("is not advertised when the organiser has not set it up: only configured methods are shown", async () => {
    serveSettings({
      pagoMovil: null,
      zelle: { email: "pagos@rifazo.test", name: "Rifazo LLC" },
      binance: null,
    });
    renderWithProviders(<PaymentMethods />);
    const zelle = await screen.findByRole("region", { name: "Zelle" });
    expect(await within(zelle).findByText("pagos@rifazo.test")).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Transferencia bancaria" })).not.toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Pago Móvil" })).not.toBeInTheDocument();
    expect(screen.queryByText(/Este método no está disponible/)).not.toBeInTheDocument();
  });

  it("is saved by the admin with the other accounts", async () => {
    serveSettings({ pagoMovil: null, zelle: null, binance: null, transfer: null });
    const user = userEvent.setup();
    renderWithProviders(<SettingsTab />);
    const group = await screen.findByRole("group", { name: "Transferencia bancaria" });
    await user.click(within(group).getByRole("switch"));
    await user.type(within(group).getByLabelText("Banco"), transfer.bank);
    await user.type(within(group).getByLabelText("Número de cuenta (20 dígitos)"), transfer.accountNumber);
    await user.type(within(group).getByLabelText("Titular"), transfer.holder);
    await user.type(within(group).getByLabelText("Cédula o RIF"), transfer.idNumber);
    await user.click(screen.getByRole("button", { name: "Guardar Cuentas" }));

    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        "/api/admin/settings/payment-accounts",
        expect.objectContaining({ method: "PUT" }),
      ),
    );
    const put = fetchMock.mock.calls.find(([url]) => url === "/api/admin/settings/payment-accounts");
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      pagoMovil: null,
      zelle: null,
      binance: null,
      transfer,
    });
  });
});
