// @vitest-environment happy-dom
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Link, MemoryRouter, Route, Routes, useNavigate } from "react-router";
import { describe, expect, it } from "vitest";
import { toast } from "../src/components/ui/toast";
import Toaster from "../src/components/ui/toaster";
import { ToastsEndWithPage } from "../src/components/ui/toasts-end-with-page";

// A toast ends with the action that caused it: another page dismisses it, unless it announced that very
// navigation (survivesRedirect), and then it ends with the page after it.

function RafflePage() {
  const navigate = useNavigate();
  return (
    <div>
      <h1>Rifa</h1>
      <button type="button" onClick={() => toast({ title: "Compartido", variant: "success" })}>
        Compartir
      </button>
      <button
        type="button"
        onClick={() => {
          toast({ title: "Reserva activa", variant: "info", survivesRedirect: true });
          void navigate("/reserva");
        }}
      >
        Reservar
      </button>
      <Link to="/ganadores">Ganadores</Link>
      <Link to="/rifa?vista=numeros">Ver números</Link>
    </div>
  );
}

function App() {
  return (
    <MemoryRouter initialEntries={["/rifa"]}>
      <Toaster />
      <ToastsEndWithPage />
      <Routes>
        <Route path="/rifa" element={<RafflePage />} />
        <Route path="/reserva" element={<Link to="/ganadores">Ganadores</Link>} />
        <Route path="/ganadores" element={<h1>Ganadores</h1>} />
      </Routes>
    </MemoryRouter>
  );
}

describe("ToastsEndWithPage", () => {
  it("dismisses the page's toast when the user goes to another page", async () => {
    const user = userEvent.setup();
    render(<App />);
    await user.click(screen.getByRole("button", { name: "Compartir" }));
    expect(await screen.findByText("Compartido")).toBeInTheDocument();
    await user.click(screen.getByRole("link", { name: "Ganadores" }));
    expect(await screen.findByRole("heading", { name: "Ganadores" })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText("Compartido")).toBeNull());
  });

  it("keeps it on the same page when only the query string changes", async () => {
    const user = userEvent.setup();
    render(<App />);
    await user.click(screen.getByRole("button", { name: "Compartir" }));
    expect(await screen.findByText("Compartido")).toBeInTheDocument();
    await user.click(screen.getByRole("link", { name: "Ver números" }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(screen.getByText("Compartido")).toBeInTheDocument();
  });

  it("shows a toast that announces a redirect on the destination, and ends it on the page after", async () => {
    const user = userEvent.setup();
    render(<App />);
    await user.click(screen.getByRole("button", { name: "Reservar" }));
    expect(await screen.findByText("Reserva activa")).toBeInTheDocument();
    // Still there once the destination is on screen.
    expect(screen.getByRole("link", { name: "Ganadores" })).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(screen.getByText("Reserva activa")).toBeInTheDocument();
    await user.click(screen.getByRole("link", { name: "Ganadores" }));
    await waitFor(() => expect(screen.queryByText("Reserva activa")).toBeNull());
  });

  it("drops a toast still on its way when the user has already left its page", async () => {
    const user = userEvent.setup();
    render(<App />);
    // Raised and, before it could be shown, the user moves on (a slow toaster download in real life).
    act(() => {
      toast({ title: "Error al guardar", variant: "error" });
    });
    await user.click(screen.getByRole("link", { name: "Ganadores" }));
    expect(await screen.findByRole("heading", { name: "Ganadores" })).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(screen.queryByText("Error al guardar")).toBeNull();
  });
});
