// @vitest-environment happy-dom
import { ADMIN_EXPORTS } from "@rifazo/shared/schemas/admin";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "../src/components/ui/toast";
import { ExportMenu } from "../src/features/admin/shared/export-menu";
import { renderWithProviders, stubFetch } from "./render";

// The admin's export menu: the spec's CSV, the CSV for Spanish Excel and the .xlsx, each downloaded
// under its own name; an empty export is a toast, not a file.

vi.mock("../src/components/ui/toast", () => ({ toast: vi.fn() }));

const fetchMock = stubFetch();
const downloads: { name: string; href: string }[] = [];
const blobs: Blob[] = [];

beforeEach(() => {
  downloads.length = 0;
  blobs.length = 0;
  vi.mocked(toast).mockClear();
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push({ name: this.download, href: this.href });
  });
  vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
    blobs.push(blob as Blob);
    return `blob:test/${blobs.length}`;
  });
  vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

const files = ADMIN_EXPORTS.raffles;

async function choose(option: RegExp) {
  const user = userEvent.setup();
  await user.click(screen.getByRole("button", { name: "Exportar" }));
  await user.click(await screen.findByRole("menuitem", { name: option }));
}

describe("ExportMenu", () => {
  it("ofrece CSV, CSV para Excel (español) y Excel (.xlsx)", async () => {
    renderWithProviders(<ExportMenu files={files} noun="rifas" />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Exportar" }));
    const items = await screen.findAllByRole("menuitem");
    expect(items.map((item) => item.textContent)).toEqual([
      "CSVSeparado por comas",
      "CSV para Excel (español)Punto y coma y coma decimal",
      "Excel (.xlsx)Números y fechas con formato",
    ]);
  });

  it("el CSV para Excel pide ?variant=excel y se descarga con su nombre y BOM", async () => {
    fetchMock.mockResolvedValue(
      new Response("\uFEFFID;Título\r\nabc;Moto\r\n", {
        status: 200,
        headers: { "content-type": "text/csv" },
      }),
    );
    renderWithProviders(<ExportMenu files={files} noun="rifas" />);
    await choose(/CSV para Excel/);
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/admin/exports/raffles.csv?variant=excel");
    expect(downloads[0]?.name).toBe("listado_rifas_excel.csv");
    const bytes = new Uint8Array(await (blobs[0] as Blob).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({ title: "Exportación lista", variant: "success" }),
    );
  });

  it("el .xlsx se descarga tal cual llegó (binario)", async () => {
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0xff, 0x00]);
    fetchMock.mockResolvedValue(new Response(zip, { status: 200 }));
    renderWithProviders(<ExportMenu files={files} noun="rifas" />);
    await choose(/Excel \(\.xlsx\)/);
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/admin/exports/raffles.xlsx");
    expect(downloads[0]?.name).toBe("listado_rifas.xlsx");
    expect([...new Uint8Array(await (blobs[0] as Blob).arrayBuffer())]).toEqual([...zip]);
  });

  it("sin datos: un aviso y ningún archivo", async () => {
    fetchMock.mockResolvedValue(
      new Response(
        JSON.stringify({ error: { code: "EMPTY_EXPORT", message: "No hay datos para exportar." } }),
        {
          status: 404,
          headers: { "content-type": "application/json" },
        },
      ),
    );
    renderWithProviders(<ExportMenu files={files} noun="rifas" />);
    await choose(/^CSV ?Separado/);
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({ title: "Sin rifas para exportar", variant: "error" }),
      ),
    );
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/admin/exports/raffles.csv");
    expect(downloads).toHaveLength(0);
  });
});
