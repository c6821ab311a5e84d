// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { RafflesPage } from "../src/pages/raffles-page";
import { jsonResponse, makePublicSettings, notFoundResponse } from "./fixtures/http";
import { makeRaffle } from "./fixtures/raffle";
import { CurrentLocation, renderWithProviders, stubFetch } from "./render";
import { allowConsole } from "./setup";

// The catalogue's filters are a plain GET form (decision 0018): without the page's code the browser sends
// /rifas?q=&estado= and the server renders that list; with it, the same submit navigates in the page.

const fetchMock = stubFetch();

beforeEach(() => {
  // happy-dom does not know the <search> landmark element yet (browsers do).
  allowConsole("error", "The tag <search> is unrecognized");
  // No live updates in these tests.
  vi.stubGlobal("EventSource", undefined);
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url === "/api/settings/public") return jsonResponse(200, makePublicSettings());
    if (url.startsWith("/api/raffles?")) {
      const status = new URL(url, "http://x").searchParams.get("status");
      const title = status === "finished" ? "Televisor finalizado" : "Moto activa";
      return jsonResponse(200, { items: [makeRaffle({ id: status ?? "x", title })] });
    }
    return notFoundResponse();
  });
});

function renderCatalogue(path = "/rifas") {
  return renderWithProviders(
    <>
      <RafflesPage />
      <CurrentLocation />
    </>,
    { path },
  );
}

describe("catalogue filters", () => {
  it("are a GET form to /rifas with named fields and a submit button", () => {
    renderCatalogue("/rifas?q=moto&estado=finished&utm_source=ig");
    const form = screen.getByRole("form", { name: "Filtrar rifas" });
    expect(form).toHaveAttribute("method", "get");
    expect(form).toHaveAttribute("action", "/rifas");
    const f = within(form);
    expect(f.getByLabelText("Buscar rifas")).toHaveAttribute("name", "q");
    expect(f.getByLabelText("Buscar rifas")).toHaveValue("moto");
    expect(f.getByRole("combobox", { name: "Estado" })).toHaveAttribute("name", "estado");
    expect(f.getByRole("combobox", { name: "Estado" })).toHaveValue("finished");
    expect(f.getByRole("button", { name: "Buscar" })).toHaveAttribute("type", "submit");
    // Parameters the filters do not own travel with the form.
    const hidden = form.querySelector<HTMLInputElement>('input[type="hidden"]');
    expect([hidden?.name, hidden?.value]).toEqual(["utm_source", "ig"]);
  });

  it("submitting navigates to the URL the form would load, and the list follows it", async () => {
    renderCatalogue();
    expect(await screen.findByRole("link", { name: "Moto activa" })).toBeInTheDocument();
    const form = within(screen.getByRole("form", { name: "Filtrar rifas" }));
    await userEvent.type(form.getByLabelText("Buscar rifas"), "tele");
    await userEvent.click(form.getByRole("button", { name: "Buscar" }));
    expect(document.querySelector('[data-label="location"]')).toHaveTextContent("/rifas?q=tele");
    await userEvent.selectOptions(form.getByRole("combobox", { name: "Estado" }), "finished");
    expect(document.querySelector('[data-label="location"]')).toHaveTextContent(
      "/rifas?q=tele&estado=finished",
    );
    expect(await screen.findByRole("link", { name: "Televisor finalizado" })).toBeInTheDocument();
  });
});
