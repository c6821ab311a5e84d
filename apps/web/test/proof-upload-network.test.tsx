// @vitest-environment happy-dom
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "../src/components/ui/toast";
import { type FixedPrice, ProofUploadForm } from "../src/features/proofs/components/proof-upload-form";
import { progressMilestone, UploadProgressBar } from "../src/features/proofs/components/upload-progress";
import {
  type ImageEncoder,
  jpegName,
  PROOF_IMAGE,
  prepareProofFile,
  scaledSize,
} from "../src/features/proofs/prepare-proof-image";
import { networkError } from "../src/lib/api-error";
import { uploadWithProgress } from "../src/lib/api-upload";
import { renderWithProviders } from "./render";

// A proof on a bad connection (decision 0030): images are re-encoded smaller before the upload unless
// that would not help, the upload shows its bytes, and a dropped connection sends the same proof again
// with the same idempotency key.

vi.mock("../src/components/ui/toast", () => ({ toast: vi.fn() }));
vi.mock("../src/lib/api-upload", () => ({ uploadWithProgress: vi.fn() }));

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** A PNG of `bytes` bytes: the right first bytes, then filler. */
function pngFile(bytes: number, name = "captura.png"): File {
  const data = new Uint8Array(bytes);
  data.set(PNG_HEAD);
  return new File([data], name, { type: "image/png" });
}
const jpegBlob = (bytes: number) => new Blob([new Uint8Array(bytes)], { type: "image/jpeg" });

describe("prepareProofFile", () => {
  it("re-encodes a large screenshot as a smaller JPEG, named .jpg, at the chosen size and quality", async () => {
    const encode = vi.fn<ImageEncoder>().mockResolvedValue(jpegBlob(180_000));
    const original = pngFile(1_500_000);
    const prepared = await prepareProofFile(original, encode);
    expect(encode).toHaveBeenCalledWith(original, PROOF_IMAGE.longSide, PROOF_IMAGE.quality);
    expect(prepared.reason).toBe("resized");
    expect(prepared.file).toMatchObject({ name: "captura.jpg", type: "image/jpeg", size: 180_000 });
    expect(prepared.originalBytes).toBe(1_500_000);
  });

  it("keeps a PDF as it is, without trying to draw it", async () => {
    const encode = vi.fn<ImageEncoder>();
    const pdf = new File([new Uint8Array(900_000)], "recibo.pdf", { type: "application/pdf" });
    const prepared = await prepareProofFile(pdf, encode);
    expect(prepared).toMatchObject({ file: pdf, reason: "pdf" });
    expect(encode).not.toHaveBeenCalled();
  });

  it("keeps the original when the JPEG is not smaller", async () => {
    const original = pngFile(400_000);
    const prepared = await prepareProofFile(original, async () => jpegBlob(400_000));
    expect(prepared).toMatchObject({ file: original, reason: "not-smaller" });
  });

  it("keeps the original when the browser cannot re-encode (no canvas, a failure, or a PNG instead)", async () => {
    const original = pngFile(1_000_000);
    for (const encode of [
      async () => null,
      async () => {
        throw new Error("decode failed");
      },
      async () => new Blob([new Uint8Array(10)], { type: "image/png" }),
    ] satisfies ImageEncoder[]) {
      expect(await prepareProofFile(original, encode)).toMatchObject({
        file: original,
        reason: "unsupported",
      });
    }
  });

  it("sends a file already light as it is", async () => {
    const encode = vi.fn<ImageEncoder>();
    const small = pngFile(PROOF_IMAGE.smallBytes);
    expect(await prepareProofFile(small, encode)).toMatchObject({ file: small, reason: "small" });
    expect(encode).not.toHaveBeenCalled();
  });

  it("scales the long side down to the cap and never enlarges", () => {
    expect(scaledSize(1440, 3200, 2400)).toEqual({ width: 1080, height: 2400 });
    expect(scaledSize(4000, 3000, 2400)).toEqual({ width: 2400, height: 1800 });
    expect(scaledSize(1080, 2400, 2400)).toEqual({ width: 1080, height: 2400 });
    expect(scaledSize(600, 900, 2400)).toEqual({ width: 600, height: 900 });
    expect(jpegName("Screenshot_2026.png")).toBe("Screenshot_2026.jpg");
    expect(jpegName(".png")).toBe("comprobante.jpg");
  });
});

