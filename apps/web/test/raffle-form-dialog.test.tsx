// @vitest-environment happy-dom

import type { AdminRaffle } from "@rifazo/shared/schemas/admin";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "../src/components/ui/toast";
import { RaffleFormDialog } from "../src/features/admin/raffles/raffle-form-dialog";
import { jsonResponse } from "./fixtures/http";
import { makeAdminRaffle } from "./fixtures/raffle";
import { renderWithProviders, stubFetch } from "./render";

// The admin's raffle form (spec 2 §2 "Raffle form"): required fields with the shared schema's Spanish
// messages, the spec's summary toast, and the body POSTed to the API.

vi.mock("../src/components/ui/toast", () => ({ toast: vi.fn() }));

const fetchMock = stubFetch();

function renderDialog() {
  const onOpenChange = vi.fn();
  const user = userEvent.setup();
  renderWithProviders(<RaffleFormDialog open onOpenChange={onOpenChange} raffle={null} />);
  return { user, onOpenChange, dialog: screen.getByRole("dialog", { name: "Crear Rifa" }) };
}

const createButton = (dialog: HTMLElement) => within(dialog).getByRole("button", { name: "Crear Rifa" });

/** Types the required fields (a 100-ticket "Moto" at 1 unless told); `preset` null leaves the total empty. */
async function fillRequired(
  user: ReturnType<typeof userEvent.setup>,
  dialog: HTMLElement,
  {
    title = "Moto",
    price = "1",
    preset = "100 boletos",
    prize = "Moto",
  }: { title?: string; price?: string; preset?: string | null; prize?: string } = {},
) {
  await user.type(within(dialog).getByLabelText("Nombre de la Rifa *"), title);
  await user.type(within(dialog).getByLabelText("Precio *"), price);
  if (preset) await user.click(within(dialog).getByRole("button", { name: preset }));
  await user.type(within(dialog).getByLabelText("Fecha y Hora del Sorteo *"), "2027-01-15T20:00");
  await user.type(within(dialog).getByLabelText("Descripción del premio *"), prize);
}

/** The raffle the create tests send. */
const MOTO_2027 = { title: "Moto Bera 2027", prize: "Una moto Bera 0 km" };

beforeEach(() => {
  vi.mocked(toast).mockClear();
});

