// @vitest-environment happy-dom
import { createHmac } from "node:crypto";
import { encodeTaken } from "@rifazo/shared/domain/number-bitmap";
import { sellerSaleInputSchema, sellerSaleSigningText } from "@rifazo/shared/schemas/seller-sales";
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

// Sales without signal (docs/decisions/0034-vendedores.md, "Offline sales"): the form saves the sale on the
// phone, signed with the session's sale key; the queue goes out in the order recorded, with each sale's own
// id; a refusal stays in the queue, said and actionable, and no answer leaves the queue as it was.

vi.mock("../src/components/ui/toast", () => ({ toast: vi.fn() }));

const fetchMock = stubFetch();
const MOTO = "0b6c1f1e-5d7a-4a53-9a4e-2f1c3b5d7e91";
const AREA = {
  ...SELLER_AREA,
  raffles: SELLER_AREA.raffles.map((raffle) =>
    raffle.raffleId === "r1" ? { ...raffle, raffleId: MOTO } : raffle,
  ),
};
const SALE_A = "5b0f3c52-1d9e-4e8a-9b7c-2a4d6e8f0a11";
const SALE_B = "9c1e4d63-2e0f-4f9b-8c8d-3b5e7f9a1b22";

const phone = phoneForEachTest();
const { setOnline } = phone;

interface Server {
  /** The answer to each POST /api/seller/sales (a throw is a network failure). */
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
    if (url === "/api/seller/sales") return jsonResponse(200, { items: [] });
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

const salesListCalls = () =>
  fetchMock.mock.calls.filter(([u, init]) => String(u) === "/api/seller/sales" && init?.method === "GET");

/** The app's own modes: a query asks once offline, an action runs at once (app/query-client.ts). */
function renderArea({ signedIn = true }: { signedIn?: boolean } = {}) {
  const client = new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: Number.POSITIVE_INFINITY, networkMode: "offlineFirst" },
      mutations: { retry: false, networkMode: "always" },
    },
  });
  if (signedIn) client.setQueryData(sessionQueryKey, BUYER);
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

/** A sale saved on the phone earlier: two chosen numbers of the Moto raffle, in cash. */
function queued(saleId: string, recordedAt: string, overrides: Partial<QueuedSale> = {}): QueuedSale {
  return {
    saleId,
    userId: BUYER.id,
    recordedAt,
    body: {
      saleId,
      raffleId: MOTO,
      numbers: [7, 42],
      buyerName: "María Gómez",
      buyerPhone: "0412-1234567",
      buyerIdNumber: null,
      method: "efectivo_usd",
      reference: null,
      amount: "10,00",
      recordedAt,
      signature: "s".repeat(43),
    },
    raffleTitle: "Moto Bera SBR 150",
    totalTickets: 500,
    state: "pending",
    refusal: null,
    ...overrides,
  };
}

const queueRegion = (count: number) => screen.findByRole("region", { name: `Ventas por enviar (${count})` });

describe("a sale without signal", () => {
  it("is saved on the phone, signed with the session's sale key, and sent when the signal returns", async () => {
    const posted = serve({ record: () => jsonResponse(201, makeSellerSale()) });
    renderArea();
    const user = userEvent.setup();
    await screen.findByRole("button", { name: "Registrar venta de Moto Bera SBR 150" });
    setOnline(false);
    expect(
      await screen.findByText("Sin conexión: las ventas se guardan en este teléfono"),
    ).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Registrar venta de Moto Bera SBR 150" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Registrar venta" }));
    await dialog.findByRole("grid", { name: "Números de la rifa" });
    await user.click(dialog.getByRole("button", { name: "Número 042, disponible" }));
    await user.click(dialog.getByRole("button", { name: "Número 007, disponible" }));
    await user.type(dialog.getByLabelText("Nombre y apellido"), "María Gómez");
    await user.type(dialog.getByLabelText("Celular"), "0412-1234567");
    await user.click(dialog.getByRole("button", { name: "Registrar venta" }));

    const result = await dialog.findByRole("region", {
      name: "Guardada sin conexión: se enviará cuando vuelva la señal",
    });
    expect(result).toHaveTextContent("007, 042");
    expect(within(result).queryByRole("link")).toBeNull();
    expect(posted).toEqual([]);
    const [stored] = await phone.storage().listSales(BUYER.id);
    expect(stored?.state).toBe("pending");
    await user.click(dialog.getAllByRole("button", { name: "Cerrar" })[0] as HTMLElement);
    const queue = within(await queueRegion(1));
    expect(queue.getByText("Pendiente de envío")).toBeInTheDocument();

    setOnline(true);
    await waitFor(() => expect(posted).toHaveLength(1));
    const body = posted[0] as Record<string, unknown>;
    expect(body).toMatchObject({ saleId: stored?.saleId, numbers: [7, 42], buyerName: "María Gómez" });
    expect(Date.parse(String(body.recordedAt))).not.toBeNaN();
    // What the server computes: HMAC-SHA256 with the decoded key over its own reading of the body.
    const expected = createHmac("sha256", Buffer.from(AREA.saleKey, "base64url"))
      .update(sellerSaleSigningText(sellerSaleInputSchema.parse(body)), "utf8")
      .digest("base64url");
    expect(body.signature).toBe(expected);
    await waitFor(() => expect(screen.queryByRole("region", { name: /Ventas por enviar/ })).toBeNull());
    expect(await phone.storage().listSales(BUYER.id)).toEqual([]);
    await waitFor(() => expect(salesListCalls().length).toBeGreaterThan(1));
  });
});

