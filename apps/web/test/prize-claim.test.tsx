// @vitest-environment happy-dom
import type { MyPrize } from "@rifazo/shared/schemas/prizes";
import { PRIZE_MESSAGES } from "@rifazo/shared/schemas/prizes";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "../src/components/ui/toast";
import { toApiError } from "../src/lib/api-error";
import { uploadWithProgress } from "../src/lib/api-upload";
import { paths, routePatterns } from "../src/lib/paths";
import { ProfilePrizePage } from "../src/pages/profile/profile-prize-page";
import { makeClaim, makeMyPrize, WINNER_ID } from "./fixtures/my-prize";
import { renderWithProviders, stubFetch } from "./render";

// The winner's claim (docs/decisions/0035-prizes-on-the-record.md): the shared schema's Spanish messages,
// the account to pay asked only for a cash prize, the multipart it sends, and what the page says after.

vi.mock("../src/components/ui/toast", () => ({ toast: vi.fn() }));
vi.mock("../src/lib/api-upload", () => ({ uploadWithProgress: vi.fn() }));

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const CEDULA = "Foto de tu cédula de identidad";
const PAYOUT = "La cuenta o el Pago Móvil donde quieres recibirlo";
const fetchMock = stubFetch();
let served: MyPrize;

function renderPage(prize: MyPrize) {
  served = prize;
  fetchMock.mockImplementation(async () => Response.json(served));
  return renderWithProviders(<ProfilePrizePage />, {
    path: paths.profilePrize(WINNER_ID),
    pattern: routePatterns.profilePrize,
  });
}

const form = async () => within(await screen.findByRole("form", { name: "Reclamar mi premio" }));
const send = () => screen.getByRole("button", { name: "Enviar reclamo" });

async function attachCedula(user: ReturnType<typeof userEvent.setup>) {
  const file = new File([PNG], "cedula.png", { type: "image/png" });
  await user.upload(screen.getByLabelText(CEDULA), file);
  await screen.findByText("cedula.png");
  return file;
}

beforeEach(() => {
  // Before the deadline of the fixture (5 December 2026).
  vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-26T12:00:00.000Z") });
  vi.mocked(toast).mockClear();
  vi.mocked(uploadWithProgress).mockReset();
});
afterEach(() => vi.useRealTimers());

