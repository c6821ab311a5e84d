// @vitest-environment happy-dom
import { createHmac } from "node:crypto";
import { encodeTaken } from "@rifazo/shared/domain/number-bitmap";
import { RESERVATION_MESSAGES } from "@rifazo/shared/schemas/reservation-messages";
import {
  type SellerSale,
  sellerSaleInputSchema,
  sellerSaleSigningText,
} from "@rifazo/shared/schemas/seller-sales";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { MemoryRouter, Route, Routes } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { sessionQueryKey } from "../src/features/auth/hooks/use-session";
import type { QueuedSale } from "../src/features/sellers/offline-storage";
import { paths } from "../src/lib/paths";
import { SellerAreaPage } from "../src/pages/seller/seller-area-page";
import { jsonResponse, notFoundResponse } from "./fixtures/http";
import { makeSellerSale, SELLER_AREA } from "./fixtures/seller-area";
import { phoneForEachTest } from "./fixtures/seller-phone";
import { BUYER } from "./fixtures/user";
import { stubFetch } from "./render";

// A vendedor's abonos (docs/decisions/0034-vendedores.md, "Abonos"): the sale form apartas numbers with a
// first payment within the raffle's bounds; «Mis ventas» labels each payment with the balance and offers
// «Registrar abono» on the first sale of one still owed, sent online or queued and signed without signal.

vi.mock("../src/components/ui/toast", () => ({ toast: vi.fn() }));

const fetchMock = stubFetch();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MOTO = "0b6c1f1e-5d7a-4a53-9a4e-2f1c3b5d7e91";
const IPHONE = "7d2e9a40-3c1b-4e8f-b6a2-5f9d0c8e1a37";
const FIRST = "6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f";
// The Moto aparta with at least $3,00 (a number is $5,00; the BCV rate 182,50 Bs/$); the iPhone sells whole.
const AREA = {
  ...SELLER_AREA,
  raffles: SELLER_AREA.raffles.map((raffle) =>
    raffle.raffleId === "r1"
      ? { ...raffle, raffleId: MOTO, installmentMinimum: 3 }
      : { ...raffle, raffleId: IPHONE },
  ),
};

/** The first payment of an abono of 007 and 042: $4,00 in cash, $6,00 left. */
const firstAbono = (overrides: Partial<SellerSale> = {}) =>
  makeSellerSale({
    id: "p1",
    saleId: FIRST,
    raffleId: MOTO,
    amount: 4,
    abono: { saleId: FIRST, total: 10, paid: 4, remaining: 6, currency: "USD", complete: false },
    ...overrides,
  });

const phone = phoneForEachTest();
const { setOnline } = phone;

interface Server {
  sales?: SellerSale[];
  /** The answer to each POST /api/seller/sales. */
  record?: (body: Record<string, unknown>) => Response;
}

function serve(server: Server) {
  const posted: Record<string, unknown>[] = [];
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === "/api/seller/me") return jsonResponse(200, AREA);
    if (url === "/api/seller/sales" && init?.method === "POST") {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      posted.push(body);
      return server.record ? server.record(body) : notFoundResponse();
    }
    if (url === "/api/seller/sales") return jsonResponse(200, { items: server.sales ?? [] });
    if (url === `/api/raffles/${MOTO}/numbers`)
      return jsonResponse(200, {
        raffleId: MOTO,
        totalTickets: 500,
        taken: 1,
        bitmap: encodeTaken(500, [3]),
      });
    return notFoundResponse();
  });
  return posted;
}

