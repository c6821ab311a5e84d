// @vitest-environment happy-dom
import type { MyPrize } from "@rifazo/shared/schemas/prizes";
import { PRIZE_MESSAGES } from "@rifazo/shared/schemas/prizes";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "../src/components/ui/toast";
import { paths, routePatterns } from "../src/lib/paths";
import { ProfilePrizePage } from "../src/pages/profile/profile-prize-page";
import { makeClaim, makeDelivery, makeMyPrize, WINNER_ID } from "./fixtures/my-prize";
import { renderWithProviders, stubFetch } from "./render";

// After a delivery (docs/decisions/0035-prizes-on-the-record.md): each delivery as the record keeps it,
// «Recibí mi premio», a dispute with its message, and what the page says once either is done.

vi.mock("../src/components/ui/toast", () => ({ toast: vi.fn() }));

const fetchMock = stubFetch();
const CONFIRM_URL = `/api/prizes/${WINNER_ID}/confirmation`;

const accepted = makeClaim({ reviewStatus: "accepted" });
/** A USD 1.000,00 prize paid by Pago Móvil as Bs. 36.500,00 at the BCV rate of 28/11/2026. */
const cashFacts = {
  cash: { currency: "USD", amount: 1000 },
  canClaim: false,
  claim: accepted,
  deliveries: [makeDelivery({ paidCurrency: "VES", paidAmount: 36_500, rate: 36.5, rateDate: "2026-11-28" })],
} satisfies Partial<MyPrize>;
const cashDelivered = makeMyPrize(cashFacts);

/** Serves `prize` on GET, and `after` (once posted) from then on; returns the bodies posted. */
function serve(prize: MyPrize, after: MyPrize | Response) {
  let current = prize;
  const posted: unknown[] = [];
  fetchMock.mockImplementation(async (input, init) => {
    if (String(input) === CONFIRM_URL && init?.method === "POST") {
      posted.push(JSON.parse(String(init.body)));
      if (after instanceof Response) return after;
      current = after;
      return Response.json(after);
    }
    return Response.json(current);
  });
  return posted;
}

function renderPage() {
  return renderWithProviders(<ProfilePrizePage />, {
    path: paths.profilePrize(WINNER_ID),
    pattern: routePatterns.profilePrize,
  });
}

const confirmed = makeMyPrize({ ...cashFacts, confirmedAt: "2026-11-29T13:30:00.000Z" });

beforeEach(() => {
  vi.mocked(toast).mockClear();
});

