// @vitest-environment happy-dom
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useRef, useState } from "react";
import { beforeEach, describe, expect, it } from "vitest";
import { NativeProofForm } from "../src/features/proofs/components/native-proof-form";
import { ProofUploadForm } from "../src/features/proofs/components/proof-upload-form";
import type { HandedOverValues } from "../src/features/proofs/proof-form";
import { payableMethods } from "../src/features/proofs/reservation";
import { makeReservation } from "./fixtures/reservation";
import { renderWithProviders } from "./render";

// The payment page rendered on the server shows the browser's own proof form; once the code has run the
// full form takes its place when nothing was typed (decision 0029). That check and the swap are two
// steps, and a buyer on a slow phone can type in between: what the first form held when it left is what
// the full form starts with, never lost.

const reservation = makeReservation(new Date("2026-11-26T14:00:00.000Z"), {
  methods: [
    {
      method: "pago_movil",
      label: "Pago Móvil",
      currency: "VES",
      amount: 1194.56,
      fields: [],
      available: true,
    },
    { method: "zelle", label: "Zelle", currency: "USD", amount: 32, fields: [], available: true },
  ],
});

/** The payment page's two forms, the server's until «Cambiar» (the swap ReservationCheckout makes). */
function Checkout() {
  const [native, setNative] = useState(true);
  const handedOver = useRef<HandedOverValues | null>(null);
  return (
    <>
      <button type="button" onClick={() => setNative(false)}>
        Cambiar
      </button>
      {native ? (
        <NativeProofForm
          reservation={reservation}
          idempotencyKey="clave-del-servidor-0001"
          onUntouched={() => undefined}
          onLeave={(typed) => {
            handedOver.current = typed;
          }}
        />
      ) : (
        <ProofUploadForm
          raffleId={reservation.raffleId}
          reservation={{ id: reservation.id, quantity: reservation.quantity }}
          options={payableMethods(reservation)}
          prefill={{
            raffleName: reservation.raffleTitle,
            amount: null,
            currency: reservation.pricing.currency,
            quantity: reservation.quantity,
          }}
          fixed={{
            unitPrice: reservation.pricing.unitPrice,
            currency: reservation.pricing.currency,
            remaining: null,
          }}
          signedIn
          allowance={null}
          salesOpen
          handedOver={handedOver}
        />
      )}
    </>
  );
}

beforeEach(() => {
  // The full form keeps a draft per purchase in sessionStorage: each test starts without one.
  sessionStorage.clear();
});

describe("el formulario del servidor da paso al de la app", () => {
  it("lo escrito en el primero en el instante del cambio sigue en el segundo", async () => {
    const user = userEvent.setup();
    renderWithProviders(<Checkout />);
    const serverForm = screen.getByRole("form", { name: "Subir comprobante de pago" });
    expect(serverForm.getAttribute("action")).toBe("/api/proofs");
    await user.type(screen.getByLabelText("Referencia de la transacción"), "00123456789");
    await user.type(screen.getByLabelText("Notas (opcional)"), "Pagué desde Banesco");

    await user.click(screen.getByRole("button", { name: "Cambiar" }));
    const appForm = screen.getByRole("form", { name: "Subir comprobante de pago" });
    expect(appForm.getAttribute("action")).toBeNull();
    expect(screen.getByLabelText("Referencia de la transacción")).toHaveValue("00123456789");
    expect(screen.getByLabelText("Notas (opcional)")).toHaveValue("Pagué desde Banesco");
  });

  it("el método que el comprador cambió en el primero sigue elegido en el segundo", async () => {
    const user = userEvent.setup();
    renderWithProviders(<Checkout />);
    const method = screen.getByRole("combobox", { name: "Método de pago" });
    const sent = (method as HTMLSelectElement).value;
    const other = payableMethods(reservation).find((option) => option.method !== sent);
    expect(other).toBeDefined();
    await user.selectOptions(method, other?.method ?? "");

    await user.click(screen.getByRole("button", { name: "Cambiar" }));
    expect(screen.getByRole("form", { name: "Subir comprobante de pago" }).getAttribute("action")).toBeNull();
    expect(screen.getByRole("combobox", { name: "Método de pago" })).toHaveValue(other?.method);
  });

  it("sin nada escrito, el de la app empieza como siempre", async () => {
    const user = userEvent.setup();
    renderWithProviders(<Checkout />);
    await user.click(screen.getByRole("button", { name: "Cambiar" }));
    expect(screen.getByLabelText("Referencia de la transacción")).toHaveValue("");
  });
});
