// @vitest-environment happy-dom
import { PRIZE_MESSAGES } from "@rifazo/shared/schemas/prizes";
import { todayInVenezuela } from "@rifazo/shared/schemas/settings";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "../src/components/ui/toast";
import type { AdminPrize } from "../src/features/admin/api/prizes-api";
import { RafflePrizesSection } from "../src/features/admin/prizes";
import { makeAdminPrize, makeDelivery, pendingClaim } from "./fixtures/admin-prize";
import { jsonResponse, makePublicSettings, notFoundResponse } from "./fixtures/http";
import { makeAdminRaffle } from "./fixtures/raffle";
import { renderWithProviders, stubFetch } from "./render";

// The organiser's «Premios» on the raffle's admin page (docs/decisions/0035-prizes-on-the-record.md): one
// card per winner with the claim to accept or reject, the delivery form (proof required, a cash prize's
// amount, the server's below-rate refusal beside the amount), corrections and the dispute to resolve.

vi.mock("../src/components/ui/toast", () => ({ toast: vi.fn() }));

const fetchMock = stubFetch();
const TODAY = todayInVenezuela();
const DRAWN = makeAdminRaffle({
  id: "r1",
  status: "finished",
  drawnAt: "2026-11-25T20:00:00.000Z",
  hasWinners: true,
});

/** Serves the raffle's prizes (GET) and answers each POST with `onPost`; the settings carry `rate`. */
function serve(
  prizes: AdminPrize[],
  onPost: (url: string, init: RequestInit) => Response = () => notFoundResponse(),
  rate: { rate: number; date: string } | null = null,
) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (init?.method === "POST") return onPost(url, init);
    if (url === "/api/admin/prizes?raffleId=r1") return jsonResponse(200, { items: prizes });
    if (url === "/api/settings/public")
      return jsonResponse(200, makePublicSettings({ exchangeRate: rate && { ...rate, source: "BCV" } }));
    return notFoundResponse();
  });
}

const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === "POST");

async function renderCard(name = "Nivel 1 · Una moto Bera 0 km") {
  renderWithProviders(<RafflePrizesSection raffle={DRAWN} />, { path: "/admin/rifas/r1" });
  return screen.findByRole("article", { name });
}

beforeEach(() => {
  vi.mocked(toast).mockClear();
});