function renderArea() {
  const client = new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: Number.POSITIVE_INFINITY, networkMode: "offlineFirst" },
      mutations: { retry: false, networkMode: "always" },
    },
  });
  client.setQueryData(sessionQueryKey, BUYER);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[paths.seller]}>
        <Routes>
          <Route path={paths.seller} element={<SellerAreaPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function axeViolations() {
  const results = await axe.run(document.body, { rules: { region: { enabled: false } } });
  return results.violations.map((v) => `${v.id}: ${v.help}`);
}

/** The Moto's sale form with 007 and 042 picked and the buyer written. */
async function openMotoSale() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole("button", { name: "Registrar venta de Moto Bera SBR 150" }));
  const dialog = within(await screen.findByRole("dialog", { name: "Registrar venta" }));
  await dialog.findByRole("grid", { name: "Números de la rifa" });
  await user.click(dialog.getByRole("button", { name: "Número 007, disponible" }));
  await user.click(dialog.getByRole("button", { name: "Número 042, disponible" }));
  await user.type(dialog.getByLabelText("Nombre y apellido"), "María Gómez");
  await user.type(dialog.getByLabelText("Celular"), "0412-1234567");
  return { user, dialog };
}

describe("Apartar con abono", () => {
  it("offers the choice, empties the amount, says the bounds and checks them with the server's words", async () => {
    const posted = serve({ record: () => jsonResponse(201, firstAbono()) });
    renderArea();
    const { user, dialog } = await openMotoSale();
    const kind = dialog.getByRole("group", { name: "Tipo de venta" });
    expect(within(kind).getByRole("radio", { name: "Venta completa" })).toBeChecked();
    expect(kind).toHaveAccessibleDescription(/primer pago de al menos \$3,00/);
    const amount = dialog.getByLabelText("Monto cobrado (US$)");
    expect(amount).toHaveValue("10,00");

    await user.click(within(kind).getByRole("radio", { name: "Apartar con abono" }));
    expect(amount).toHaveValue("");
    expect(amount).toHaveAccessibleDescription("2 boletos: $10,00. Abono entre $3,00 y $10,00.");
    // In bolívares at the area's rate: 3 × 182,50 and 10 × 182,50.
    await user.click(dialog.getByRole("radio", { name: "Pago Móvil" }));
    expect(dialog.getByLabelText("Monto cobrado (Bs.)")).toHaveAccessibleDescription(
      /Abono entre Bs\. 547,50 y Bs\. 1\.825,00\./,
    );
    expect(dialog.getByLabelText("Monto cobrado (Bs.)")).toHaveValue("");
    await user.click(dialog.getByRole("radio", { name: "Efectivo (USD)" }));
    expect(await axeViolations()).toEqual([]);

    await user.type(amount, "2,00");
    await user.click(dialog.getByRole("button", { name: "Registrar venta" }));
    expect(await dialog.findByText(RESERVATION_MESSAGES.abonoBelowMinimum("$3,00"))).toBeInTheDocument();
    expect(amount).toHaveFocus();
    await user.clear(amount);
    await user.type(amount, "11,00");
    await user.click(dialog.getByRole("button", { name: "Registrar venta" }));
    expect(await dialog.findByText(RESERVATION_MESSAGES.abonoAboveBalance("$10,00"))).toBeInTheDocument();
    expect(posted).toEqual([]);

    await user.clear(amount);
    await user.type(amount, "4,00");
    await user.click(dialog.getByRole("button", { name: "Registrar venta" }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      saleId: expect.stringMatching(UUID),
      raffleId: MOTO,
      numbers: [7, 42],
      buyerName: "María Gómez",
      buyerPhone: "0412-1234567",
      buyerIdNumber: null,
      method: "efectivo_usd",
      reference: null,
      amount: "4,00",
      abono: true,
    });
    const result = within(await screen.findByRole("region", { name: "Venta registrada" }));
    expect(result.getByText("Abono: pagado $4,00 de $10,00 · faltan $6,00")).toBeInTheDocument();
    expect(result.getByText(/los números quedan apartados/)).toBeInTheDocument();
  });

  it("«Venta completa» again refills the price; a raffle sold whole offers no choice", async () => {
    serve({});
    renderArea();
    const { user, dialog } = await openMotoSale();
    await user.click(dialog.getByRole("radio", { name: "Apartar con abono" }));
    await user.click(dialog.getByRole("radio", { name: "Venta completa" }));
    expect(dialog.getByLabelText("Monto cobrado (US$)")).toHaveValue("10,00");
    await user.click(dialog.getAllByRole("button", { name: "Cerrar" })[0] as HTMLElement);

    await user.click(screen.getByRole("button", { name: "Registrar venta de iPhone 16" }));
    const iphone = within(await screen.findByRole("dialog", { name: "Registrar venta" }));
    expect(iphone.queryByRole("group", { name: "Tipo de venta" })).toBeNull();
    expect(iphone.queryByRole("radio", { name: "Apartar con abono" })).toBeNull();
  });
});

