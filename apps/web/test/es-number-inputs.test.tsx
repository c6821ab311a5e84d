// @vitest-environment happy-dom
import { MONEY_MESSAGES } from "@rifazo/shared/domain/money";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "../src/components/ui/toast";
import { RaffleFormDialog } from "../src/features/admin/raffles/raffle-form-dialog";
import { SettingsTab } from "../src/features/admin/settings/settings-tab";
import { renderWithProviders, stubFetch } from "./render";

// Money and quantities typed the es-VE way in the admin's forms ("1.194,56", "2,5", "1.000"), read by the
// shared parser: a price of "2,5" is 2.5 (a number input in an English browser made it 25), an exchange rate
// of "1.194,56" is accepted, and a dot that could be thousands or decimals is refused in Spanish.

vi.mock("../src/components/ui/toast", () => ({ toast: vi.fn() }));

const fetchMock = stubFetch();

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

beforeEach(() => {
  vi.mocked(toast).mockClear();
});

describe("admin raffle form", () => {
  function renderDialog() {
    renderWithProviders(<RaffleFormDialog open onOpenChange={vi.fn()} raffle={null} />);
    return screen.getByRole("dialog", { name: "Crear Rifa" });
  }

  it('saves a price typed "2,5" as 2.5, with es-VE thousands in the total and the prize value', async () => {
    fetchMock.mockResolvedValue(json(201, { id: "r-new", title: "Moto" }));
    const user = userEvent.setup();
    const dialog = renderDialog();
    await user.type(within(dialog).getByLabelText("Nombre de la Rifa *"), "Moto");
    const price = within(dialog).getByLabelText("Precio *");
    await user.type(price, "2,5");
    const total = within(dialog).getByLabelText("Total de Boletos *");
    await user.clear(total);
    await user.type(total, "1.000");
    await user.type(within(dialog).getByLabelText("Fecha y Hora del Sorteo *"), "2027-01-15T20:00");
    await user.type(within(dialog).getByLabelText("Descripción del premio *"), "Moto 0 km");
    await user.type(within(dialog).getByLabelText("Valor (opcional)"), "1.194,56");
    await user.click(within(dialog).getByLabelText("Nombre de la Rifa *"));
    // On blur each field shows its value the es-VE way.
    expect(price).toHaveValue("2,50");
    expect(total).toHaveValue("1.000");
    expect(within(dialog).getByLabelText("Valor (opcional)")).toHaveValue("1.194,56");
    await user.click(within(dialog).getByRole("button", { name: "Crear Rifa" }));

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const body = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body));
    expect(body).toMatchObject({
      price: 2.5,
      totalTickets: 1000,
      prizeLevels: [{ description: "Moto 0 km", winnerCount: 1, prizeValue: 1194.56 }],
    });
  });

  it("refuses a price whose dot could be thousands or decimals, with the parser's message", async () => {
    const user = userEvent.setup();
    const dialog = renderDialog();
    const price = within(dialog).getByLabelText("Precio *");
    await user.type(price, "1194.567");
    await user.click(within(dialog).getByRole("button", { name: "Crear Rifa" }));
    expect(await within(dialog).findByText(MONEY_MESSAGES.ambiguous)).toBeInTheDocument();
    expect(price).toHaveValue("1194.567");
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe("exchange-rate settings", () => {
  const current = { rate: 36.5, date: "2026-11-20", source: "BCV" };

  function serve() {
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.endsWith("/api/settings/public")) {
        return json(200, { exchangeRate: current, paymentAccounts: null, supportContact: null });
      }
      if (url.endsWith("/api/admin/settings/exchange-rate") && init?.method === "PUT") {
        return json(200, { ...JSON.parse(String(init.body)) });
      }
      return json(404, { error: { code: "NOT_FOUND", message: "No encontrado." } });
    });
  }

  const puts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === "PUT");

  it('accepts "1.194,56" and sends 1194.56', async () => {
    serve();
    const user = userEvent.setup();
    renderWithProviders(<SettingsTab />);
    const rate = await screen.findByLabelText("Bolívares por dólar (Bs./USD)");
    expect(rate).toHaveValue("36,5000");
    await user.clear(rate);
    await user.type(rate, "1.194,56");
    await user.click(screen.getByRole("button", { name: "Guardar Tasa" }));

    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(JSON.parse(String(puts()[0]?.[1]?.body))).toMatchObject({ rate: 1194.56, source: "BCV" });
    expect(rate).toHaveValue("1.194,5600");
  });

  it('refuses "36.512" (four decimals allowed: thousands or decimals?) with the Spanish message', async () => {
    serve();
    const user = userEvent.setup();
    renderWithProviders(<SettingsTab />);
    const rate = await screen.findByLabelText("Bolívares por dólar (Bs./USD)");
    await user.clear(rate);
    await user.type(rate, "36.512");
    await user.click(screen.getByRole("button", { name: "Guardar Tasa" }));

    expect(await screen.findByText(MONEY_MESSAGES.ambiguous)).toBeInTheDocument();
    expect(rate).toHaveAttribute("aria-invalid", "true");
    expect(puts()).toHaveLength(0);
  });
});