describe("claiming a prize", () => {
  it("shows the prize, the period of the rules, what to send and the organiser's WhatsApp; axe-clean", async () => {
    const { container } = renderPage(makeMyPrize());
    await form();
    expect(screen.getByRole("heading", { level: 1, name: "Tu premio" })).toBeInTheDocument();
    expect(screen.getByText("Moto Bera 0 km")).toBeInTheDocument();
    expect(screen.getByText("Gran Rifa Moto Bera")).toBeInTheDocument();
    expect(screen.getByText("0042")).toBeInTheDocument();
    expect(screen.getByText("Por reclamar")).toBeInTheDocument();
    expect(
      screen.getByText(/tienes hasta el 5 de diciembre de 2026 a las 7:00 p\. m\. para reclamarlo/),
    ).toBeInTheDocument();
    const list = screen.getByText("Qué enviar:").nextElementSibling as HTMLElement;
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual([CEDULA]);
    const whatsapp = screen.getByRole("link", { name: /Escribir al organizador por WhatsApp/ });
    expect(whatsapp).toHaveAttribute("href", "https://wa.me/584141234567?text=Hola");
    expect(whatsapp).toHaveAttribute("target", "_blank");
    // Not a cash prize: no account is asked for.
    expect(screen.queryByLabelText(PAYOUT)).toBeNull();
    const result = await axe.run(container);
    expect(result.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });

  it("asks for the cédula and a valid phone with the shared messages, and sends nothing", async () => {
    const user = userEvent.setup();
    renderPage(makeMyPrize());
    await form();
    await user.type(screen.getByLabelText("Teléfono de contacto (opcional)"), "llámame");
    await user.click(send());
    expect(await screen.findByText(PRIZE_MESSAGES.evidenceRequired)).toBeInTheDocument();
    expect(screen.getByText(PRIZE_MESSAGES.phone)).toBeInTheDocument();
    expect(screen.getByLabelText("Teléfono de contacto (opcional)")).toHaveAttribute("aria-invalid", "true");
    expect(uploadWithProgress).not.toHaveBeenCalled();
  });

  it("refuses a file that is not an image or a PDF when it is chosen", async () => {
    const user = userEvent.setup();
    renderPage(makeMyPrize());
    await form();
    await user.upload(screen.getByLabelText(CEDULA), new File(["hola"], "cedula.png", { type: "image/png" }));
    expect(await screen.findByText("Solo se permiten imágenes (JPG, PNG) o PDF.")).toBeInTheDocument();
    expect(screen.queryByText("cedula.png")).toBeNull();
  });

  it("a cash prize asks for the account or Pago Móvil, required with the shared message", async () => {
    const user = userEvent.setup();
    renderPage(
      makeMyPrize({ cash: { currency: "USD", amount: 1000 }, prizeDescription: "Premio en efectivo" }),
    );
    await form();
    expect(screen.getByText("Premio en dinero: $1.000,00")).toBeInTheDocument();
    const list = screen.getByText("Qué enviar:").nextElementSibling as HTMLElement;
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual([CEDULA, PAYOUT]);
    await attachCedula(user);
    await user.click(send());
    expect(await screen.findByText(PRIZE_MESSAGES.payoutRequired)).toBeInTheDocument();
    expect(screen.getByLabelText(PAYOUT)).toHaveAttribute("aria-invalid", "true");
    expect(uploadWithProgress).not.toHaveBeenCalled();
  });

  it("sends the multipart claim with its progress, then shows the claim under review", async () => {
    const claimed = makeMyPrize({
      cash: { currency: "USD", amount: 1000 },
      claim: makeClaim({ payoutDetails: "Banesco, V-12.345.678, 0414-1234567" }),
    });
    let finish: (value: MyPrize) => void = () => undefined;
    vi.mocked(uploadWithProgress).mockImplementation(
      (request) =>
        new Promise((resolve) => {
          request.onProgress?.({ loaded: 512, total: 1024 });
          finish = resolve as (value: MyPrize) => void;
        }),
    );
    const user = userEvent.setup();
    renderPage(makeMyPrize({ cash: { currency: "USD", amount: 1000 } }));
    await form();
    const file = await attachCedula(user);
    await user.type(screen.getByLabelText(PAYOUT), "  Banesco, V-12.345.678, 0414-1234567 ");
    await user.type(screen.getByLabelText("Teléfono de contacto (opcional)"), "0414-1234567");
    await user.click(send());

    await waitFor(() => expect(uploadWithProgress).toHaveBeenCalledTimes(1));
    expect(await screen.findByRole("progressbar", { name: "Envío del reclamo" })).toHaveAttribute(
      "aria-valuetext",
      "50 %",
    );
    const request = vi.mocked(uploadWithProgress).mock.calls[0]?.[0];
    expect(request?.url).toBe(`/api/prizes/${WINNER_ID}/claim`);
    const body = request?.body as FormData;
    expect([...body.keys()]).toEqual(["contactPhone", "payoutDetails", "file"]);
    expect(body.get("contactPhone")).toBe("0414-1234567");
    expect(body.get("payoutDetails")).toBe("Banesco, V-12.345.678, 0414-1234567");
    expect((body.get("file") as File).name).toBe(file.name);

    served = claimed;
    finish(claimed);
    expect(await screen.findByText("En revisión por el organizador")).toBeInTheDocument();
    expect(screen.queryByRole("form", { name: "Reclamar mi premio" })).toBeNull();
    expect(screen.getByText("Reclamado")).toBeInTheDocument();
    expect(toast).toHaveBeenLastCalledWith(
      expect.objectContaining({ title: "Reclamo enviado", variant: "success" }),
    );
  });

  it("shows the server's Spanish message, on its field when it names one", async () => {
    const message = "El plazo para reclamar este premio terminó.";
    vi.mocked(uploadWithProgress).mockRejectedValue(
      toApiError(409, { error: { code: "PRIZE_CLAIM_CLOSED", message, fields: { note: "Nota muy rara." } } }),
    );
    const user = userEvent.setup();
    renderPage(makeMyPrize());
    await form();
    await attachCedula(user);
    await user.click(send());
    expect(await screen.findByRole("alert")).toHaveTextContent(message);
    expect(screen.getByText("Nota muy rara.")).toBeInTheDocument();
    expect(toast).toHaveBeenLastCalledWith(
      expect.objectContaining({
        title: "No pudimos enviar tu reclamo",
        description: message,
        variant: "error",
      }),
    );
    expect(send()).toBeEnabled();
  });

  it("a rejected claim shows the organiser's note and the form again; an accepted one says so", async () => {
    const { unmount } = renderPage(
      makeMyPrize({ claim: makeClaim({ reviewStatus: "rejected", reviewNote: "La foto no se lee." }) }),
    );
    await form();
    expect(screen.getByText("El organizador rechazó tu reclamo")).toBeInTheDocument();
    expect(screen.getByText("Motivo: La foto no se lee.")).toBeInTheDocument();
    unmount();

    renderPage(makeMyPrize({ claim: makeClaim({ reviewStatus: "accepted" }) }));
    expect(
      await screen.findByText("Reclamo aceptado: el organizador coordinará la entrega"),
    ).toBeInTheDocument();
    expect(screen.queryByRole("form", { name: "Reclamar mi premio" })).toBeNull();
  });
});
