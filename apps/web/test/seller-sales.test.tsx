// @vitest-environment happy-dom
import { encodeTaken } from "@rifazo/shared/domain/number-bitmap";
import { SELLER_SALE_MESSAGES, type SellerSale } from "@rifazo/shared/schemas/seller-sales";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { MemoryRouter, Route, Routes } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { sessionQueryKey } from "../src/features/auth/hooks/use-session";
import { createMemoryStorage, replaceSellerStorage } from "../src/features/sellers/offline-storage";
import { paths } from "../src/lib/paths";
import { SellerAreaPage } from "../src/pages/seller/seller-area-page";
import { jsonResponse, notFoundResponse } from "./fixtures/http";
import { makeSellerSale, SELLER_AREA } from "./fixtures/seller-area";
import { BUYER } from "./fixtures/user";
import { stubFetch, testQueryClient } from "./render";

// A vendedor's sale recorded on the spot, and "Mis ventas" (docs/decisions/0034-vendedores.md): the body
// POST /api/seller/sales receives for each kind of raffle, the server's Spanish messages beside their
// fields, the same sale id on a retry, and the buyer's receipt to send once the sale is paid.

vi.mock("../src/components/ui/toast", () => ({ toast: vi.fn() }));

const fetchMock = stubFetch();
// Each test starts with no sale saved on the phone.
beforeEach(() => replaceSellerStorage(createMemoryStorage()));
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Raffle ids are UUIDs: the form checks the sale with the API's own schema before sending it.
const MOTO = "0b6c1f1e-5d7a-4a53-9a4e-2f1c3b5d7e91";
const IPHONE = "7d2e9a40-3c1b-4e8f-b6a2-5f9d0c8e1a37";
const AREA = {
  ...SELLER_AREA,
  raffles: SELLER_AREA.raffles.map((raffle) => ({
    ...raffle,
    raffleId: raffle.raffleId === "r1" ? MOTO : IPHONE,
  })),
};

interface Server {
  sales?: SellerSale[];
  /** The answer to POST /api/seller/sales (a throw is a network failure). */
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
      if (!server.record) return notFoundResponse();
      return server.record(body);
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
  const client = testQueryClient();
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

async function openSale(title: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole("button", { name: `Registrar venta de ${title}` }));
  const dialog = within(await screen.findByRole("dialog", { name: "Registrar venta" }));
  return { user, dialog };
}

async function fillBuyer(user: ReturnType<typeof userEvent.setup>, dialog: ReturnType<typeof within>) {
  await user.type(dialog.getByLabelText("Nombre y apellido"), "María Gómez");
  await user.type(dialog.getByLabelText("Celular"), "0412-1234567");
  await user.type(dialog.getByLabelText("Cédula (opcional)"), "V-12345678");
}

const pending = (overrides: Partial<SellerSale>) =>
  makeSellerSale({ status: "pending", receiptPath: null, ...overrides });

