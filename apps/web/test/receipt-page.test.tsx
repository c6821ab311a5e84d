// @vitest-environment happy-dom

import type { TicketVerificationResponse } from "@rifazo/shared/schemas/draws";
import type { Receipt } from "@rifazo/shared/schemas/receipts";
import { screen, waitFor, within } from "@testing-library/react";
import jsQR from "jsqr";
import { describe, expect, it, vi } from "vitest";
import { shareMessage, whatsappShareUrl } from "../src/features/receipts";
import { paths, routePatterns } from "../src/lib/paths";
import { ReceiptPage } from "../src/pages/receipt-page";
import { TicketVerifierPage } from "../src/pages/ticket-verifier-page";
import { makeReceipt, RECEIPT_RAFFLE as RAFFLE, RECEIPT_TOKEN as TOKEN } from "./fixtures/receipt";
import { renderWithProviders, stubFetch } from "./render";

// The receipt page at /recibo/:token: raffle, numbers, draw date, payment with its rate, the QR code of
// the ticket verifier for these numbers, the receipt code, downloads and sharing; and the verifier
// reading the numbers the QR code carries.

vi.mock("../src/components/ui/toast", () => ({ toast: vi.fn() }));

const fetchMock = stubFetch();
const receipt: Receipt = makeReceipt();

/** Decodes the inline SVG's QR code: its modules drawn on a pixel grid, read back with jsQR. */
function decodeQr(svg: SVGSVGElement): string | null {
  const [, , extent] = (svg.getAttribute("viewBox") ?? "").split(" ").map(Number);
  const d = svg.querySelector("path")?.getAttribute("d") ?? "";
  const size = extent ?? 0;
  const scale = 8;
  const pixels = new Uint8ClampedArray(size * scale * size * scale * 4).fill(255);
  for (const [, x, y] of d.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) {
    for (let dy = 0; dy < scale; dy += 1) {
      for (let dx = 0; dx < scale; dx += 1) {
        const at = ((Number(y) * scale + dy) * size * scale + Number(x) * scale + dx) * 4;
        pixels.fill(0, at, at + 3);
      }
    }
  }
  return jsQR(pixels, size * scale, size * scale)?.data ?? null;
}

describe("receipt page", () => {
  it("shows the receipt, a QR code that opens the verifier for these numbers, downloads and sharing", async () => {
    fetchMock.mockResolvedValue(Response.json(receipt));
    renderWithProviders(<ReceiptPage />, { path: paths.receipt(TOKEN), pattern: routePatterns.receipt });

    expect(await screen.findByRole("heading", { name: "Moto Bera SBR 150" })).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`/api/receipts/${TOKEN}`);
    const numbers = within(screen.getByRole("list", { name: "Tus números" }));
    expect(numbers.getAllByRole("listitem").map((li) => li.textContent)).toEqual(["0007", "0042", "1234"]);
    expect(screen.getByText(receipt.draw.text)).toBeInTheDocument();
    expect(screen.getByText("Bs. 1.194,56")).toBeInTheDocument();
    expect(screen.getByText("Tasa: Bs. 36,50 por dólar")).toBeInTheDocument();
    expect(screen.getByText("Referencia terminada en 7766")).toBeInTheDocument();
    expect(screen.getByText(receipt.receiptCode)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Comprobar mis boletos en la lista congelada" })).toHaveAttribute(
      "href",
      `/verificar-boleto?rifa=${RAFFLE}`,
    );

    // The record checkpoint of the approval (docs/draw-protocol.md §14): in words, copyable, and checkable.
    const checkpoint = within(screen.getByRole("region", { name: "Punto de control del acta" }));
    expect(
      checkpoint.getByText("Punto de control del acta: entrada 3, huella 5e5e5e5e5e5e…; ronda drand 4242"),
    ).toBeInTheDocument();
    expect(checkpoint.getByText(receipt.checkpoint?.code as string)).toBeInTheDocument();
    expect(
      checkpoint.getByRole("link", { name: "Comprobar el acta con este punto de control" }),
    ).toHaveAttribute(
      "href",
      `/sorteo/${RAFFLE}/acta?punto=${encodeURIComponent(receipt.checkpoint?.code as string)}`,
    );

    const qr = screen.getByRole("img", { name: "Código QR del verificador de boletos" });
    expect(decodeQr(qr as unknown as SVGSVGElement)).toBe(receipt.verifierUrl);
    expect(screen.getByRole("link", { name: "Abrir el verificador" })).toHaveAttribute(
      "href",
      `/verificar-boleto?rifa=${RAFFLE}&numeros=0007,0042,1234`,
    );

    expect(screen.getByRole("link", { name: "Descargar PNG" })).toHaveAttribute("href", receipt.imageUrl);
    expect(screen.getByRole("link", { name: "Descargar PDF" })).toHaveAttribute("href", receipt.pdfUrl);
    const whatsapp = screen.getByRole("link", { name: /Compartir por WhatsApp/ });
    expect(whatsapp).toHaveAttribute("href", whatsappShareUrl(receipt));
    const text = new URL(whatsapp.getAttribute("href") ?? "").searchParams.get("text");
    expect(text).toBe(shareMessage(receipt));
    expect(text).toContain(receipt.receiptUrl);
    expect(text).toContain("0007, 0042, 1234");
    // The page asks not to be indexed (React hoists the tag into <head>).
    expect(document.querySelector('meta[name="robots"]')?.getAttribute("content")).toBe("noindex, nofollow");
  });

  it("offers the system share sheet where the browser has one", async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal("navigator", Object.assign(Object.create(navigator), { share }));
    fetchMock.mockResolvedValue(Response.json(receipt));
    renderWithProviders(<ReceiptPage />, { path: paths.receipt(TOKEN), pattern: routePatterns.receipt });
    (await screen.findByRole("button", { name: /^Compartir$/ })).click();
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    expect(share.mock.calls[0]?.[0]).toMatchObject({ url: receipt.receiptUrl });
  });

  it("says so when the link opens no receipt", async () => {
    fetchMock.mockResolvedValue(
      Response.json(
        {
          error: {
            code: "NOT_FOUND",
            message: "Recibo no encontrado. Revisa el enlace o búscalo en Mis pagos.",
          },
        },
        { status: 404 },
      ),
    );
    renderWithProviders(<ReceiptPage />, { path: paths.receipt(TOKEN), pattern: routePatterns.receipt });
    expect(await screen.findByText(/Revisa el enlace o búscalo en Mis pagos/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Ir a Mis pagos" })).toHaveAttribute(
      "href",
      paths.profilePayments,
    );
  });
});