describe("Mis ventas with abonos", () => {
  it("labels each payment with the balance, and «Registrar abono» only where the next payment may go", async () => {
    const paid = "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d";
    const ana = "2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e";
    const anaAbono = {
      saleId: ana,
      total: 10,
      paid: 4,
      remaining: 6,
      currency: "USD",
      complete: false,
    } as const;
    serve({
      sales: [
        // Ana's second payment, a Pago Móvil under review: no other one until it is decided.
        firstAbono({
          id: "p5",
          saleId: "3c4d5e6f-7a8b-4c9d-8e1f-2a3b4c5d6e7f",
          buyerName: "Ana Díaz",
          status: "pending",
          receiptPath: null,
          abono: anaAbono,
        }),
        firstAbono({ id: "p4", saleId: ana, buyerName: "Ana Díaz", abono: anaAbono }),
        firstAbono({
          id: "p3",
          saleId: paid,
          buyerName: "Luis Mora",
          abono: { saleId: paid, total: 10, paid: 10, remaining: 0, currency: "USD", complete: true },
        }),
        firstAbono(),
      ],
    });
    renderArea();
    const list = within(await screen.findByRole("list", { name: "Ventas registradas" }));
    const maria = within(list.getByRole("article", { name: "María Gómez" }));
    expect(maria.getByText("Abono: pagado $4,00 de $10,00 · faltan $6,00")).toBeInTheDocument();
    expect(maria.getByRole("button", { name: "Registrar abono de María Gómez" })).toBeInTheDocument();
    const luis = within(list.getByRole("article", { name: "Luis Mora" }));
    expect(luis.getByText("Pagada completa")).toBeInTheDocument();
    expect(luis.queryByRole("button", { name: /Registrar abono/ })).toBeNull();
    const anas = list.getAllByRole("article", { name: "Ana Díaz" });
    expect(anas).toHaveLength(2);
    for (const payment of anas)
      expect(within(payment).getByText("Abono: pagado $4,00 de $10,00 · faltan $6,00")).toBeInTheDocument();
    expect(list.queryByRole("button", { name: "Registrar abono de Ana Díaz" })).toBeNull();
    expect(await axeViolations()).toEqual([]);
  });

  it("«Registrar abono» sends the next payment online, in bolívares within what is left", async () => {
    const more = "4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f7a";
    const posted = serve({
      sales: [firstAbono()],
      record: (body) =>
        body.amount === "2.000,00"
          ? jsonResponse(400, {
              error: {
                code: "ABONO_AMOUNT",
                message: RESERVATION_MESSAGES.abonoAboveBalance("Bs. 1.095,00"),
                fields: { amount: RESERVATION_MESSAGES.abonoAboveBalance("Bs. 1.095,00") },
              },
            })
          : jsonResponse(
              201,
              firstAbono({
                id: "p2",
                saleId: more,
                status: "pending",
                method: "pago_movil",
                reference: "0102-7777",
                amount: 365,
                currency: "VES",
                receiptPath: null,
              }),
            ),
    });
    renderArea();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Registrar abono de María Gómez" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Registrar abono" }));
    expect(dialog.getByText(/faltan \$6,00/)).toBeInTheDocument();
    expect(dialog.getByLabelText("Monto del abono (US$)")).toHaveAccessibleDescription(
      "Abono entre $0,01 y $6,00.",
    );
    await user.click(dialog.getByRole("radio", { name: "Pago Móvil" }));
    const amount = dialog.getByLabelText("Monto del abono (Bs.)");
    // 6 × 182,50.
    expect(amount).toHaveAccessibleDescription("Abono entre Bs. 0,01 y Bs. 1.095,00.");
    await user.type(amount, "1.200,00");
    await user.click(dialog.getByRole("button", { name: "Registrar abono" }));
    expect(await dialog.findByText(/Escribe la referencia del pago/)).toBeInTheDocument();
    expect(dialog.getByText(RESERVATION_MESSAGES.abonoAboveBalance("Bs. 1.095,00"))).toBeInTheDocument();
    expect(posted).toEqual([]);
    expect(await axeViolations()).toEqual([]);

    await user.type(dialog.getByLabelText("Referencia del pago"), "0102-7777");
    await user.clear(amount);
    await user.type(amount, "365,00");
    await user.click(dialog.getByRole("button", { name: "Registrar abono" }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      saleId: expect.stringMatching(UUID),
      raffleId: MOTO,
      abonoOf: FIRST,
      buyerName: "María Gómez",
      buyerPhone: "+584121234567",
      method: "pago_movil",
      reference: "0102-7777",
      amount: "365,00",
    });
    expect(posted[0]?.saleId).not.toBe(FIRST);
    const result = within(await dialog.findByRole("region", { name: "Abono registrado" }));
    expect(result.getByText("En revisión")).toBeInTheDocument();
    expect(result.getByText("Abono: pagado $4,00 de $10,00 · faltan $6,00")).toBeInTheDocument();
  });

  it("shows the server's refusal above the form (a payment under review)", async () => {
    const message = RESERVATION_MESSAGES.abonoUnderReview;
    const posted = serve({
      sales: [firstAbono()],
      record: () => jsonResponse(409, { error: { code: "ABONO_UNDER_REVIEW", message } }),
    });
    renderArea();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Registrar abono de María Gómez" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Registrar abono" }));
    await user.type(dialog.getByLabelText("Monto del abono (US$)"), "6,00");
    await user.click(dialog.getByRole("button", { name: "Registrar abono" }));
    const alert = await dialog.findByRole("alert");
    expect(alert).toHaveTextContent("No se registró el abono");
    expect(alert).toHaveTextContent(message);
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ abonoOf: FIRST, method: "efectivo_usd", reference: null });
  });

  it("without signal, the next payment is queued signed with its abonoOf, and sent when the signal returns", async () => {
    const posted = serve({ sales: [firstAbono()], record: () => jsonResponse(201, firstAbono()) });
    renderArea();
    const user = userEvent.setup();
    await screen.findByRole("button", { name: "Registrar abono de María Gómez" });
    setOnline(false);
    await user.click(screen.getByRole("button", { name: "Registrar abono de María Gómez" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Registrar abono" }));
    expect(dialog.getByText(/se guardará en este teléfono/)).toBeInTheDocument();
    await user.type(dialog.getByLabelText("Monto del abono (US$)"), "2,00");
    await user.click(dialog.getByRole("button", { name: "Registrar abono" }));
    const result = await dialog.findByRole("region", {
      name: "Guardada sin conexión: se enviará cuando vuelva la señal",
    });
    expect(result).toHaveTextContent("Los apartados con su primer abono");
    expect(posted).toEqual([]);
    const [stored] = await phone.storage().listSales(BUYER.id);
    expect(stored?.body).toMatchObject({ abonoOf: FIRST, amount: "2,00", method: "efectivo_usd" });
    await user.click(dialog.getAllByRole("button", { name: "Cerrar" })[0] as HTMLElement);
    // One payment at a time: no second «Registrar abono» while this one waits on the phone.
    expect(screen.queryByRole("button", { name: "Registrar abono de María Gómez" })).toBeNull();

    setOnline(true);
    await waitFor(() => expect(posted).toHaveLength(1));
    const body = posted[0] as Record<string, unknown>;
    expect(body).toMatchObject({ saleId: stored?.saleId, abonoOf: FIRST, amount: "2,00" });
    expect(body).not.toHaveProperty("numbers");
    // What the server computes: the signature covers `abonoOf` (a queue cannot move it to another sale).
    const sign = (what: Record<string, unknown>) =>
      createHmac("sha256", Buffer.from(AREA.saleKey, "base64url"))
        .update(sellerSaleSigningText(sellerSaleInputSchema.parse(what)), "utf8")
        .digest("base64url");
    expect(body.signature).toBe(sign(body));
    expect(body.signature).not.toBe(sign({ ...body, abonoOf: "2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e" }));
    await waitFor(() => expect(screen.queryByRole("region", { name: /Ventas por enviar/ })).toBeNull());
  });
});

describe("a first abono queued and refused over its numbers", () => {
  const SALE = "5b0f3c52-1d9e-4e8a-9b7c-2a4d6e8f0a11";
  const queuedAbono = (): QueuedSale => ({
    saleId: SALE,
    userId: BUYER.id,
    recordedAt: "2026-12-01T15:00:00.000Z",
    body: {
      saleId: SALE,
      raffleId: MOTO,
      numbers: [7, 42],
      abono: true,
      buyerName: "María Gómez",
      buyerPhone: "0412-1234567",
      buyerIdNumber: null,
      method: "efectivo_usd",
      reference: null,
      amount: "4,00",
      recordedAt: "2026-12-01T15:00:00.000Z",
      signature: "s".repeat(43),
    },
    raffleTitle: "Moto Bera SBR 150",
    totalTickets: 500,
    state: "pending",
    refusal: null,
  });
  const numbersTaken = () =>
    jsonResponse(409, {
      error: {
        code: "NUMBERS_TAKEN",
        message: "Algunos números ya no están disponibles.",
        details: { taken: ["007"] },
      },
    });

  it("«Elegir otros números» keeps «Apartar con abono» and its amount, and resends `abono`", async () => {
    await phone.storage().putSale(queuedAbono());
    let attempt = 0;
    const posted = serve({
      record: () => {
        attempt += 1;
        return attempt === 1 ? numbersTaken() : jsonResponse(201, firstAbono({ saleId: SALE }));
      },
    });
    renderArea();
    const user = userEvent.setup();
    const queue = within(await screen.findByRole("region", { name: "Ventas por enviar (1)" }));
    expect(await queue.findByText(/Efectivo \(USD\) · abono/)).toBeInTheDocument();
    await user.click(await queue.findByRole("button", { name: "Elegir otros números" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Elegir otros números" }));
    expect(dialog.getByRole("radio", { name: "Apartar con abono" })).toBeChecked();
    await dialog.findByRole("grid", { name: "Números de la rifa" });
    await user.click(dialog.getByRole("button", { name: "Número 010, disponible" }));
    expect(dialog.getByLabelText("Monto cobrado (US$)")).toHaveValue("4,00");
    await user.click(dialog.getByRole("button", { name: "Registrar venta" }));
    await waitFor(() => expect(posted).toHaveLength(2));
    expect(posted[1]).toMatchObject({ saleId: SALE, numbers: [10, 42], abono: true, amount: "4,00" });
    expect(posted[1]).not.toHaveProperty("signature");
  });

  it("«Asignar al azar» resends it with `abono`", async () => {
    await phone.storage().putSale(queuedAbono());
    let attempt = 0;
    const posted = serve({
      record: () => {
        attempt += 1;
        return attempt === 1 ? numbersTaken() : jsonResponse(201, firstAbono({ saleId: SALE }));
      },
    });
    renderArea();
    const queue = within(await screen.findByRole("region", { name: "Ventas por enviar (1)" }));
    await userEvent.setup().click(await queue.findByRole("button", { name: "Asignar al azar" }));
    await waitFor(() => expect(posted).toHaveLength(2));
    expect(posted[1]).toMatchObject({ saleId: SALE, abono: true, amount: "4,00" });
  });
});
