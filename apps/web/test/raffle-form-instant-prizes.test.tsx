// @vitest-environment happy-dom
import { ADMIN_MESSAGES } from "@rifazo/shared/schemas/admin";
import { FIELD_MESSAGES } from "@rifazo/shared/schemas/admin/raffle-form-fields";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "../src/components/ui/toast";
import { RaffleFormDialog } from "../src/features/admin/raffles/raffle-form-dialog";
import { INSTANT_PRIZES_HELP } from "../src/features/admin/raffles/raffle-form-instant-section";
import { jsonResponse } from "./fixtures/http";
import { makeAdminRaffle } from "./fixtures/raffle";
import { renderWithProviders, stubFetch } from "./render";

// «Premios instantáneos» in the raffle form (docs/decisions/0035-prizes-on-the-record.md, "Instant wins
// nobody can aim"): rows added and removed, checked by the shared schema before sending, sent in order as
// instantPrizes; once the raffle has sales they are shown fixed, with the reason, and never sent.

vi.mock("../src/components/ui/toast", () => ({ toast: vi.fn() }));

const fetchMock = stubFetch();

beforeEach(() => {
  vi.mocked(toast).mockClear();
});

async function newRaffleDialog(user: ReturnType<typeof userEvent.setup>) {
  renderWithProviders(<RaffleFormDialog open onOpenChange={vi.fn()} raffle={null} />);
  const dialog = screen.getByRole("dialog", { name: "Crear Rifa" });
  await user.type(within(dialog).getByLabelText("Nombre de la Rifa *"), "Moto");
  await user.type(within(dialog).getByLabelText("Precio *"), "2");
  await user.click(within(dialog).getByRole("button", { name: "100 boletos" }));
  await user.type(within(dialog).getByLabelText("Fecha y Hora del Sorteo *"), "2027-01-15T20:00");
  await user.type(within(dialog).getByLabelText("Descripción del premio *"), "Una moto");
  return { dialog, section: within(dialog).getByRole("region", { name: "Premios instantáneos" }) };
}

const sentBody = () => JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body));