describe("ticket verifier opened from a receipt's QR code", () => {
  it("checks the first number at once and offers the others", async () => {
    const match = (raffleId: string, raffleTitle: string) => ({
      raffleId,
      ticketNumber: "0007",
      raffleTitle,
      raffleStatus: "active",
      sold: true,
      isWinner: false,
      prize: null,
      drawDate: null,
      ownerName: "Ana M.",
      mine: true,
    });
    const answer: TicketVerificationResponse = {
      result: "not_winner",
      ticketNumber: "0007",
      total: 2,
      page: 1,
      pageSize: 20,
      matches: [match("other", "Otra rifa"), match(RAFFLE, "Moto Bera SBR 150")],
    };
    fetchMock.mockImplementation(async (input) =>
      String(input).startsWith("/api/raffles?") || String(input) === "/api/draws"
        ? Response.json(String(input) === "/api/draws" ? [] : { items: [] })
        : Response.json(answer),
    );
    renderWithProviders(<TicketVerifierPage />, {
      path: `${paths.ticketVerifier}?rifa=${RAFFLE}&numeros=0007,0042,nope,1234`,
    });
    const results = within(await screen.findByRole("list", { name: "Rifas con este boleto" }));
    // The receipt's raffle (?rifa=) comes first.
    expect(results.getAllByRole("link")[0]).toHaveTextContent("Moto Bera SBR 150");
    // The receipt's raffle is asked for first, so it is on the first page however many raffles hold 0007.
    expect(fetchMock.mock.calls.map((call) => String(call[0]))).toContain(
      `/api/tickets/verify/0007?raffleId=${RAFFLE}`,
    );
    expect(screen.getByLabelText(/Número de boleto/)).toHaveValue("0007");
    const others = within(screen.getByRole("navigation", { name: "Números de tu recibo" }));
    // Links (they work before the page's code too): each one is the verifier's URL for that number.
    expect(others.getAllByRole("link").map((b) => b.textContent)).toEqual(["0007", "0042", "1234"]);
    others.getByRole("link", { name: "0042" }).click();
    await waitFor(() =>
      expect(fetchMock.mock.calls.map((call) => String(call[0]))).toContain(
        `/api/tickets/verify/0042?raffleId=${RAFFLE}`,
      ),
    );
  });
});
