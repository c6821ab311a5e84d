// @vitest-environment happy-dom
import { FIELD_MESSAGES } from "@rifazo/shared/schemas/admin/raffle-form-fields";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "../src/components/ui/toast";
import { RaffleFormDialog } from "../src/features/admin/raffles/raffle-form-dialog";
import { jsonResponse } from "./fixtures/http";
import { makeAdminRaffle } from "./fixtures/raffle";
import { renderWithProviders, stubFetch } from "./render";

// «Premio en dinero» in the raffle form (docs/decisions/0035-prizes-on-the-record.md): a level's value
// becomes the amount of a cash prize in the chosen currency, required and above 0, sent as cashCurrency;
// once the raffle has sales the choice is fixed, as the published rules hold it.

vi.mock("../src/components/ui/toast", () => ({ toast: vi.fn() }));

const fetchMock = stubFetch();

beforeEach(() => {
  vi.mocked(toast).mockClear();
});

describe("Premio en dinero", () => {
  it("marca el nivel como dinero en la moneda de la rifa, exige el monto y lo envía con cashCurrency", async () => {
    fetchMock.mockResolvedValue(jsonResponse(201, { id: "r-new", title: "Moto" }));
    const user = userEvent.setup();
    renderWithProviders(<RaffleFormDialog open onOpenChange={vi.fn()} raffle={null} />);
    const dialog = screen.getByRole("dialog", { name: "Crear Rifa" });
    await user.type(within(dialog).getByLabelText("Nombre de la Rifa *"), "Mil dólares");
    await user.type(within(dialog).getByLabelText("Precio *"), "2");
    await user.click(within(dialog).getByRole("button", { name: "100 boletos" }));
    await user.type(within(dialog).getByLabelText("Fecha y Hora del Sorteo *"), "2027-01-15T20:00");
    await user.type(within(dialog).getByLabelText("Descripción del premio *"), "Mil dólares en efectivo");

    expect(within(dialog).queryByLabelText("Moneda del premio *")).toBeNull();
    await user.click(within(dialog).getByRole("checkbox", { name: "Premio en dinero" }));
    expect(within(dialog).getByLabelText("Moneda del premio *")).toHaveValue("USD");
    expect(within(dialog).queryByLabelText("Valor (opcional)")).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: "Crear Rifa" }));
    expect(await within(dialog).findByText(FIELD_MESSAGES.cashValue)).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Monto del premio *")).toHaveAttribute("aria-invalid", "true");
    expect(fetchMock).not.toHaveBeenCalled();
    const levels = within(dialog).getByRole("region", { name: "Niveles de Premio *" });
    const result = await axe.run(levels);
    expect(result.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

    await user.selectOptions(within(dialog).getByLabelText("Moneda del premio *"), "VES");
    await user.type(within(dialog).getByLabelText("Monto del premio *"), "36.500,00");
    await user.click(within(dialog).getByRole("button", { name: "Crear Rifa" }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const body = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body));
    expect(body.prizeLevels).toEqual([
      {
        level: 1,
        description: "Mil dólares en efectivo",
        winnerCount: 1,
        prizeValue: 36500,
        cashCurrency: "VES",
      },
    ]);
  });

  it("desmarcarlo vuelve a un premio en especie (cashCurrency null)", async () => {
    fetchMock.mockResolvedValue(jsonResponse(201, { id: "r-new", title: "Moto" }));
    const user = userEvent.setup();
    renderWithProviders(<RaffleFormDialog open onOpenChange={vi.fn()} raffle={null} />);
    const dialog = screen.getByRole("dialog", { name: "Crear Rifa" });
    await user.type(within(dialog).getByLabelText("Nombre de la Rifa *"), "Moto");
    await user.type(within(dialog).getByLabelText("Precio *"), "2");
    await user.click(within(dialog).getByRole("button", { name: "100 boletos" }));
    await user.type(within(dialog).getByLabelText("Fecha y Hora del Sorteo *"), "2027-01-15T20:00");
    await user.type(within(dialog).getByLabelText("Descripción del premio *"), "Una moto");
    const cash = within(dialog).getByRole("checkbox", { name: "Premio en dinero" });
    await user.click(cash);
    await user.click(cash);
    expect(within(dialog).getByLabelText("Valor (opcional)")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Crear Rifa" }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const body = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body));
    expect(body.prizeLevels[0]).toMatchObject({ description: "Una moto", cashCurrency: null });
  });

  it("con ventas, el premio en dinero se muestra fijo y no viaja en el PATCH", async () => {
    const raffle = makeAdminRaffle({
      id: "r9",
      title: "Mil dólares",
      endDate: "2030-01-01T00:00:00.000Z",
      soldTickets: 4,
      hasSales: true,
      prizeLevels: [
        { level: 1, description: "Mil dólares", winnerCount: 1, prizeValue: 1000, cashCurrency: "USD" },
      ],
    });
    fetchMock.mockResolvedValue(jsonResponse(200, raffle));
    const user = userEvent.setup();
    renderWithProviders(<RaffleFormDialog open onOpenChange={vi.fn()} raffle={raffle} />);
    const dialog = screen.getByRole("dialog", { name: "Editar Rifa" });
    const cash = within(dialog).getByRole("checkbox", { name: "Premio en dinero" });
    expect(cash).toBeChecked();
    expect(cash).toBeDisabled();
    expect(within(dialog).getByLabelText("Moneda del premio *")).toBeDisabled();
    expect(within(dialog).getByLabelText("Moneda del premio *")).toHaveValue("USD");
    expect(within(dialog).getByLabelText("Monto del premio *")).toBeDisabled();
    expect(within(dialog).getByLabelText("Monto del premio *")).toHaveValue("1.000,00");

    await user.type(within(dialog).getByLabelText("Nombre de la Rifa *"), " USD");
    await user.click(within(dialog).getByRole("button", { name: "Guardar Cambios" }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const body = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body));
    expect(body.title).toBe("Mil dólares USD");
    expect(body).not.toHaveProperty("prizeLevels");
  });
});