describe("RaffleFormDialog (create)", () => {
  it("marks the required fields with the shared schema's messages and the spec's summary", async () => {
    const { user, dialog } = renderDialog();
    await user.click(createButton(dialog));

    expect(await within(dialog).findByText("El nombre de la rifa es obligatorio.")).toBeInTheDocument();
    expect(
      within(dialog).getByText("El precio debe ser un número mayor o igual a 0.01, con hasta dos decimales."),
    ).toBeInTheDocument();
    expect(within(dialog).getByText("Indica una fecha y hora de sorteo válida.")).toBeInTheDocument();
    expect(within(dialog).getByText("Describe el premio de este nivel.")).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Nombre de la Rifa *")).toHaveAttribute("aria-invalid", "true");
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({
        title: "Campos Requeridos",
        description: expect.stringMatching(
          /^Por favor, completa o corrige: Nombre de la Rifa, Precio, Total de Boletos, Fecha y Hora del Sorteo, .+\.$/,
        ),
      }),
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("refuses a price with more than two decimals", async () => {
    const { user, dialog } = renderDialog();
    await user.type(within(dialog).getByLabelText("Precio *"), "1,234");
    await user.click(createButton(dialog));
    expect(
      await within(dialog).findByText(
        "El precio debe ser un número mayor o igual a 0.01, con hasta dos decimales.",
      ),
    ).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("POSTs the parsed raffle and closes on success", async () => {
    fetchMock.mockResolvedValue(jsonResponse(201, { id: "r-new", title: "Moto Bera 2027" }));
    const { user, dialog, onOpenChange } = renderDialog();
    await user.type(within(dialog).getByLabelText("Nombre de la Rifa *"), "  Moto Bera 2027 ");
    await user.type(within(dialog).getByLabelText("Precio *"), "2.50");
    const total = within(dialog).getByLabelText("Total de Boletos *");
    await user.clear(total);
    await user.type(total, "500");
    await user.type(within(dialog).getByLabelText("Fecha y Hora del Sorteo *"), "2027-01-15T20:00");
    await user.type(within(dialog).getByLabelText("Descripción del premio *"), "Una moto Bera 0 km");
    await user.click(createButton(dialog));

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/admin/raffles");
    expect(init?.method).toBe("POST");
    const body = JSON.parse(String(init?.body));
    expect(body).toMatchObject({
      title: "Moto Bera 2027",
      price: 2.5,
      currency: "USD",
      totalTickets: 500,
      status: "upcoming",
      activationType: "date",
      // 20:00 in Caracas (UTC−4) is midnight UTC.
      endDate: "2027-01-16T00:00:00.000Z",
      activationPercentage: null,
      prizeLevels: [{ description: "Una moto Bera 0 km", winnerCount: 1 }],
    });
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: "Rifa Creada", variant: "success" }));
  });

  it("sends how buyers buy: number mode, reservation minutes, combos in es-VE and the checked methods", async () => {
    fetchMock.mockResolvedValue(jsonResponse(201, { id: "r-new", title: "Moto Bera 2027" }));
    const { user, dialog } = renderDialog();
    await fillRequired(user, dialog, MOTO_2027);
    await user.click(within(dialog).getByRole("radio", { name: "El comprador elige sus números" }));
    const minutes = within(dialog).getByLabelText("Minutos de reserva");
    await user.clear(minutes);
    await user.type(minutes, "30");
    await user.click(within(dialog).getByRole("button", { name: "Añadir combo" }));
    await user.type(within(dialog).getByLabelText("Boletos del combo 1"), "5");
    await user.type(within(dialog).getByLabelText("Precio del combo 1"), "4,5");
    await user.click(within(dialog).getByRole("checkbox", { name: "Binance Pay" }));
    await user.click(within(dialog).getByRole("checkbox", { name: "Transferencia bancaria" }));
    await user.click(createButton(dialog));

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const body = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body));
    expect(body).toMatchObject({
      numberMode: "chosen",
      reservationMinutes: 30,
      combos: [{ quantity: 5, price: 4.5 }],
      paymentMethods: ["Pago Móvil", "Transferencia bancaria", "Zelle"],
    });
  });

  it("sends the claim period (7 days by default) and refuses one outside 1–365", async () => {
    fetchMock.mockResolvedValue(jsonResponse(201, { id: "r-new", title: "Moto Bera 2027" }));
    const { user, dialog } = renderDialog();
    await fillRequired(user, dialog, MOTO_2027);
    const days = within(dialog).getByLabelText("Días para Reclamar el Premio");
    expect(days).toHaveValue(7);
    await user.clear(days);
    await user.type(days, "0");
    await user.click(createButton(dialog));
    expect(
      await within(dialog).findByText(
        "El plazo para reclamar el premio debe ser un número entero de días entre 1 y 365.",
      ),
    ).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    await user.clear(days);
    await user.type(days, "14");
    await user.click(createButton(dialog));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toMatchObject({ claimPeriodDays: 14 });
  });

  it("refuses a combo that costs no less than its tickets, and reservation minutes out of range", async () => {
    const { user, dialog } = renderDialog();
    await fillRequired(user, dialog);
    const minutes = within(dialog).getByLabelText("Minutos de reserva");
    await user.clear(minutes);
    await user.type(minutes, "200");
    await user.click(within(dialog).getByRole("button", { name: "Añadir combo" }));
    await user.type(within(dialog).getByLabelText("Boletos del combo 1"), "5");
    await user.type(within(dialog).getByLabelText("Precio del combo 1"), "5,00");
    await user.click(createButton(dialog));

    expect(
      await within(dialog).findByText("Cada combo debe costar menos que sus boletos al precio normal."),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText("Los minutos de reserva deben ser un número entero entre 5 y 120."),
    ).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("puts the server's field messages on their inputs", async () => {
    const message = "Ya existe una rifa con ese nombre.";
    fetchMock.mockResolvedValue(
      jsonResponse(400, { error: { code: "VALIDATION", message, fields: { title: message } } }),
    );
    const { user, dialog, onOpenChange } = renderDialog();
    await fillRequired(user, dialog, { price: "3", preset: "10.000 boletos" });
    await user.click(createButton(dialog));

    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({ title: "Error al Crear Rifa", description: message }),
    );
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});

function soldRaffle(): AdminRaffle {
  return makeAdminRaffle({
    id: "r9",
    title: "Moto Bera",
    description: "",
    price: 1,
    endDate: "2030-01-01T00:00:00.000Z",
    soldTickets: 4,
    paymentMethods: ["Pago Móvil", "Efectivo"],
    acceptedMethods: ["pago_movil", "efectivo_usd"],
    numberMode: "chosen",
    reservationMinutes: 20,
    combos: [{ quantity: 5, price: 4.5 }],
    daysUntilActivationTeaser: 10,
    claimPeriodDays: 14,
    paymentProofCount: 4,
  });
}

describe("RaffleFormDialog (total, images, lottery)", () => {
  it("the total starts empty and is required; 100 / 1.000 / 10.000 are one tap away", async () => {
    fetchMock.mockResolvedValue(jsonResponse(201, { id: "r-new", title: "Moto" }));
    const { user, dialog } = renderDialog();
    const total = within(dialog).getByLabelText("Total de Boletos *");
    expect(total).toHaveValue("");
    await fillRequired(user, dialog, { preset: null });
    await user.click(createButton(dialog));
    expect(await within(dialog).findByText(/^Elige cuántos boletos tiene la rifa/)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    const thousand = within(dialog).getByRole("button", { name: "1.000 boletos" });
    await user.click(thousand);
    expect(total).toHaveValue("1.000");
    expect(thousand).toHaveAttribute("aria-pressed", "true");
    await user.click(createButton(dialog));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body)).totalTickets).toBe(1000);
  });

  it("a lottery-decided raffle is not created on sale: the form says to bind the lottery first", async () => {
    const { user, dialog } = renderDialog();
    await fillRequired(user, dialog);
    await user.click(within(dialog).getByRole("radio", { name: "Externo" }));
    expect(within(dialog).getByRole("radio", { name: "Con una lotería oficial" })).toBeChecked();
    await user.click(within(dialog).getByRole("combobox", { name: "Plataforma del Anuncio *" }));
    await user.click(await screen.findByRole("option", { name: "Instagram Live" }));
    await user.click(within(dialog).getByRole("combobox", { name: "Estado" }));
    await user.click(await screen.findByRole("option", { name: "En venta" }));
    await user.click(createButton(dialog));
    expect(
      await within(dialog).findByText(/Falta la lotería, la fecha y hora de su sorteo/),
    ).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe("RaffleFormDialog (edit)", () => {
  it("reorders and removes prize images with named buttons; the PATCH carries the new order", async () => {
    const img = (n: number) => `/api/images/00000000-0000-4000-8000-00000000000${n}`;
    const raffle = makeAdminRaffle({
      id: "r7",
      title: "Moto Bera",
      endDate: "2030-01-01T00:00:00.000Z",
      prizeImage: img(1),
      imageAlt: "Frente",
      images: [
        { url: img(1), alt: "Frente" },
        { url: img(2), alt: "Lado" },
        { url: img(3), alt: "Casco" },
      ],
    });
    fetchMock.mockResolvedValue(jsonResponse(200, raffle));
    const user = userEvent.setup();
    renderWithProviders(<RaffleFormDialog open onOpenChange={vi.fn()} raffle={raffle} />);
    const dialog = screen.getByRole("dialog", { name: "Editar Rifa" });
    expect(within(dialog).getByRole("button", { name: "Subir la imagen 1" })).toBeDisabled();
    expect(within(dialog).getByRole("button", { name: "Bajar la imagen 3" })).toBeDisabled();
    // Keyboard: focus "Bajar la imagen 1" and press Enter.
    within(dialog).getByRole("button", { name: "Bajar la imagen 1" }).focus();
    await user.keyboard("{Enter}");
    expect(within(dialog).getByLabelText(/^Texto alternativo de la imagen 1/)).toHaveValue("Lado");
    await user.click(within(dialog).getByRole("button", { name: "Quitar la imagen 3" }));
    const alt = within(dialog).getByLabelText(/^Texto alternativo de la imagen 2/);
    await user.clear(alt);
    await user.type(alt, "Moto de frente");
    await user.click(within(dialog).getByRole("button", { name: "Guardar Cambios" }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const body = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body));
    expect(body.images).toEqual([
      { url: img(2), alt: "Lado" },
      { url: img(1), alt: "Moto de frente" },
    ]);
    expect(body.prizeImage).toBe(img(2));
  });

  it("shows the stored purchase rules, keeps locked combos out of the PATCH and sends only what changed", async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, soldRaffle()));
    const user = userEvent.setup();
    renderWithProviders(<RaffleFormDialog open onOpenChange={vi.fn()} raffle={soldRaffle()} />);
    const dialog = screen.getByRole("dialog", { name: "Editar Rifa" });
    expect(within(dialog).getByRole("radio", { name: "El comprador elige sus números" })).toBeChecked();
    expect(within(dialog).getByRole("radio", { name: "El comprador elige sus números" })).toBeDisabled();
    expect(within(dialog).getByText("5 boletos por 4,50")).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Minutos de reserva")).toHaveValue(20);
    // Sold: the claim period is part of the published rules and cannot change.
    expect(within(dialog).getByLabelText("Días para Reclamar el Premio")).toHaveValue(14);
    expect(within(dialog).getByLabelText("Días para Reclamar el Premio")).toBeDisabled();
    // A stored label that is not a known method stays listed and checked.
    expect(within(dialog).getByRole("checkbox", { name: "Efectivo" })).toBeChecked();
    expect(within(dialog).getByRole("checkbox", { name: "Zelle" })).not.toBeChecked();

    const minutes = within(dialog).getByLabelText("Minutos de reserva");
    await user.clear(minutes);
    await user.type(minutes, "30");
    await user.click(within(dialog).getByRole("button", { name: "Guardar Cambios" }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/admin/raffles/r9");
    expect(JSON.parse(String(init?.body))).toEqual({ reservationMinutes: 30 });
  });
});
