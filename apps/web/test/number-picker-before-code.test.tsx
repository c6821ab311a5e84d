// @vitest-environment happy-dom
// The number grid as the server renders it, before the page's code (decision 0029): a real POST form of
// checkboxes named `numeros` whose submit button works, taken numbers disabled, and after a refused
// submission the message in an alert with the numbers sent still ticked.
import { encodeTaken } from "@rifazo/shared/domain/number-bitmap";
import { QueryClientProvider } from "@tanstack/react-query";
import { screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { sessionQueryKey } from "../src/features/auth";
import { numbersKey } from "../src/features/raffles/api/purchase-api";
import { NumberPicker } from "../src/features/raffles/components/number-picker/number-picker";
import { type FormReturn, formReturnKey } from "../src/lib/form-return";
import { raffle } from "./fixtures/purchase";
import { testQueryClient } from "./render";

function serverHtml(total: number, taken: number[], refused?: FormReturn) {
  const client = testQueryClient();
  client.setQueryData(sessionQueryKey, null);
  client.setQueryData(numbersKey("r1"), {
    raffleId: "r1",
    totalTickets: total,
    taken: taken.length,
    bitmap: encodeTaken(total, taken),
  });
  if (refused) client.setQueryData(formReturnKey, refused);
  document.body.innerHTML = renderToString(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={["/rifas/r1"]}>
        <NumberPicker raffle={raffle({ id: "r1", totalTickets: total })} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  document.body.innerHTML = "";
});

describe("NumberPicker antes de que llegue el código", () => {
  it("es un formulario POST de casillas `numeros` con un botón que envía", () => {
    serverHtml(100, [5]);
    const form = screen.getByRole("form", { name: "Reservar números" });
    expect(form).toHaveAttribute("method", "post");
    expect(form).toHaveAttribute("action", "/api/raffles/r1/reservations");
    const boxes = screen.getAllByRole("checkbox");
    expect(boxes).toHaveLength(100);
    expect(screen.getByRole("checkbox", { name: "Número 07" })).toHaveAttribute("name", "numeros");
    expect(screen.getByRole("checkbox", { name: "Número 07" })).toHaveAttribute("value", "7");
    expect(screen.getByRole("checkbox", { name: "Número 05, ocupado" })).toBeDisabled();
    const button = screen.getByRole("button", { name: /^Reservar/ });
    expect(button).toHaveAttribute("type", "submit");
    expect(button).toBeEnabled();
  });

  it("tras un rechazo: el mensaje en una alerta y los números enviados marcados", () => {
    const message = "El número 05 acaba de ser tomado por otra persona. Elige otro.";
    serverHtml(100, [5], {
      action: "/api/raffles/r1/reservations",
      message,
      fields: {},
      values: { numeros: ["5", "8"] },
    });
    expect(screen.getByRole("alert")).toHaveTextContent(message);
    expect(screen.getByRole("checkbox", { name: "Número 08" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Número 05, ocupado" })).not.toBeChecked();
  });

  it("con más de 1 000 números, un campo donde escribirlos en vez de 10 000 casillas", () => {
    serverHtml(10_000, []);
    expect(screen.queryAllByRole("checkbox")).toHaveLength(0);
    expect(screen.getByLabelText("Escribe tus números, separados por comas")).toHaveAttribute(
      "name",
      "numeros",
    );
  });
});