describe("the winner's word after a delivery", () => {
  it("lists the delivery (method, day, cash and rate, proof hash) and confirms «Recibí mi premio»", async () => {
    const posted = serve(cashDelivered, confirmed);
    const user = userEvent.setup();
    const { container } = renderPage();
    const deliveries = within(await screen.findByRole("list", { name: "Entregas registradas" }));
    expect(deliveries.getByText("Pago Móvil · 28/11/2026")).toBeInTheDocument();
    expect(
      deliveries.getByText(
        "Pagado Bs. 36.500,00 a 36,5000 Bs/USD (tasa BCV del 28/11/2026) por un premio de $1.000,00.",
      ),
    ).toBeInTheDocument();
    expect(deliveries.getByText("ab12cd34ef56…5678ff")).toHaveAttribute(
      "title",
      cashDelivered.deliveries[0]?.proofHash,
    );
    expect(screen.getByText("Entregado el 28/11/2026")).toBeInTheDocument();
    expect((await axe.run(container)).violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

    await user.click(screen.getByRole("button", { name: "Recibí mi premio" }));
    expect(
      await screen.findByText(
        "Confirmaste que recibiste tu premio el 29 de noviembre de 2026 a las 9:30 a. m.",
      ),
    ).toBeInTheDocument();
    expect(posted).toEqual([{ outcome: "received" }]);
    expect(screen.getByText("Entregado el 28/11/2026 y confirmado por el ganador")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Recibí mi premio" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Abrir una disputa" })).toBeNull();
    expect(toast).toHaveBeenLastCalledWith(expect.objectContaining({ variant: "success" }));
  });

  it("opens a dispute: its message is required (10 to 1000 characters), then shown under review", async () => {
    const message = "Me pagaron menos de lo que dice el acta.";
    const disputed = makeMyPrize({
      ...cashFacts,
      dispute: { message, openedAt: "2026-11-29T13:30:00.000Z", resolution: null, resolvedAt: null },
    });
    const posted = serve(cashDelivered, disputed);
    const user = userEvent.setup();
    const { container } = renderPage();
    await user.click(await screen.findByRole("button", { name: "Abrir una disputa" }));
    expect(screen.getByLabelText("¿Qué pasó con tu premio?")).toHaveFocus();
    expect((await axe.run(container)).violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    // Cancelling returns to the button; opening again keeps nothing half-sent.
    await user.click(screen.getByRole("button", { name: "Cancelar" }));
    expect(screen.getByRole("button", { name: "Abrir una disputa" })).toHaveFocus();
    await user.click(screen.getByRole("button", { name: "Abrir una disputa" }));
    await user.type(screen.getByLabelText("¿Qué pasó con tu premio?"), "Muy poco");
    await user.click(screen.getByRole("button", { name: "Enviar disputa" }));
    expect(await screen.findByText(PRIZE_MESSAGES.message)).toBeInTheDocument();
    const field = screen.getByLabelText("¿Qué pasó con tu premio?");
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(posted).toEqual([]);

    await user.clear(field);
    await user.type(field, message);
    await user.click(screen.getByRole("button", { name: "Enviar disputa" }));
    expect(await screen.findByText("El organizador la está revisando.")).toBeInTheDocument();
    expect(posted).toEqual([{ outcome: "disputed", message }]);
    expect(screen.getByText(/«Me pagaron menos de lo que dice el acta\.»/)).toBeInTheDocument();
    expect(screen.getByText("En disputa")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Recibí mi premio" })).toBeNull();
  });

  it("a refused confirmation shows the server's Spanish message and keeps the buttons", async () => {
    const message = "Ya confirmaste que recibiste este premio.";
    serve(
      cashDelivered,
      Response.json({ error: { code: "PRIZE_ALREADY_CONFIRMED", message } }, { status: 409 }),
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Recibí mi premio" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(message);
    await waitFor(() => expect(screen.getByRole("button", { name: "Recibí mi premio" })).toBeEnabled());
    expect(toast).toHaveBeenLastCalledWith(
      expect.objectContaining({ description: message, variant: "error" }),
    );
  });

  it("a resolved dispute shows its resolution, and the winner may answer again", async () => {
    serve(
      makeMyPrize({
        ...cashFacts,
        dispute: {
          message: "Me pagaron menos de lo que dice el acta.",
          openedAt: "2026-11-29T13:30:00.000Z",
          resolution: "El organizador pagó la diferencia el 30/11/2026.",
          resolvedAt: "2026-11-30T15:00:00.000Z",
        },
      }),
      cashDelivered,
    );
    renderPage();
    expect(await screen.findByText("Disputa resuelta")).toBeInTheDocument();
    expect(screen.getByText(/El organizador pagó la diferencia el 30\/11\/2026\./)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Recibí mi premio" })).toBeInTheDocument();
  });

  it("another winner's prize: the server's message and the way back to Mis premios", async () => {
    const message = "Este premio es de otro ganador: solo su dueño puede reclamarlo.";
    fetchMock.mockResolvedValue(
      Response.json({ error: { code: "PRIZE_NOT_YOURS", message } }, { status: 403 }),
    );
    renderPage();
    expect(await screen.findByRole("alert")).toHaveTextContent(message);
    expect(screen.getByRole("link", { name: "Volver a Mis premios" })).toHaveAttribute(
      "href",
      paths.profilePrizes,
    );
  });
});