describe("UploadProgressBar", () => {
  it("shows the percentage and the bytes, and speaks only at each quarter", () => {
    render(<UploadProgressBar progress={{ loaded: 320_000, total: 700_000 }} phase="uploading" />);
    expect(screen.getByText("Subiendo… 45 % (320 kB de 700 kB)")).toBeInTheDocument();
    const bar = screen.getByRole("progressbar", { name: "Subiendo… 45 % (320 kB de 700 kB)" });
    expect(bar).toHaveAttribute("aria-valuenow", "45");
    expect(bar).toHaveAttribute("aria-valuetext", "45 % (320 kB de 700 kB)");
    expect(screen.getByText("Subido el 25 %.")).toHaveAttribute("aria-live", "polite");
  });

  it("says the same thing for every percent between two milestones", () => {
    const at = (loaded: number) => progressMilestone({ loaded, total: 100 }, "uploading");
    expect([at(0), at(24)]).toEqual(["Subiendo comprobante.", "Subiendo comprobante."]);
    expect([at(50), at(51), at(74)]).toEqual(["Subido el 50 %.", "Subido el 50 %.", "Subido el 50 %."]);
    expect(progressMilestone({ loaded: 100, total: 100 }, "done")).toBe("Comprobante enviado.");
  });
});

const raffle: FixedPrice = { unitPrice: 2.5, currency: "USD", remaining: 40 };
const noPrefill = { raffleName: null, amount: null, currency: null, quantity: 2 };

async function fillAndSend(user: ReturnType<typeof userEvent.setup>) {
  renderWithProviders(
    <ProofUploadForm raffleId="r1" prefill={noPrefill} fixed={raffle} signedIn allowance={null} salesOpen />,
  );
  await user.upload(screen.getByLabelText("Comprobante de pago"), pngFile(1000, "pago.png"));
  await screen.findByText("pago.png");
  await user.selectOptions(screen.getByRole("combobox", { name: "Método de pago" }), "Pago Móvil");
  await user.type(screen.getByLabelText("Referencia de la transacción"), "00123456");
  await user.click(screen.getByRole("button", { name: /Enviar Comprobante/ }));
}

/** The first try sends 40 % and loses the connection; the next ones succeed. */
function dropFirstAttempt() {
  vi.mocked(uploadWithProgress)
    .mockImplementationOnce(async ({ onProgress }) => {
      onProgress?.({ loaded: 400, total: 1000 });
      throw networkError();
    })
    .mockResolvedValue({ id: "p1" });
}

const keysSent = () =>
  vi.mocked(uploadWithProgress).mock.calls.map(([request]) => ({
    header: request.headers?.["Idempotency-Key"],
    field: request.body.get("idempotencyKey"),
    file: (request.body.get("file") as File).name,
  }));

beforeEach(() => {
  sessionStorage.clear();
  vi.mocked(toast).mockClear();
  vi.mocked(uploadWithProgress).mockReset();
});

describe("a dropped connection during the upload", () => {
  it("keeps the form, says so, and «Reintentar» sends the same proof with the same key", async () => {
    dropFirstAttempt();
    const user = userEvent.setup();
    await fillAndSend(user);

    expect(await screen.findByText("Se cortó la conexión")).toBeInTheDocument();
    expect(screen.getByText("Envío detenido en 40 %")).toBeInTheDocument();
    expect(screen.getByLabelText("Referencia de la transacción")).toHaveValue("00123456");
    expect(screen.getByText("pago.png")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Enviar Comprobante/ })).toBeDisabled();

    await user.click(screen.getByRole("button", { name: "Reintentar" }));
    expect(await screen.findByText("Comprobante enviado")).toBeInTheDocument();
    const [first, second] = keysSent();
    expect(keysSent()).toHaveLength(2);
    expect(first?.header).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toEqual(first);
    expect(first?.field).toBe(first?.header);
  });

  it("sends again by itself when the browser is back online", async () => {
    dropFirstAttempt();
    const user = userEvent.setup();
    await fillAndSend(user);
    await screen.findByText("Se cortó la conexión");

    act(() => {
      window.dispatchEvent(new Event("online"));
    });
    await waitFor(() => expect(uploadWithProgress).toHaveBeenCalledTimes(2));
    expect(await screen.findByText("Comprobante enviado")).toBeInTheDocument();
    const [first, second] = keysSent();
    expect(second?.header).toBe(first?.header);
  });

  it("«Cancelar envío» gives the form back; sending it unchanged still reuses the key", async () => {
    dropFirstAttempt();
    const user = userEvent.setup();
    await fillAndSend(user);
    await user.click(await screen.findByRole("button", { name: "Cancelar envío" }));
    expect(screen.queryByText("Se cortó la conexión")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: /Enviar Comprobante/ }));
    expect(await screen.findByText("Comprobante enviado")).toBeInTheDocument();
    const [first, second] = keysSent();
    expect(second?.header).toBe(first?.header);
  });
});