describe("Registrar venta", () => {
  it("sends the chosen numbers, the buyer and the Pago Móvil at the BCV rate", async () => {
    const posted = serve({
      record: () =>
        jsonResponse(
          201,
          pending({ method: "pago_movil", reference: "123456", amount: 1825, currency: "VES" }),
        ),
    });
    renderArea();
    const { user, dialog } = await openSale("Moto Bera SBR 150");
    await dialog.findByRole("grid", { name: "Números de la rifa" });
    expect(dialog.getByRole("button", { name: "Número 003, ocupado" })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
    await user.click(dialog.getByRole("button", { name: "Número 042, disponible" }));
    await user.click(dialog.getByRole("button", { name: "Número 007, disponible" }));
    // Cash by default (the first method): two tickets at $5,00, and the cash room left.
    expect(dialog.getByLabelText("Monto cobrado (US$)")).toHaveValue("10,00");
    expect(dialog.queryByLabelText("Referencia del pago")).toBeNull();
    expect(dialog.getByText(/Puedes cobrar en efectivo hasta \$1\.182,56 más/)).toBeInTheDocument();
    // A third number makes the combo (3 for $12,00).
    await user.click(dialog.getByRole("button", { name: "Número 010, disponible" }));
    expect(dialog.getByLabelText("Monto cobrado (US$)")).toHaveValue("12,00");
    await user.click(dialog.getByRole("button", { name: "Quitar 010" }));

    await fillBuyer(user, dialog);
    await user.click(dialog.getByRole("radio", { name: "Pago Móvil" }));
    expect(dialog.getByLabelText("Monto cobrado (Bs.)")).toHaveValue("1.825,00");
    expect(dialog.getByText(/2 boletos: \$10,00, a la tasa BCV de 182,50 Bs\/\$/)).toBeInTheDocument();
    await user.type(dialog.getByLabelText("Referencia del pago"), "123456");
    await user.click(dialog.getByRole("button", { name: "Registrar venta" }));

    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      saleId: expect.stringMatching(UUID),
      raffleId: MOTO,
      numbers: [7, 42],
      buyerName: "María Gómez",
      buyerPhone: "0412-1234567",
      buyerIdNumber: "V-12345678",
      method: "pago_movil",
      reference: "123456",
      amount: "1.825,00",
    });
    const result = within(await screen.findByRole("region", { name: "Venta registrada" }));
    expect(result.getByText("En revisión")).toBeInTheDocument();
    expect(result.getByText("007, 042")).toBeInTheDocument();
    expect(result.queryByRole("link", { name: /WhatsApp/ })).toBeNull();
  });

  it("sends a quantity for a raffle of random numbers, in its bolívares", async () => {
    const posted = serve({
      record: () =>
        jsonResponse(
          201,
          pending({ raffleId: "r2", raffleTitle: "iPhone 16", numbers: [], quantity: 3, amount: 600 }),
        ),
    });
    renderArea();
    const { user, dialog } = await openSale("iPhone 16");
    expect(dialog.queryByRole("grid")).toBeNull();
    const quantity = dialog.getByLabelText("Cantidad de boletos");
    await user.clear(quantity);
    await user.type(quantity, "3");
    expect(dialog.getByLabelText("Monto cobrado (Bs.)")).toHaveValue("600,00");
    // Pago Móvil is the only method this raffle lets the vendedor take.
    expect(dialog.getAllByRole("radio").map((radio) => radio.getAttribute("value"))).toEqual(["pago_movil"]);
    await fillBuyer(user, dialog);
    // The buyer's email, optional (decision 0034): where the receipt link goes once the sale is paid.
    const email = dialog.getByLabelText("Correo del comprador (opcional)");
    expect(email).toHaveAccessibleDescription(
      "Le enviaremos el enlace del recibo cuando el pago esté aprobado.",
    );
    await user.type(email, " Maria@Correo.com ");
    await user.type(dialog.getByLabelText("Referencia del pago"), "0102-55");
    await user.click(dialog.getByRole("button", { name: "Registrar venta" }));

    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      saleId: expect.stringMatching(UUID),
      raffleId: IPHONE,
      quantity: 3,
      buyerName: "María Gómez",
      buyerPhone: "0412-1234567",
      buyerIdNumber: "V-12345678",
      method: "pago_movil",
      reference: "0102-55",
      amount: "600,00",
      buyerEmail: "Maria@Correo.com",
    });
    expect(
      await screen.findByText("3 boletos (los números se asignan al aprobar)", { selector: "span" }),
    ).toBeInTheDocument();
  });

  it("checks the form first, shows the server's message beside its field, and retries with the same sale id", async () => {
    let attempt = 0;
    const posted = serve({
      record: () => {
        attempt += 1;
        if (attempt === 1)
          return jsonResponse(400, {
            error: {
              code: "VALIDATION",
              message: "Revisa los datos de la venta.",
              fields: { amount: SELLER_SALE_MESSAGES.amountMismatch("$10,00") },
            },
          });
        if (attempt === 2) throw new TypeError("Failed to fetch");
        return jsonResponse(201, makeSellerSale());
      },
    });
    renderArea();
    const { user, dialog } = await openSale("Moto Bera SBR 150");
    await dialog.findByRole("grid", { name: "Números de la rifa" });
    await user.click(dialog.getByRole("button", { name: "Registrar venta" }));
    // Nothing goes out while the shared schema refuses the sale.
    expect(await dialog.findByText(SELLER_SALE_MESSAGES.numbers)).toBeInTheDocument();
    expect(dialog.getByText(SELLER_SALE_MESSAGES.buyerName)).toBeInTheDocument();
    expect(dialog.getByText(SELLER_SALE_MESSAGES.buyerPhone)).toBeInTheDocument();
    expect(posted).toEqual([]);

    await user.click(dialog.getByRole("button", { name: "Número 007, disponible" }));
    await user.click(dialog.getByRole("button", { name: "Número 042, disponible" }));
    await fillBuyer(user, dialog);
    const amount = dialog.getByLabelText("Monto cobrado (US$)");
    await user.clear(amount);
    await user.type(amount, "9");
    await user.click(dialog.getByRole("button", { name: "Registrar venta" }));
    const message = await dialog.findByText("El monto no coincide con el precio: debías cobrar $10,00.");
    expect(amount).toHaveAttribute("aria-invalid", "true");
    expect(amount.getAttribute("aria-describedby")).toContain(message.id);

    await user.clear(amount);
    await user.type(amount, "10");
    await user.click(dialog.getByRole("button", { name: "Registrar venta" }));
    // No answer: the sale is kept on the phone, and «Enviar ahora» sends it with the same id.
    expect(
      await dialog.findByRole("region", {
        name: "Guardada sin conexión: se enviará cuando vuelva la señal",
      }),
    ).toBeInTheDocument();
    await user.click(dialog.getAllByRole("button", { name: "Cerrar" })[0] as HTMLElement);
    const queue = await screen.findByRole("region", { name: "Ventas por enviar (1)" });
    await user.click(within(queue).getByRole("button", { name: "Enviar ahora" }));
    await waitFor(() => expect(screen.queryByRole("region", { name: /Ventas por enviar/ })).toBeNull());

    // The refused sale saved nothing: the corrected one has a new id, which its retry keeps.
    const ids = posted.map((body) => body.saleId);
    expect(ids).toHaveLength(3);
    expect(ids[1]).not.toBe(ids[0]);
    expect(ids[2]).toBe(ids[1]);
    expect(posted[2]).toMatchObject({
      amount: "10,00",
      numbers: [7, 42],
      recordedAt: expect.any(String),
      signature: expect.stringMatching(/^[\w-]{43}$/),
    });
  });

  it("after a paid cash sale, shares the buyer's receipt by WhatsApp to their celular", async () => {
    const posted = serve({ record: () => jsonResponse(201, makeSellerSale()) });
    renderArea();
    const { user, dialog } = await openSale("Moto Bera SBR 150");
    await dialog.findByRole("grid", { name: "Números de la rifa" });
    await user.click(dialog.getByRole("button", { name: "Número 007, disponible" }));
    await user.click(dialog.getByRole("button", { name: "Número 042, disponible" }));
    await fillBuyer(user, dialog);
    await user.click(dialog.getByRole("button", { name: "Registrar venta" }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ method: "efectivo_usd", reference: null, amount: "10,00" });

    const result = within(await screen.findByRole("region", { name: "Venta registrada" }));
    expect(result.getByRole("heading", { name: "Venta registrada" })).toHaveFocus();
    expect(result.getByText("Pagada")).toBeInTheDocument();
    const url = `${window.location.origin}/recibo/tok-abc`;
    expect(result.getByRole("link", { name: new RegExp(url) })).toHaveAttribute("href", url);
    expect(result.getByRole("button", { name: "Copiar enlace del recibo" })).toBeInTheDocument();
    const whatsapp = new URL(
      result.getByRole("link", { name: /Enviar por WhatsApp a María Gómez/ }).getAttribute("href") ?? "",
    );
    expect(whatsapp.origin + whatsapp.pathname).toBe("https://wa.me/584121234567");
    expect(whatsapp.searchParams.get("text")).toBe(
      `Hola María Gómez, gracias por tu compra en la rifa «Moto Bera SBR 150». Tus números: 007, 042. Tu recibo: ${url}`,
    );
    // The area and "Mis ventas" are asked again (the cash held changed).
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.filter(
          ([u, init]) => String(u) === "/api/seller/sales" && init?.method === "GET",
        ),
      ).toHaveLength(2),
    );

    await user.click(result.getByRole("button", { name: "Registrar otra venta" }));
    expect(await dialog.findByLabelText("Nombre y apellido")).toHaveValue("");
  });
});

