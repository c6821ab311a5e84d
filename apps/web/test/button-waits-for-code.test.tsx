// @vitest-environment happy-dom
import { render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Button } from "../src/components/ui/button";

// A control that needs the page's code says so until hydration (decision 0018), instead of sitting greyed
// out with no reason: what the server renders, and what the browser shows once the code runs.

describe("Button waitsForCode", () => {
  it("on the server: disabled, busy, with a spinner and 'cargando' in its name", () => {
    const html = renderToString(<Button waitsForCode>Reservar boletos</Button>);
    document.body.innerHTML = html;
    const button = screen.getByRole("button", { name: "Reservar boletos (cargando…)" });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute("aria-busy", "true");
    expect(button).toHaveAttribute("title", "Cargando…");
    expect(button.querySelector("svg.animate-spin")).not.toBeNull();

    document.body.innerHTML = renderToString(
      <Button waitsForCode aria-label="Añadir un boleto">
        +
      </Button>,
    );
    expect(screen.getByRole("button", { name: "Añadir un boleto (cargando…)" })).toBeDisabled();
  });

  it("in the browser: the plain button, live", () => {
    render(
      <Button waitsForCode disabled={false}>
        Reservar boletos
      </Button>,
    );
    const button = screen.getByRole("button", { name: "Reservar boletos" });
    expect(button).toBeEnabled();
    expect(button).not.toHaveAttribute("aria-busy");
    expect(button).not.toHaveAttribute("title");
  });
});
