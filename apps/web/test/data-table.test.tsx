// @vitest-environment happy-dom
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DataTable, type DataTableColumn } from "../src/components/ui/data-table";

type Row = { id: string; day: string; total: number };

const columns: Array<DataTableColumn<Row>> = [
  { key: "day", header: "Día", rowHeader: true, cell: (row) => row.day },
  { key: "total", header: "Total", align: "right", cell: (row) => String(row.total) },
];

// The admin screens and their tests find a table by its caption, its column headers and its cells.
describe("DataTable", () => {
  it("names the table, its columns and each row's header", () => {
    render(
      <DataTable
        columns={columns}
        rows={[
          { id: "a", day: "1 ene", total: 2 },
          { id: "b", day: "2 ene", total: 5 },
        ]}
        rowKey={(row) => row.id}
        caption="Ventas por día"
      />,
    );
    const table = screen.getByRole("table", { name: "Ventas por día" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((th) => th.textContent),
    ).toEqual(["Día", "Total"]);
    const rows = within(table).getAllByRole("row");
    expect(rows).toHaveLength(3);
    expect(within(rows[2] as HTMLElement).getByRole("rowheader")).toHaveTextContent("2 ene");
    expect(within(rows[2] as HTMLElement).getByRole("cell")).toHaveTextContent("5");
    expect(within(rows[2] as HTMLElement).getByRole("cell")).toHaveClass("text-right");
  });

  it("says so when there are no rows, in one cell across every column", () => {
    render(
      <DataTable
        columns={columns}
        rows={[]}
        rowKey={(row) => row.id}
        aria-label="Ventas"
        empty="Sin ventas."
      />,
    );
    const cell = within(screen.getByRole("table", { name: "Ventas" })).getByRole("cell");
    expect(cell).toHaveTextContent("Sin ventas.");
    expect(cell).toHaveAttribute("colspan", "2");
  });
});