describe("Premios: la tarjeta de cada ganador", () => {
  it("muestra premio, boleto, ganador, estado, plazo y el reclamo con «Ver cédula»", async () => {
    serve([makeAdminPrize({ claim: pendingClaim({ note: "Prefiero que me llamen de tarde." }) })]);
    const card = await renderCard();
    expect(card).toHaveTextContent("Boleto 0042 · María Pérez · maria@example.com");
    expect(card).toHaveTextContent("Reclamado");
    expect(card).toHaveTextContent("Reclamo por revisar");
    expect(card).toHaveTextContent("Hasta el 2 de diciembre de 2026");
    expect(card).toHaveTextContent("Pago Móvil: Banesco, V-12.345.678, 0414-1234567");
    expect(card).toHaveTextContent("Prefiero que me llamen de tarde.");
    const evidence = within(card).getByRole("link", { name: "Ver cédula de María Pérez" });
    expect(evidence).toHaveAttribute("href", "/api/admin/prizes/w-1/evidence");
    expect(evidence).toHaveAttribute("target", "_blank");
    // No delivery before the claim is accepted.
    expect(within(card).queryByRole("form", { name: "Registrar la entrega" })).toBeNull();
  });

  it("el enlace de Hoy a un ganador (#premio-…) lleva el foco a su tarjeta", async () => {
    serve([makeAdminPrize({ winnerId: "w-1" }), makeAdminPrize({ winnerId: "w-2", ticketNumber: "0077" })]);
    renderWithProviders(<RafflePrizesSection raffle={DRAWN} />, { path: "/admin/rifas/r1#premio-w-2" });
    const cards = await screen.findAllByRole("article");
    await waitFor(() => expect(cards[1]).toHaveFocus());
    expect(cards[1]).toHaveTextContent("Boleto 0077");
  });

  it("antes del sorteo no hay sección ni petición", async () => {
    serve([]);
    const { container } = renderWithProviders(
      <RafflePrizesSection raffle={makeAdminRaffle({ drawnAt: null, hasWinners: false })} />,
    );
    expect(container).toBeEmptyDOMElement();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("un premio sin reclamar dice «Por reclamar» y cuándo vence, sin acciones", async () => {
    serve([makeAdminPrize()]);
    const card = await renderCard();
    expect(card).toHaveTextContent("Por reclamar");
    expect(card).toHaveTextContent("Todavía no lo reclama.");
    expect(within(card).queryByRole("button")).toBeNull();
  });
});

describe("Premios: accesibilidad", () => {
  it("sin infracciones de axe con un reclamo por revisar, entregas, una disputa y errores a la vista", async () => {
    const user = userEvent.setup();
    const accepted = pendingClaim({ reviewStatus: "accepted" });
    serve([
      makeAdminPrize({ winnerId: "w-1", claim: pendingClaim() }),
      makeAdminPrize({
        winnerId: "w-2",
        ticketNumber: "0077",
        cash: { currency: "USD", amount: 1000 },
        claim: accepted,
      }),
      makeAdminPrize({
        winnerId: "w-3",
        ticketNumber: "0099",
        claim: accepted,
        deliveries: [makeDelivery()],
        dispute: {
          message: "No lo recibí.",
          openedAt: "2026-11-29T12:00:00.000Z",
          resolution: null,
          resolvedAt: null,
        },
      }),
    ]);
    const { container } = renderWithProviders(<RafflePrizesSection raffle={DRAWN} />, {
      path: "/admin/rifas/r1",
    });
    await screen.findAllByRole("article");
    await user.click(screen.getByRole("button", { name: "Registrar entrega" }));
    await user.click(screen.getByRole("button", { name: "Rechazar reclamo" }));
    await user.click(
      screen.getByRole("button", { name: "Registrar una corrección del premio de María Pérez" }),
    );
    const result = await axe.run(container);
    expect(result.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });
});

describe("Premios: revisar el reclamo", () => {
  it("rechazar pide una nota; con ella envía la decisión y la tarjeta muestra el motivo", async () => {
    const user = userEvent.setup();
    const prize = makeAdminPrize({ claim: pendingClaim() });
    const rejected = makeAdminPrize({
      claim: pendingClaim({ reviewStatus: "rejected", reviewNote: "La foto de la cédula no se lee." }),
    });
    serve([prize], (url) =>
      url === "/api/admin/prizes/w-1/review" ? jsonResponse(200, rejected) : notFoundResponse(),
    );
    const card = await renderCard();
    const form = within(card).getByRole("form", { name: "Revisar el reclamo de María Pérez" });
    await user.click(within(form).getByRole("button", { name: "Rechazar reclamo" }));
    expect(await within(form).findByText(PRIZE_MESSAGES.review)).toBeInTheDocument();
    expect(posts()).toHaveLength(0);

    await user.type(within(form).getByLabelText("Nota para el ganador"), "La foto de la cédula no se lee.");
    await user.click(within(form).getByRole("button", { name: "Rechazar reclamo" }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(JSON.parse(String(posts()[0]?.[1]?.body))).toEqual({
      decision: "rejected",
      note: "La foto de la cédula no se lee.",
    });
    expect(await within(card).findByText("Reclamo rechazado")).toBeInTheDocument();
    expect(card).toHaveTextContent("Motivo del rechazoLa foto de la cédula no se lee.");
    expect(within(card).queryByRole("form", { name: /Revisar el reclamo/ })).toBeNull();
  });

  it("aceptar envía la decisión sin nota y abre el formulario de entrega", async () => {
    const user = userEvent.setup();
    const accepted = makeAdminPrize({ claim: pendingClaim({ reviewStatus: "accepted" }) });
    serve([makeAdminPrize({ claim: pendingClaim() })], () => jsonResponse(200, accepted));
    const card = await renderCard();
    await user.click(within(card).getByRole("button", { name: "Aceptar reclamo" }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]?.[0]).toBe("/api/admin/prizes/w-1/review");
    expect(JSON.parse(String(posts()[0]?.[1]?.body))).toEqual({ decision: "accepted", note: null });
    expect(await within(card).findByRole("form", { name: "Registrar la entrega" })).toBeInTheDocument();
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: "Reclamo aceptado" }));
  });
});

describe("Premios: registrar la entrega", () => {
  const cashPrize = () =>
    makeAdminPrize({
      cash: { currency: "USD", amount: 1000 },
      claim: pendingClaim({ reviewStatus: "accepted" }),
    });

  it("pide la prueba, un día que no sea futuro y, en un premio en dinero, el monto", async () => {
    const user = userEvent.setup({ applyAccept: false });
    serve([cashPrize()]);
    const card = await renderCard();
    const form = within(card).getByRole("form", { name: "Registrar la entrega" });
    expect(within(form).getByLabelText("Día de la entrega *")).toHaveValue(TODAY);
    fireEvent.input(within(form).getByLabelText("Día de la entrega *"), { target: { value: "2999-01-01" } });
    await user.click(within(form).getByRole("button", { name: "Registrar entrega" }));

    expect(await within(form).findByText(PRIZE_MESSAGES.proofRequired)).toBeInTheDocument();
    expect(within(form).getByText(PRIZE_MESSAGES.day)).toBeInTheDocument();
    expect(within(form).getByRole("alert")).toHaveTextContent(PRIZE_MESSAGES.cashRequired);
    expect(within(form).getByLabelText("Monto pagado *")).toHaveAttribute("aria-invalid", "true");

    await user.upload(
      within(form).getByLabelText("Prueba de la entrega *"),
      new File(["hola"], "nota.txt", { type: "text/plain" }),
    );
    await user.click(within(form).getByRole("button", { name: "Registrar entrega" }));
    expect(
      await within(form).findByText("La prueba debe ser una imagen JPG o PNG, o un PDF."),
    ).toBeInTheDocument();
    expect(posts()).toHaveLength(0);
  });

  it("envía la entrega como multipart y muestra junto al monto el rechazo del servidor por la tasa, sin borrar lo escrito", async () => {
    const user = userEvent.setup();
    const message =
      "El monto pagado (Bs. 20.000,00) es menor que el premio al cambio BCV del 28/11/2026: $1.000,00 × 36,5000 = Bs. 36.500,00.";
    serve(
      [cashPrize()],
      (url) =>
        url === "/api/admin/prizes/w-1/deliveries"
          ? jsonResponse(400, { error: { code: "PRIZE_BELOW_RATE", message } })
          : notFoundResponse(),
      { rate: 36.5, date: TODAY },
    );
    const card = await renderCard();
    const form = within(card).getByRole("form", { name: "Registrar la entrega" });
    await user.selectOptions(within(form).getByLabelText("Cómo se entregó *"), "transfer");
    await user.selectOptions(within(form).getByLabelText("Moneda del pago *"), "VES");
    // The day's rate is known to the page: the least it may pay, before sending.
    expect(
      await within(form).findByText(
        /Al cambio BCV del .* \(Bs\. 36,5000 por dólar\), el mínimo es Bs\. 36\.500,00\./,
      ),
    ).toBeInTheDocument();
    await user.type(within(form).getByLabelText("Monto pagado *"), "20.000,00");
    await user.type(within(form).getByLabelText("Nota (opcional)"), "Transferencia Banesco");
    await user.upload(
      within(form).getByLabelText("Prueba de la entrega *"),
      new File(["png"], "comprobante.png", { type: "image/png" }),
    );
    await user.click(within(form).getByRole("button", { name: "Registrar entrega" }));

    const alert = await within(form).findByRole("alert");
    expect(alert).toHaveTextContent(message);
    const amount = within(form).getByLabelText("Monto pagado *");
    expect(amount).toHaveValue("20.000,00");
    expect(amount.getAttribute("aria-describedby")).toContain(alert.id);
    const body = posts()[0]?.[1]?.body as FormData;
    expect(body.get("method")).toBe("transfer");
    expect(body.get("deliveredOn")).toBe(TODAY);
    expect(body.get("paidCurrency")).toBe("VES");
    expect(body.get("paidAmount")).toBe("20.000,00");
    expect(body.get("note")).toBe("Transferencia Banesco");
    expect(body.get("corrects")).toBeNull();
    expect((body.get("file") as File).name).toBe("comprobante.png");
  });

  it("sin tasa publicada para ese día muestra el mensaje del servidor junto al monto", async () => {
    const user = userEvent.setup();
    const message = "No hay tasa BCV publicada para el 27/11/2026: publica la tasa de ese día en Ajustes.";
    serve([cashPrize()], () => jsonResponse(409, { error: { code: "PRIZE_NO_RATE", message } }));
    const card = await renderCard();
    const form = within(card).getByRole("form", { name: "Registrar la entrega" });
    await user.selectOptions(within(form).getByLabelText("Moneda del pago *"), "VES");
    await user.type(within(form).getByLabelText("Monto pagado *"), "36.500,00");
    await user.upload(
      within(form).getByLabelText("Prueba de la entrega *"),
      new File(["pdf"], "comprobante.pdf", { type: "application/pdf" }),
    );
    await user.click(within(form).getByRole("button", { name: "Registrar entrega" }));
    expect(await within(form).findByRole("alert")).toHaveTextContent(message);
    expect(within(form).getByLabelText("Moneda del pago *")).toHaveValue("VES");
  });

  it("lista las entregas con lo pagado, la tasa y la prueba, y «Registrar una corrección» nombra la entrega corregida", async () => {
    const user = userEvent.setup();
    const first = makeDelivery({
      id: "d-1",
      method: "pago_movil",
      paidCurrency: "VES",
      paidAmount: 36500,
      rate: 36.5,
      rateDate: "2026-11-28",
    });
    const fix = makeDelivery({ id: "d-2", deliveredOn: "2026-11-29", corrects: "d-1", method: "transfer" });
    const delivered = makeAdminPrize({
      cash: null,
      claim: pendingClaim({ reviewStatus: "accepted" }),
      deliveries: [first],
    });
    const corrected = { ...delivered, deliveries: [first, fix] };
    serve([delivered], () => jsonResponse(201, corrected));
    const card = await renderCard();
    expect(card).toHaveTextContent("Entregado el 28/11/2026");
    const list = within(card).getByRole("list", { name: "Entregas del premio de María Pérez" });
    expect(list).toHaveTextContent("Pago Móvil · 28/11/2026");
    expect(list).toHaveTextContent("Pagado Bs. 36.500,00 a 36,5000 Bs/USD (tasa BCV del 28/11/2026)");
    expect(
      within(list).getByRole("link", { name: "Ver la prueba de la entrega del 28/11/2026" }),
    ).toHaveAttribute("href", "/api/admin/prize-deliveries/d-1/proof");

    await user.click(
      within(card).getByRole("button", { name: "Registrar una corrección del premio de María Pérez" }),
    );
    const form = within(card).getByRole("form", { name: "Registrar una corrección" });
    expect(form).toHaveTextContent("Corrige la entrega del 28/11/2026.");
    await user.upload(
      within(form).getByLabelText("Prueba de la entrega *"),
      new File(["png"], "foto.png", { type: "image/png" }),
    );
    await user.click(within(form).getByRole("button", { name: "Registrar corrección" }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    const body = posts()[0]?.[1]?.body as FormData;
    expect(body.get("corrects")).toBe("d-1");
    expect(body.get("method")).toBe("in_person");
    expect(body.has("paidAmount")).toBe(false);

    const items = await waitFor(() => {
      const all = within(within(card).getByRole("list", { name: /Entregas del premio/ })).getAllByRole(
        "listitem",
      );
      expect(all).toHaveLength(2);
      return all;
    });
    expect(items[0]).toHaveTextContent("Corregida");
    expect(items[1]).toHaveTextContent("Corrige la entrega del 28/11/2026.");
    expect(within(card).queryByRole("form", { name: "Registrar una corrección" })).toBeNull();
  });
});

describe("Premios: resolver una disputa", () => {
  it("pide explicar la resolución (10 caracteres o más), la envía y la muestra resuelta", async () => {
    const user = userEvent.setup();
    const dispute = {
      message: "Me pagaron menos de lo prometido.",
      openedAt: "2026-11-29T12:00:00.000Z",
      resolution: null,
      resolvedAt: null,
    };
    const base = {
      claim: pendingClaim({ reviewStatus: "accepted" as const }),
      deliveries: [makeDelivery()],
    };
    const disputed = makeAdminPrize({ ...base, dispute });
    const resolution = "Se pagó la diferencia por Pago Móvil el 30/11.";
    const resolved = makeAdminPrize({
      ...base,
      dispute: { ...dispute, resolution, resolvedAt: "2026-11-30T12:00:00.000Z" },
    });
    serve([disputed], (url) =>
      url === "/api/admin/prizes/w-1/dispute/resolve" ? jsonResponse(200, resolved) : notFoundResponse(),
    );
    const card = await renderCard();
    expect(card).toHaveTextContent("En disputa");
    const panel = within(card).getByRole("region", { name: "Disputa abierta" });
    expect(panel).toHaveTextContent("Me pagaron menos de lo prometido.");

    await user.type(within(panel).getByLabelText("Cómo se resolvió *"), "Listo");
    await user.click(within(panel).getByRole("button", { name: "Marcar la disputa como resuelta" }));
    expect(await within(panel).findByText(PRIZE_MESSAGES.resolution)).toBeInTheDocument();
    expect(posts()).toHaveLength(0);

    await user.clear(within(panel).getByLabelText("Cómo se resolvió *"));
    await user.type(within(panel).getByLabelText("Cómo se resolvió *"), resolution);
    await user.click(within(panel).getByRole("button", { name: "Marcar la disputa como resuelta" }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(JSON.parse(String(posts()[0]?.[1]?.body))).toEqual({ resolution });
    const done = await within(card).findByRole("region", { name: "Disputa resuelta" });
    expect(done).toHaveTextContent(resolution);
    expect(card).not.toHaveTextContent("En disputa");
  });
});
