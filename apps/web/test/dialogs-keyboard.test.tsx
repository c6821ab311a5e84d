// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { type ReactElement, useState } from "react";
import { describe, expect, it } from "vitest";
import { Dialog, DialogContent, DialogTitle, DialogTrigger } from "../src/components/ui/dialog";
import { ConfirmDialog } from "../src/features/admin/shared/confirm-dialog";
import { PaymentDetailDialog } from "../src/features/proofs/components/payment-detail-dialog";
import { WinnersDialog } from "../src/features/raffles/components/raffle-dialogs";
import { makeProof } from "./fixtures/proof";
import { makeRaffle, makeWinner } from "./fixtures/raffle";
import { renderWithProviders, stubFetch } from "./render";

// Dialogs with the keyboard alone (WAI-ARIA dialog pattern): opened from a button, focus moves into the
// dialog, Tab and Shift+Tab stay inside it, Escape closes it and focus goes back to the button that
// opened it; the title names the dialog and the description describes it.

const fetchMock = stubFetch();

/** A page with a button before and after the one that opens the dialog. */
function Page({
  label,
  dialog,
}: {
  label: string;
  dialog: (open: boolean, close: () => void) => ReactElement;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button">Antes</button>
      <button type="button" onClick={() => setOpen(true)}>
        {label}
      </button>
      <button type="button">Después</button>
      {dialog(open, () => setOpen(false))}
    </>
  );
}

/** Opens with Enter from the trigger, checks focus stays inside for a full lap both ways, closes with Escape. */
async function walk(role: "dialog" | "alertdialog", trigger: string, name: string, description: RegExp) {
  const user = userEvent.setup();
  const opener = screen.getByRole("button", { name: trigger });
  opener.focus();
  await user.keyboard("{Enter}");
  const dialog = await screen.findByRole(role, { name });
  expect(dialog).toHaveAccessibleDescription(description);
  expect(dialog.contains(document.activeElement)).toBe(true);
  // Everything outside is out of reach for assistive technology while it is open.
  expect(screen.queryByRole("button", { name: "Antes" })).not.toBeInTheDocument();
  const stops = within(dialog).queryAllByRole("button").length + within(dialog).queryAllByRole("link").length;
  for (let i = 0; i < stops + 2; i++) {
    await user.tab();
    expect(dialog.contains(document.activeElement)).toBe(true);
  }
  for (let i = 0; i < stops + 2; i++) {
    await user.tab({ shift: true });
    expect(dialog.contains(document.activeElement)).toBe(true);
  }
  await user.keyboard("{Escape}");
  expect(screen.queryByRole(role)).not.toBeInTheDocument();
  // Radix gives focus back on the next task after the dialog unmounts.
  await waitFor(() => expect(document.activeElement).toBe(opener));
}

describe("dialogs with the keyboard", () => {
  it("the payment detail with its proof preview (Mis pagos)", async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 404 }));
    renderWithProviders(
      <Page
        label="Ver detalle"
        dialog={(open, close) => <PaymentDetailDialog proof={open ? makeProof() : null} onClose={close} />}
      />,
    );
    await walk("dialog", "Ver detalle", "iPhone 17", /^Enviado el /);
  });

  it("the raffle card's winners", async () => {
    const raffle = makeRaffle({
      status: "finished",
      winners: [makeWinner("2026-11-26T15:00:00.000Z")],
    });
    renderWithProviders(
      <Page
        label="Ver ganador"
        dialog={(open, close) => (
          <WinnersDialog raffle={raffle} open={open} onOpenChange={(next) => (next ? undefined : close())} />
        )}
      />,
    );
    await walk("dialog", "Ver ganador", "¡Tenemos ganador!", new RegExp(raffle.title));
  });

  it("a confirmation: focus starts on Cancelar", async () => {
    renderWithProviders(
      <Page
        label="Eliminar rifa"
        dialog={(open, close) => (
          <ConfirmDialog
            open={open}
            onOpenChange={(next) => (next ? undefined : close())}
            title="¿Eliminar la rifa?"
            description="Esta acción no se puede deshacer."
            confirmLabel="Eliminar"
            onConfirm={async () => undefined}
          />
        )}
      />,
    );
    const opener = screen.getByRole("button", { name: "Eliminar rifa" });
    opener.focus();
    await userEvent.keyboard("{Enter}");
    expect(await screen.findByRole("alertdialog", { name: "¿Eliminar la rifa?" })).toBeInTheDocument();
    expect(document.activeElement).toHaveAccessibleName("Cancelar");
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(document.activeElement).toBe(opener));
    await walk("alertdialog", "Eliminar rifa", "¿Eliminar la rifa?", /^Esta acción no se puede deshacer\.$/);
  });

  it("a dialog with its own trigger: focus goes back to the trigger", async () => {
    const user = userEvent.setup();
    renderWithProviders(
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
