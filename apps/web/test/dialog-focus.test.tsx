// @vitest-environment happy-dom
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { Dialog, DialogContent, DialogTitle, DialogTrigger } from "../src/components/ui/dialog";

/** A dialog opened from state, as the app's stores and row buttons do: no Radix trigger to go back to. */
function OpenedFromState() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button">Antes</button>
      <button type="button" onClick={() => setOpen(true)}>
        Ver detalle
      </button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent aria-describedby={undefined}>
          <DialogTitle>Detalle</DialogTitle>
          <button type="button">Dentro</button>
        </DialogContent>
      </Dialog>
    </>
  );
}

describe("diálogos y foco", () => {
  it("abierto sin trigger: el foco entra, queda dentro y al cerrar vuelve al botón que lo abrió", async () => {
    const user = userEvent.setup();
    render(<OpenedFromState />);
    const opener = screen.getByRole("button", { name: "Ver detalle" });
    await user.click(opener);
    const dialog = await screen.findByRole("dialog", { name: "Detalle" });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    for (let i = 0; i < 5; i++) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });

  it("con trigger: el foco vuelve al trigger", async () => {
    const user = userEvent.setup();
    render(
      <Dialog>
        <DialogTrigger>Abrir</DialogTrigger>
        <DialogContent aria-describedby={undefined}>
          <DialogTitle>Con trigger</DialogTitle>
        </DialogContent>
      </Dialog>,
    );
    const trigger = screen.getByRole("button", { name: "Abrir" });
    await user.click(trigger);
    await screen.findByRole("dialog", { name: "Con trigger" });
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(trigger).toHaveFocus();
  });
});
