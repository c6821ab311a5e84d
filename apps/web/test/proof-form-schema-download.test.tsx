// @vitest-environment happy-dom
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "../src/components/ui/toast";
import { OFFLINE_TITLE, offlineActionMessage } from "../src/features/offline";
import { ProofUploadForm } from "../src/features/proofs/components/proof-upload-form";
import { uploadWithProgress } from "../src/lib/api-upload";
import { renderWithProviders } from "./render";

// The proof form's check (the shared schema, and zod with it) downloads beside the payment page, not
// before it hydrates (decision 0033). When that download fails, sending says so and sends nothing.

vi.mock("../src/components/ui/toast", () => ({ toast: vi.fn() }));
vi.mock("../src/lib/api-upload", () => ({ uploadWithProgress: vi.fn() }));
vi.mock("@rifazo/shared/schemas/proofs", () => {
  throw new TypeError("Failed to fetch dynamically imported module");
});

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

beforeEach(() => {
  sessionStorage.clear();
  vi.mocked(toast).mockClear();
  vi.mocked(uploadWithProgress).mockReset();
});

describe("the proof form's check, downloaded apart", () => {
  it("a failed download: «Sin conexión», nothing sent, what was typed kept", async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <ProofUploadForm
        raffleId="general"
        prefill={{ raffleName: null, amount: null, currency: null, quantity: 1 }}
        fixed={null}
        signedIn
        allowance={null}
        salesOpen
      />,
    );
    await user.upload(
      screen.getByLabelText("Comprobante de pago"),
      new File([PNG], "pago.png", { type: "image/png" }),
    );
    await screen.findByText("pago.png");
    await user.type(screen.getByLabelText("Referencia de la transacción"), "00123456");
    await user.click(screen.getByRole("button", { name: /Enviar Comprobante/ }));

    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({
          title: OFFLINE_TITLE,
          description: offlineActionMessage("preparar el formulario"),
          variant: "error",
        }),
      ),
    );
    expect(uploadWithProgress).not.toHaveBeenCalled();
    expect(screen.getByLabelText("Referencia de la transacción")).toHaveValue("00123456");
  });
});
