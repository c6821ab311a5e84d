// @vitest-environment happy-dom
import type { AdminUser } from "@rifazo/shared/schemas/admin";
import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { UsersTab } from "../src/features/admin/users/users-tab";
import { makeAdminUser } from "./fixtures/user";
import { renderWithProviders, stubFetch } from "./render";
import { allowConsole } from "./setup";

// "Escribir por WhatsApp" on a buyer: a wa.me link with a greeting by name, in a new tab, only for a
// phone wa.me can use.

const fetchMock = stubFetch();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function user(id: string, fullName: string, phone: string | null): AdminUser {
  return makeAdminUser({ id, fullName, email: `${id}@example.com`, phone });
}

beforeEach(() => {
  vi.stubGlobal("EventSource", undefined);
  fetchMock.mockImplementation(async (input) =>
    String(input).startsWith("/api/admin/users")
      ? json(200, {
          items: [user("ana", "Ana Martínez", "+58 414 765 4321"), user("sin", "Sin Teléfono", "12")],
          total: 2,
          page: 1,
          pageSize: 10,
        })
      : json(404, { error: { code: "NOT_FOUND", message: "No encontrado." } }),
  );
});

describe("UsersTab: Escribir por WhatsApp", () => {
  it("enlaza al chat con un saludo por nombre y se oculta sin un teléfono utilizable", async () => {
    // The search field is a <search> landmark, an element happy-dom does not know yet.
    allowConsole("error", "The tag <search> is unrecognized");
    renderWithProviders(<UsersTab />);
    const list = await screen.findByRole("list", { name: "Usuarios registrados" });
    const [ana, sin] = within(list).getAllByRole("listitem") as HTMLElement[];
    const link = within(ana as HTMLElement).getByRole("link", {
      name: "Escribir por WhatsApp a Ana Martínez",
    });
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
    const href = new URL(link.getAttribute("href") as string);
    expect(`${href.origin}${href.pathname}`).toBe("https://wa.me/584147654321");
    expect(href.searchParams.get("text")).toBe("Hola Ana, te escribimos del equipo de Rifazo.");
    expect(within(sin as HTMLElement).queryByRole("link", { name: /WhatsApp/ })).toBeNull();
  });
});
