// @vitest-environment happy-dom
import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { NativeProofForm } from "../src/features/proofs/components/native-proof-form";
import { makeReservation } from "./fixtures/reservation";
import { renderWithProviders } from "./render";

// The payment page runs without the full proof form's code (features/proofs/lazy.ts): the browser's own
// form stays, and works, until that code has arrived; only then, and only if the buyer has not chosen a
// file in it meanwhile (a file cannot be handed over), does the full form take its place.

const reservation = makeReservation(new Date("2026-11-26T14:00:00.000Z"));

/** A download the test finishes (or fails) when it wants. */
function download() {
  let finish: () => void = () => undefined;
  let fail: () => void = () => undefined;
  const done = new Promise<void>((resolve, reject) => {
    finish = resolve;
    fail = () => reject(new Error("sin conexión"));
  });
  return { prepare: () => done, finish, fail };
}

function renderForm(prepare: () => Promise<unknown>, onUntouched: () => void) {
  return renderWithProviders(
    <NativeProofForm
      reservation={reservation}
      idempotencyKey="clave-del-servidor-0002"
      prepare={prepare}
      onUntouched={onUntouched}
    />,
  );
}

describe("el formulario del navegador espera al código del completo", () => {
  it("da paso al completo solo cuando su código llegó", async () => {
    const code = download();
    const onUntouched = vi.fn();
    renderForm(code.prepare, onUntouched);
    await act(async () => undefined);
    expect(onUntouched).not.toHaveBeenCalled();
    expect(screen.getByRole("form", { name: "Subir comprobante de pago" })).toHaveAttribute(
      "action",
      "/api/proofs",
    );
    await act(async () => code.finish());
    expect(onUntouched).toHaveBeenCalledTimes(1);
  });

  it("con un archivo elegido mientras tanto, se queda: el archivo no se puede pasar al otro", async () => {
    const user = userEvent.setup();
    const code = download();
    const onUntouched = vi.fn();
    renderForm(code.prepare, onUntouched);
    const file = new File([new Uint8Array(2048)], "captura.png", { type: "image/png" });
    await user.upload(screen.getByLabelText(/^Comprobante \(JPG/), file);
    await act(async () => code.finish());
    expect(onUntouched).not.toHaveBeenCalled();
  });

  it("si el código no llega, se queda, y sigue enviándose solo", async () => {
    const code = download();
    const onUntouched = vi.fn();
    renderForm(code.prepare, onUntouched);
    await act(async () => code.fail());
    expect(onUntouched).not.toHaveBeenCalled();
    expect(screen.getByRole("form", { name: "Subir comprobante de pago" })).toHaveAttribute(
      "enctype",
      "multipart/form-data",
    );
  });
});