describe("Premios instantáneos", () => {
  it("añade filas, muestra el mensaje del esquema sin enviar, y envía la lista en orden", async () => {
    fetchMock.mockResolvedValue(jsonResponse(201, { id: "r-new", title: "Moto" }));
    const user = userEvent.setup();
    const { dialog, section } = await newRaffleDialog(user);
    expect(within(section).getByText(INSTANT_PRIZES_HELP)).toBeInTheDocument();
    expect(section).toHaveAccessibleDescription(INSTANT_PRIZES_HELP);
    expect(within(section).getByText("Esta rifa no tiene premios instantáneos.")).toBeInTheDocument();

    await user.click(within(section).getByRole("button", { name: "Añadir premio instantáneo" }));
    const first = within(section).getByRole("group", { name: "Premio instantáneo 1" });
    expect(within(first).getByLabelText("Descripción del premio instantáneo *")).toHaveFocus();
    await user.type(within(first).getByLabelText("Descripción del premio instantáneo *"), "ab");
    await user.click(within(dialog).getByRole("button", { name: "Crear Rifa" }));
    expect(await within(first).findByText(FIELD_MESSAGES.instantDescription)).toBeInTheDocument();
    expect(within(first).getByLabelText("Descripción del premio instantáneo *")).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    expect(fetchMock).not.toHaveBeenCalled();
    expect(vi.mocked(toast)).toHaveBeenCalledWith(
      expect.objectContaining({
        description: "Por favor, completa o corrige: Descripción del premio instantáneo 1.",
      }),
    );
    const result = await axe.run(section);
    expect(result.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

    await user.type(within(first).getByLabelText("Descripción del premio instantáneo *"), "c Rifazo");
    const count = within(first).getByLabelText("Cantidad *");
    await user.clear(count);
    await user.type(count, "5");
    await user.click(within(section).getByRole("button", { name: "Añadir premio instantáneo" }));
    const second = within(section).getByRole("group", { name: "Premio instantáneo 2" });
    await user.type(within(second).getByLabelText("Descripción del premio instantáneo *"), "Veinte dólares");
    await user.click(within(second).getByRole("checkbox", { name: "Premio en dinero" }));
    await user.selectOptions(within(second).getByLabelText("Moneda del premio *"), "VES");
    await user.type(within(second).getByLabelText("Monto del premio *"), "1.200,50");
    await user.click(within(dialog).getByRole("button", { name: "Crear Rifa" }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(sentBody().instantPrizes).toEqual([
      { description: "abc Rifazo", count: 5, prizeValue: null, cashCurrency: null },
      { description: "Veinte dólares", count: 1, prizeValue: 1200.5, cashCurrency: "VES" },
    ]);
  });

  it("más premios que boletos: el aviso queda bajo la sección; quitar la fila lo resuelve", async () => {
    fetchMock.mockResolvedValue(jsonResponse(201, { id: "r-new", title: "Moto" }));
    const user = userEvent.setup();
    const { dialog, section } = await newRaffleDialog(user);
    await user.click(within(section).getByRole("button", { name: "Añadir premio instantáneo" }));
    const first = within(section).getByRole("group", { name: "Premio instantáneo 1" });
    await user.type(within(first).getByLabelText("Descripción del premio instantáneo *"), "Gorra");
    const count = within(first).getByLabelText("Cantidad *");
    await user.clear(count);
    await user.type(count, "101");
    await user.click(within(dialog).getByRole("button", { name: "Crear Rifa" }));
    expect(await within(section).findByRole("alert")).toHaveTextContent(FIELD_MESSAGES.instantExceedTickets);
    expect(fetchMock).not.toHaveBeenCalled();

    await user.click(within(first).getByRole("button", { name: "Eliminar premio instantáneo 1" }));
    expect(within(section).queryByRole("group")).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: "Crear Rifa" }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(sentBody().instantPrizes).toEqual([]);
  });

  it("con ventas se muestran fijos, con el motivo, y no viajan en el PATCH", async () => {
    const raffle = makeAdminRaffle({
      id: "r9",
      title: "Moto",
      endDate: "2030-01-01T00:00:00.000Z",
      soldTickets: 4,
      hasSales: true,
      instantPrizes: [
        { description: "Gorra Rifazo", count: 5, prizeValue: null, cashCurrency: null },
        { description: "Veinte dólares", count: 2, prizeValue: 20, cashCurrency: "USD" },
      ],
    });
    fetchMock.mockResolvedValue(jsonResponse(200, raffle));
    const user = userEvent.setup();
    renderWithProviders(<RaffleFormDialog open onOpenChange={vi.fn()} raffle={raffle} />);
    const dialog = screen.getByRole("dialog", { name: "Editar Rifa" });
    const section = within(dialog).getByRole("region", { name: "Premios instantáneos" });
    expect(within(section).getByText(ADMIN_MESSAGES.instantPrizesLocked)).toBeInTheDocument();
    expect(within(section).queryByRole("button")).toBeNull();
    const second = within(section).getByRole("group", { name: "Premio instantáneo 2" });
    expect(second).toHaveAccessibleDescription(ADMIN_MESSAGES.instantPrizesLocked);
    expect(within(second).getByLabelText("Descripción del premio instantáneo *")).toBeDisabled();
    expect(within(second).getByLabelText("Descripción del premio instantáneo *")).toHaveValue(
      "Veinte dólares",
    );
    expect(within(second).getByLabelText("Cantidad *")).toHaveValue("2");
    expect(within(second).getByRole("checkbox", { name: "Premio en dinero" })).toBeDisabled();
    expect(within(second).getByLabelText("Moneda del premio *")).toHaveValue("USD");
    expect(within(second).getByLabelText("Monto del premio *")).toHaveValue("20,00");
    const result = await axe.run(section);
    expect(result.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

    await user.type(within(dialog).getByLabelText("Nombre de la Rifa *"), " roja");
    await user.click(within(dialog).getByRole("button", { name: "Guardar Cambios" }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(sentBody().title).toBe("Moto roja");
    expect(sentBody()).not.toHaveProperty("instantPrizes");
  });
});
