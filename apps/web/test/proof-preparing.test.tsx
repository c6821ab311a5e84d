// @vitest-environment happy-dom
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { ProofFileInput } from "../src/features/proofs/components/proof-file-input";
import { ProofFormActions } from "../src/features/proofs/components/proof-upload-status";
import type { PreparedProof } from "../src/features/proofs/prepare-proof-image";

// Sending waits while the browser makes the chosen screenshot lighter (decision 0030): on a slow link the
// original would take half a minute, its lighter copy a few seconds.

let finish: (prepared: PreparedProof) => void = () => {};
vi.mock("../src/features/proofs/prepare-proof-image", () => ({
  prepareProofFile: () =>
    new Promise<PreparedProof>((resolve) => {
      finish = resolve;
    }),
}));

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
function pngFile(bytes: number): File {
  const data = new Uint8Array(bytes);
  data.set(PNG_HEAD);
  return new File([data], "captura.png", { type: "image/png" });
}

describe("la imagen se prepara antes de enviarse", () => {
  it("el campo avisa mientras prepara la imagen y cuando termina", async () => {
    const preparing: boolean[] = [];
    const onChange = vi.fn();
    render(
      <ProofFileInput
        id="f"
        file={null}
        onChange={onChange}
        onPreparingChange={(value) => preparing.push(value)}
      />,
    );
    const original = pngFile(1_500_000);
    await userEvent.upload(screen.getByLabelText(/comprobante|archivo/i, { selector: "input" }), original);
    await waitFor(() => expect(preparing.at(-1)).toBe(true));
    const lighter = new File([new Uint8Array(170_000)], "captura.jpg", { type: "image/jpeg" });
    finish({ file: lighter, originalBytes: original.size, reason: "resized" } as PreparedProof);
    await waitFor(() => expect(preparing.at(-1)).toBe(false));
    expect(onChange).toHaveBeenLastCalledWith(lighter);
  });

  it("«Enviar Comprobante» espera mientras tanto y lo dice", () => {
    const { rerender } = render(
      <MemoryRouter>
        <ProofFormActions withPaymentLink={false} uploading={false} preparing disabled={false} />
      </MemoryRouter>,
    );
    expect(screen.getByRole("button", { name: /Preparando imagen/ })).toBeDisabled();
    rerender(
      <MemoryRouter>
        <ProofFormActions withPaymentLink={false} uploading={false} preparing={false} disabled={false} />
      </MemoryRouter>,
    );
    expect(screen.getByRole("button", { name: /Enviar Comprobante/ })).toBeEnabled();
  });
});
