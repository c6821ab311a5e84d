// @vitest-environment happy-dom
import { PROOF_MESSAGES } from "@rifazo/shared/schemas/proofs";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "../src/components/ui/toast";
import { type FixedPrice, ProofUploadForm } from "../src/features/proofs/components/proof-upload-form";
import type { ProofPrefill } from "../src/features/proofs/proof-form";
import { toApiError } from "../src/lib/api-error";
import { uploadWithProgress } from "../src/lib/api-upload";
import { renderWithProviders } from "./render";

// The proof upload form (spec 1 §2 "Proof upload", §8): the shared form schema's Spanish messages,
// the multipart body it sends, and the server's answers.

vi.mock("../src/components/ui/toast", () => ({ toast: vi.fn() }));
vi.mock("../src/lib/api-upload", () => ({ uploadWithProgress: vi.fn() }));

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const noPrefill: ProofPrefill = { raffleName: null, amount: null, currency: null, quantity: null };
const raffle: FixedPrice = { unitPrice: 2.5, currency: "USD", remaining: 40 };

function renderForm(props: Partial<Parameters<typeof ProofUploadForm>[0]> = {}) {
  return renderWithProviders(
    <ProofUploadForm
      raffleId="r1"
      prefill={{ ...noPrefill, quantity: 2 }}
      fixed={raffle}
      signedIn
      allowance={null}
      salesOpen
      {...props}
    />,
  );
}

async function choosePaymentMethod(user: ReturnType<typeof userEvent.setup>, label: string) {
  await user.selectOptions(screen.getByRole("combobox", { name: "Método de pago" }), label);
}

async function attachProof(user: ReturnType<typeof userEvent.setup>) {
  const file = new File([PNG], "pago.png", { type: "image/png" });
  await user.upload(screen.getByLabelText("Comprobante de pago"), file);
  await screen.findByText("pago.png");
  return file;
}

const submit = () => screen.getByRole("button", { name: /Enviar Comprobante/ });

beforeEach(() => {
  // Drafts are kept per purchase in sessionStorage: each test starts without one.
  sessionStorage.clear();
  vi.mocked(toast).mockClear();
  vi.mocked(uploadWithProgress).mockReset();
});