describe("the area without signal", () => {
  it("reopens from the phone's last copy, session included, and says the numbers may be old", async () => {
    await phone.storage().writeArea({
      userId: BUYER.id,
      user: BUYER,
      area: AREA,
      savedAt: "2026-12-01T15:00:00.000Z",
    });
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    setOnline(false);
    renderArea({ signedIn: false });
    expect(await screen.findByRole("heading", { name: "Hola, Carlos Rivas" })).toBeInTheDocument();
    expect(screen.getByText("Sin conexión: las ventas se guardan en este teléfono")).toBeInTheDocument();
    expect(screen.getByText(/pueden no estar al día/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Registrar venta de Moto Bera SBR 150" })).toBeInTheDocument();
  });
});

describe("the queue", () => {
  it("sends the sales in the order they were recorded, one at a time, and removes each one sent", async () => {
    await phone.storage().putSale(queued(SALE_B, "2026-12-01T15:10:00.000Z"));
    await phone.storage().putSale(queued(SALE_A, "2026-12-01T15:00:00.000Z"));
    let inFlight = 0;
    const posted = serve({
      record: () => {
        inFlight += 1;
        expect(inFlight).toBe(1);
        inFlight -= 1;
        return jsonResponse(201, makeSellerSale());
      },
    });
    renderArea();
    await waitFor(() => expect(posted.map((b) => b.saleId)).toEqual([SALE_A, SALE_B]));
    await waitFor(() => expect(screen.queryByRole("region", { name: /Ventas por enviar/ })).toBeNull());
    expect(await phone.storage().listSales(BUYER.id)).toEqual([]);
  });

  it("keeps the queue as it was when a sale gets no answer, and «Enviar ahora» tries again", async () => {
    await phone.storage().putSale(queued(SALE_A, "2026-12-01T15:00:00.000Z"));
    await phone.storage().putSale(queued(SALE_B, "2026-12-01T15:10:00.000Z"));
    let reachable = false;
    const posted = serve({
      record: () => {
        if (!reachable) throw new TypeError("Failed to fetch");
        return jsonResponse(201, makeSellerSale());
      },
    });
    renderArea();
    const queue = within(await queueRegion(2));
    await waitFor(() => expect(posted).toHaveLength(1));
    // It stopped at the first: the second was not tried.
    await waitFor(() => expect(queue.getAllByText("Pendiente de envío")).toHaveLength(2));
    expect(posted).toHaveLength(1);
    expect((await phone.storage().listSales(BUYER.id)).map((s) => s.state)).toEqual(["pending", "pending"]);

    reachable = true;
    await userEvent.setup().click(queue.getByRole("button", { name: "Enviar ahora" }));
    await waitFor(() => expect(posted.map((b) => b.saleId)).toEqual([SALE_A, SALE_A, SALE_B]));
    await waitFor(() => expect(screen.queryByRole("region", { name: /Ventas por enviar/ })).toBeNull());
  });
});

describe("a refused sale", () => {
  const numbersTaken = () =>
    jsonResponse(409, {
      error: {
        code: "NUMBERS_TAKEN",
        message: "Algunos números ya no están disponibles.",
        details: { taken: ["007"] },
      },
    });

  it("marks a conflict over numbers, and «Asignar al azar» sends the same sale online with other free numbers", async () => {
    await phone.storage().putSale(queued(SALE_A, "2026-12-01T15:00:00.000Z"));
    let attempt = 0;
    const posted = serve({
      record: () => {
        attempt += 1;
        return attempt === 1 ? numbersTaken() : jsonResponse(201, makeSellerSale());
      },
    });
    renderArea();
    const queue = within(await queueRegion(1));
    expect(await queue.findByText("Conflicto: el 007 ya no está libre")).toBeInTheDocument();
    expect(queue.getByText("Conflicto", { selector: "span" })).toBeInTheDocument();
    const [stored] = await phone.storage().listSales(BUYER.id);
    expect(stored).toMatchObject({ state: "conflict", refusal: { code: "NUMBERS_TAKEN", taken: ["007"] } });

    await userEvent.setup().click(queue.getByRole("button", { name: "Asignar al azar" }));
    await waitFor(() => expect(posted).toHaveLength(2));
    const resent = posted[1] as Record<string, unknown>;
    expect(resent.saleId).toBe(SALE_A);
    expect(resent).not.toHaveProperty("recordedAt");
    expect(resent).not.toHaveProperty("signature");
    const numbers = resent.numbers as number[];
    // The buyer keeps two tickets: 042, and one free number that is neither 003 (sold) nor 007 (lost).
    expect(numbers).toHaveLength(2);
    expect(numbers).toContain(42);
    expect(numbers.filter((n) => n !== 42).every((n) => n !== 3 && n !== 7)).toBe(true);
    await waitFor(() => expect(screen.queryByRole("region", { name: /Ventas por enviar/ })).toBeNull());
  });

  it("«Elegir otros números» opens the form filled in, without the lost number, and sends the same sale", async () => {
    await phone.storage().putSale(queued(SALE_A, "2026-12-01T15:00:00.000Z"));
    let attempt = 0;
    const posted = serve({
      record: () => {
        attempt += 1;
        return attempt === 1 ? numbersTaken() : jsonResponse(201, makeSellerSale());
      },
    });
    renderArea();
    const user = userEvent.setup();
    const queue = within(await queueRegion(1));
    await user.click(await queue.findByRole("button", { name: "Elegir otros números" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Elegir otros números" }));
    expect(dialog.getByLabelText("Nombre y apellido")).toHaveValue("María Gómez");
    expect(dialog.getByLabelText("Monto cobrado (US$)")).toHaveValue("10,00");
    await dialog.findByRole("grid", { name: "Números de la rifa" });
    expect(dialog.getByRole("button", { name: "Quitar 042" })).toBeInTheDocument();
    expect(dialog.queryByRole("button", { name: "Quitar 007" })).toBeNull();
    await user.click(dialog.getByRole("button", { name: "Número 010, disponible" }));
    await user.click(dialog.getByRole("button", { name: "Registrar venta" }));
    await waitFor(() => expect(posted).toHaveLength(2));
    expect(posted[1]).toEqual({
      saleId: SALE_A,
      raffleId: MOTO,
      numbers: [10, 42],
      buyerName: "María Gómez",
      buyerPhone: "0412-1234567",
      buyerIdNumber: null,
      method: "efectivo_usd",
      reference: null,
      amount: "10,00",
    });
    expect(await dialog.findByRole("region", { name: "Venta registrada" })).toBeInTheDocument();
    expect(dialog.queryByRole("button", { name: "Registrar otra venta" })).toBeNull();
    expect(await phone.storage().listSales(BUYER.id)).toEqual([]);
  });

  it("a suspended vendedor sees the server's message, how to tell the buyer, and may discard it", async () => {
    await phone.storage().putSale(queued(SALE_A, "2026-12-01T15:00:00.000Z"));
    const message = "Tu cuenta de vendedor está suspendida: no puedes vender.";
    serve({ record: () => jsonResponse(403, { error: { code: "SELLER_SUSPENDED", message } }) });
    renderArea();
    const user = userEvent.setup();
    const queue = within(await queueRegion(1));
    expect(await queue.findByText(message)).toBeInTheDocument();
    expect(queue.getByText("Rechazada")).toBeInTheDocument();
    expect(queue.getByText("Avísale al comprador que la venta no fue aceptada.")).toBeInTheDocument();
    const link = new URL(
      queue.getByRole("link", { name: /Avisar por WhatsApp a María Gómez/ }).getAttribute("href") ?? "",
    );
    expect(link.origin + link.pathname).toBe("https://wa.me/584121234567");
    expect(link.searchParams.get("text")).toMatch(
      /Hola María Gómez, tu compra en la rifa «Moto Bera SBR 150» no fue aceptada/,
    );

    await user.click(queue.getByRole("button", { name: "Descartar la venta de María Gómez" }));
    expect(queue.getByRole("group", { name: "¿Descartar la venta de María Gómez?" })).toBeInTheDocument();
    await user.click(queue.getByRole("button", { name: "Sí, descartar" }));
    await waitFor(() => expect(screen.queryByRole("region", { name: /Ventas por enviar/ })).toBeNull());
    expect(await phone.storage().listSales(BUYER.id)).toEqual([]);
  });

  it("has no axe violations: a conflict and a refusal in the queue", async () => {
    await phone.storage().putSale(queued(SALE_A, "2026-12-01T15:00:00.000Z"));
    await phone.storage().putSale(queued(SALE_B, "2026-12-01T15:10:00.000Z"));
    serve({
      record: (body) =>
        body.saleId === SALE_A
          ? numbersTaken()
          : jsonResponse(409, {
              error: { code: "SELLER_CREDIT_LIMIT", message: "Supera tu límite de efectivo." },
            }),
    });
    renderArea();
    const queue = within(await queueRegion(2));
    await queue.findByText("Supera tu límite de efectivo.");
    await queue.findByText("Conflicto: el 007 ya no está libre");
    const results = await axe.run(document.body, { rules: { region: { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });
});
