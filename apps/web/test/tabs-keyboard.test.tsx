// @vitest-environment happy-dom
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../src/components/ui/tabs";

// Tabs with the keyboard alone and with a screen reader (WAI-ARIA tabs pattern): the selected tab is the
// only tab stop of its list, arrow keys, Home and End move between tabs (selecting them, unless the list
// activates manually), each tab names and controls its panel, and only the selected panel is there.

function Methods({ manual = false, onChange }: { manual?: boolean; onChange?: (value: string) => void }) {
  return (
    <>
      <button type="button">Antes</button>
      <Tabs
        defaultValue="pago-movil"
        activationMode={manual ? "manual" : "automatic"}
        onValueChange={onChange}
      >
        <TabsList aria-label="Métodos de pago">
          <TabsTrigger value="pago-movil">Pago Móvil</TabsTrigger>
          <TabsTrigger value="zelle">Zelle</TabsTrigger>
          <TabsTrigger value="binance" disabled>
            Binance Pay
          </TabsTrigger>
          <TabsTrigger value="transferencia">Transferencia</TabsTrigger>
        </TabsList>
        <TabsContent value="pago-movil">Datos de Pago Móvil</TabsContent>
        <TabsContent value="zelle">Datos de Zelle</TabsContent>
        <TabsContent value="binance">Datos de Binance</TabsContent>
        <TabsContent value="transferencia">
          Datos de la transferencia <button type="button">Copiar</button>
        </TabsContent>
      </Tabs>
    </>
  );
}

function Controlled() {
  const [value, setValue] = useState("zelle");
  return (
    <Tabs value={value} onValueChange={setValue}>
      <TabsList aria-label="Secciones">
        <TabsTrigger value="pago-movil">Pago Móvil</TabsTrigger>
        <TabsTrigger value="zelle">Zelle</TabsTrigger>
      </TabsList>
      <TabsContent value="pago-movil">Uno</TabsContent>
      <TabsContent value="zelle">Dos</TabsContent>
    </Tabs>
  );
}

const selectedTab = () => screen.getByRole("tab", { selected: true });
const panel = () => screen.getByRole("tabpanel");

describe("Tabs", () => {
  it("links each tab to its panel and shows only the selected one", () => {
    render(<Methods />);
    const list = screen.getByRole("tablist", { name: "Métodos de pago" });
    expect(list).toHaveAttribute("aria-orientation", "horizontal");
    expect(selectedTab()).toHaveTextContent("Pago Móvil");
    expect(screen.getAllByRole("tabpanel")).toHaveLength(1);
    expect(screen.getByRole("tabpanel", { name: "Pago Móvil" })).toHaveTextContent("Datos de Pago Móvil");
    expect(selectedTab()).toHaveAttribute("aria-controls", panel().id);
    for (const tab of screen.getAllByRole("tab", { selected: false }))
      expect(tab).toHaveAttribute("tabindex", "-1");
  });

  it("is one tab stop; arrows, Home and End select, skipping a disabled tab and wrapping", async () => {
    const user = userEvent.setup();
    const changes: string[] = [];
    render(<Methods onChange={(value) => changes.push(value)} />);
    await user.click(screen.getByRole("button", { name: "Antes" }));
    await user.tab();
    expect(selectedTab()).toHaveFocus();
    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("tab", { name: "Zelle" })).toHaveFocus();
    expect(panel()).toHaveTextContent("Datos de Zelle");
    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("tab", { name: "Transferencia" })).toHaveFocus();
    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("tab", { name: "Pago Móvil" })).toHaveFocus();
    await user.keyboard("{ArrowLeft}");
    expect(selectedTab()).toHaveTextContent("Transferencia");
    await user.keyboard("{Home}");
    expect(selectedTab()).toHaveTextContent("Pago Móvil");
    await user.keyboard("{End}");
    expect(selectedTab()).toHaveTextContent("Transferencia");
    expect(changes).toEqual([
      "zelle",
      "transferencia",
      "pago-movil",
      "transferencia",
      "pago-movil",
      "transferencia",
    ]);
    // Tab leaves the list for the panel's content, not for the next tab.
    await user.tab();
    expect(panel()).toHaveFocus();
    await user.tab();
    expect(screen.getByRole("button", { name: "Copiar" })).toHaveFocus();
  });

  it("in manual mode, arrows only move the focus and Enter or Space selects", async () => {
    const user = userEvent.setup();
    render(<Methods manual />);
    await user.click(screen.getByRole("button", { name: "Antes" }));
    await user.tab();
    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("tab", { name: "Zelle" })).toHaveFocus();
    expect(selectedTab()).toHaveTextContent("Pago Móvil");
    await user.keyboard("{Enter}");
    expect(selectedTab()).toHaveTextContent("Zelle");
    await user.keyboard("{ArrowRight}{ }");
    expect(selectedTab()).toHaveTextContent("Transferencia");
  });

  it("follows a controlled value, and a tap selects", async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    expect(panel()).toHaveTextContent("Dos");
    await user.click(screen.getByRole("tab", { name: "Pago Móvil" }));
    expect(panel()).toHaveTextContent("Uno");
    expect(selectedTab()).toHaveAttribute("data-state", "active");
    expect(screen.getByRole("tab", { name: "Zelle" })).toHaveAttribute("data-state", "inactive");
  });

  it("renders the same on the server, with ids that link tab and panel", () => {
    const html = renderToString(<Methods />);
    const tabId = /role="tab"[^>]*id="([^"]+)"[^>]*aria-selected="true"/.exec(html)?.[1];
    expect(tabId).toBeTruthy();
    expect(html).toContain(`aria-labelledby="${tabId}"`);
    expect(html).toContain("Datos de Pago Móvil");
    expect(html).not.toContain("Datos de Zelle");
  });
});