describe("ProofUploadForm", () => {
  it("asks for the file first, with the spec's title, and sends nothing", async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(submit());
    expect(await screen.findByText(PROOF_MESSAGES.fileMissing)).toBeInTheDocument();
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({ title: "Falta Comprobante", variant: "error" }),
    );
    expect(uploadWithProgress).not.toHaveBeenCalled();
  });

  it("shows the shared schema's messages for the method, a bad reference and the amount", async () => {
    const user = userEvent.setup();
    renderForm({ raffleId: "general", fixed: null, prefill: { ...noPrefill, quantity: 1 } });
    await attachProof(user);
    await user.type(screen.getByLabelText("Referencia de la transacción"), "١٢٣٤");
    await user.type(screen.getByLabelText("Monto pagado"), "12,345");
    await user.click(submit());

    expect(await screen.findByText("Falta Método de Pago")).toBeInTheDocument();
    expect(screen.getByText(PROOF_MESSAGES.referenceForeignDigits)).toBeInTheDocument();
    // The shared es-VE parser says what is wrong: a comma is the decimal mark, two decimals at most.
    expect(screen.getByText("Usa como máximo 2 decimales.")).toBeInTheDocument();
    expect(screen.getByLabelText("Referencia de la transacción")).toHaveAttribute("aria-invalid", "true");
    expect(toast).toHaveBeenLastCalledWith(expect.objectContaining({ title: "Falta Método de Pago" }));
    expect(uploadWithProgress).not.toHaveBeenCalled();
  });

  it("refuses a file that is not an image or PDF when it is chosen", async () => {
    const user = userEvent.setup();
    renderForm();
    const text = new File(["hola, no soy una imagen"], "pago.png", { type: "image/png" });
    await user.upload(screen.getByLabelText("Comprobante de pago"), text);
    expect(await screen.findByRole("alert")).toHaveTextContent(PROOF_MESSAGES.fileType);
    expect(screen.queryByText("pago.png")).not.toBeInTheDocument();
  });

  it("applies the raffle's minimum purchase and the tickets left", async () => {
    const user = userEvent.setup();
    renderForm({ fixed: { ...raffle, remaining: 3 } });
    await attachProof(user);
    await choosePaymentMethod(user, "Pago Móvil");
    await user.type(screen.getByLabelText("Referencia de la transacción"), "0012345678");
    const quantity = screen.getByLabelText("Cantidad de boletos");
    await user.clear(quantity);
    await user.type(quantity, "1");
    await user.click(submit());
    expect(await screen.findByText(PROOF_MESSAGES.minPurchase)).toBeInTheDocument();
    expect(toast).toHaveBeenLastCalledWith(expect.objectContaining({ title: "Compra Mínima" }));

    await user.clear(quantity);
    await user.type(quantity, "5");
    await user.click(submit());
    expect(await screen.findByText("Solo quedan 3 boletos disponibles.")).toBeInTheDocument();
    expect(uploadWithProgress).not.toHaveBeenCalled();
  });

  it("sends the multipart body with the amount from price × quantity, then disables sending", async () => {
    vi.mocked(uploadWithProgress).mockResolvedValue({ id: "p1" });
    const user = userEvent.setup();
    renderForm();
    const file = await attachProof(user);
    await choosePaymentMethod(user, "Pago Móvil");
    await user.type(screen.getByLabelText("Referencia de la transacción"), " 0012 3456 ");
    const quantity = screen.getByLabelText("Cantidad de boletos");
    await user.clear(quantity);
    await user.type(quantity, "3");
    expect(screen.getByLabelText("Monto pagado")).toHaveValue("7,50");
    await user.type(screen.getByLabelText("Notas (opcional)"), "  pagué desde Banesco ");
    await user.click(submit());

    await waitFor(() => expect(uploadWithProgress).toHaveBeenCalledTimes(1));
    const request = vi.mocked(uploadWithProgress).mock.calls[0]?.[0];
    expect(request?.url).toBe("/api/proofs");
    const body = request?.body as FormData;
    expect(Object.fromEntries([...body.entries()].filter(([name]) => name !== "file"))).toEqual({
      raffleId: "r1",
      paymentMethod: "pago_movil",
      transactionRef: "00123456",
      amount: "7.50",
      currency: "USD",
      quantity: "3",
      userNotes: "pagué desde Banesco",
      idempotencyKey: request?.headers?.["Idempotency-Key"],
    });
    expect((body.get("file") as File).name).toBe(file.name);
    expect(await screen.findByText("Comprobante enviado")).toBeInTheDocument();
    expect(submit()).toBeDisabled();
    expect(toast).toHaveBeenLastCalledWith(expect.objectContaining({ title: "Comprobante Enviado" }));
  });

  it("shows the server's message on the field it names, and lets the user send again", async () => {
    const duplicate = PROOF_MESSAGES.duplicateReference;
    vi.mocked(uploadWithProgress).mockRejectedValue(
      toApiError(409, {
        error: { code: "DUPLICATE_REFERENCE", message: duplicate, fields: { transactionRef: duplicate } },
      }),
    );
    const user = userEvent.setup();
    renderForm();
    await attachProof(user);
    await choosePaymentMethod(user, "Zelle");
    await user.type(screen.getByLabelText("Referencia de la transacción"), "ZL-991");
    await user.click(submit());

    expect(await screen.findByText(duplicate)).toBeInTheDocument();
    expect(toast).toHaveBeenLastCalledWith(
      expect.objectContaining({ title: "Error al Guardar Comprobante", description: duplicate }),
    );
    expect(submit()).toBeEnabled();
  });

  it("tells a signed-out visitor to sign in before anything else, and is disabled when sales are closed", async () => {
    const user = userEvent.setup();
    const { unmount } = renderForm({ signedIn: false });
    await user.click(submit());
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: "Error de Usuario" }));
    expect(screen.queryByText(PROOF_MESSAGES.fileMissing)).not.toBeInTheDocument();
    unmount();

    renderForm({ salesOpen: false });
    expect(screen.getByText("Venta cerrada")).toBeInTheDocument();
    expect(submit()).toBeDisabled();
  });
});