describe("accessibility", () => {
  // The page renders inside the layout's <main> in the app; here it stands alone, so "region" is left out.
  const violations = async (element: Element) =>
    (await axe.run(element, { rules: { region: { enabled: false } } })).violations.map(
      (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(" ")})`,
    );

  it("has no axe violations: the form with its errors, the result, and the list", async () => {
    serve({ sales: [makeSellerSale()], record: () => jsonResponse(201, makeSellerSale()) });
    renderArea();
    await screen.findByRole("list", { name: "Ventas registradas" });
    expect(await violations(document.body)).toEqual([]);

    const { user, dialog } = await openSale("Moto Bera SBR 150");
    await dialog.findByRole("grid", { name: "Números de la rifa" });
    await user.click(dialog.getByRole("button", { name: "Registrar venta" }));
    await dialog.findByText(SELLER_SALE_MESSAGES.numbers);
    await user.click(dialog.getByRole("radio", { name: "Zelle" }));
    const element = screen.getByRole("dialog", { name: "Registrar venta" });
    expect(await violations(element)).toEqual([]);

    await user.click(dialog.getByRole("button", { name: "Número 007, disponible" }));
    await user.click(dialog.getByRole("button", { name: "Número 008, disponible" }));
    await fillBuyer(user, dialog);
    await user.type(dialog.getByLabelText("Referencia del pago"), "ZL-1");
    await user.click(dialog.getByRole("button", { name: "Registrar venta" }));
    await screen.findByRole("region", { name: "Venta registrada" });
    expect(await violations(element)).toEqual([]);
  });
});

describe("Mis ventas", () => {
  it("lists each sale with its raffle, buyer, numbers, payment and status; a paid one with its receipt", async () => {
    serve({
      sales: [
        makeSellerSale(),
        pending({
          id: "p10",
          raffleId: "r2",
          raffleTitle: "iPhone 16",
          buyerName: "José Pérez",
          buyerPhone: "+584241112233",
          buyerIdNumber: null,
          method: "pago_movil",
          reference: "0102-55",
          amount: 600,
          currency: "VES",
          quantity: 3,
          numbers: [],
        }),
      ],
    });
    renderArea();
    const list = await screen.findByRole("list", { name: "Ventas registradas" });
    const [paid, review] = within(list).getAllByRole("article") as [HTMLElement, HTMLElement];
    const paidSale = within(paid);
    expect(paidSale.getByRole("heading", { name: "María Gómez" })).toBeInTheDocument();
    expect(paid).toHaveTextContent("Moto Bera SBR 150");
    expect(paidSale.getByText("Pagada")).toBeInTheDocument();
    expect(paidSale.getByText("007, 042")).toBeInTheDocument();
    expect(paidSale.getByText("$10,00 · Efectivo (USD)")).toBeInTheDocument();
    expect(paidSale.getByText("0412-1234567")).toBeInTheDocument();
    expect(paidSale.getByText("V-12345678")).toBeInTheDocument();
    expect(
      paidSale.getByRole("button", { name: "Copiar el enlace del recibo de María Gómez" }),
    ).toBeInTheDocument();
    expect(paidSale.getByRole("link", { name: /Enviar por WhatsApp a María Gómez/ })).toHaveAttribute(
      "href",
      expect.stringMatching(/^https:\/\/wa\.me\/584121234567\?text=/),
    );

    const underReview = within(review);
    expect(underReview.getByRole("heading", { name: "José Pérez" })).toBeInTheDocument();
    expect(underReview.getByText("En revisión")).toBeInTheDocument();
    expect(underReview.getByText("3 boletos (los números se asignan al aprobar)")).toBeInTheDocument();
    expect(underReview.getByText("Bs. 600,00 · Pago Móvil · ref. 0102-55")).toBeInTheDocument();
    expect(underReview.queryByRole("link", { name: /WhatsApp/ })).toBeNull();
  });
});
