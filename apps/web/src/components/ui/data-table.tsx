import type { ReactNode } from "react";
import { cn } from "../../lib/cn";

export type DataTableColumn<Row> = {
  /** React key of the column's header and cells. */
  key: string;
  /** The header's text (its accessible name, what `getByRole("columnheader")` finds). */
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Numbers and actions line up on the right (`text-right` on the header and the cells). */
  align?: "left" | "right";
  /** Classes of the header cell and of the body cells (padding, widths, `hidden md:table-cell`...). */
  headerClassName?: string;
  className?: string;
  /** The cell names its row (`<th scope="row">`), such as a date in a list of days. */
  rowHeader?: boolean;
  /** Extra attributes of a body cell, such as a `title` with the full text of a truncated one. */
  cellProps?: (row: Row) => { title?: string };
};

export type DataTableProps<Row> = {
  columns: ReadonlyArray<DataTableColumn<Row>>;
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** Names the table for screen readers; hidden (`sr-only`) unless captionClassName says otherwise. */
  caption?: ReactNode;
  captionClassName?: string;
  "aria-label"?: string;
  /** Shown in one full-width cell when there are no rows. */
  empty?: ReactNode;
  /** Rows of a `<tfoot>` (totals). */
  footer?: ReactNode;
  footerClassName?: string;
  className?: string;
  headClassName?: string;
  headRowClassName?: string;
  bodyClassName?: string;
  rowClassName?: string;
};

function classes(className: string | undefined, align: "left" | "right" | undefined): string | undefined {
  return cn(className, align === "right" && "text-right") || undefined;
}

/** The admin's tables: one `<th scope="col">` per column, a caption or label, and the rows below. */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  caption,
  captionClassName = "sr-only",
  empty,
  footer,
  footerClassName = "border-t-2 border-line font-bold",
  className = "w-full text-left text-sm",
  headClassName = "border-b border-line text-xs tracking-wide text-muted uppercase",
  headRowClassName,
  bodyClassName = "divide-y divide-line",
  rowClassName,
  ...label
}: DataTableProps<Row>) {
  return (
    <table className={className || undefined} aria-label={label["aria-label"]}>
      {caption ? <caption className={captionClassName || undefined}>{caption}</caption> : null}
      <thead className={headClassName || undefined}>
        <tr className={headRowClassName}>
          {columns.map((column) => (
            <th key={column.key} scope="col" className={classes(column.headerClassName, column.align)}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className={bodyClassName || undefined}>
        {rows.length === 0 && empty ? (
          <tr>
            <td colSpan={columns.length} className="py-6 text-center text-muted">
              {empty}
            </td>
          </tr>
        ) : null}
        {rows.map((row) => (
          <tr key={rowKey(row)} className={rowClassName}>
            {columns.map((column) => {
              const Cell = column.rowHeader ? "th" : "td";
              return (
                <Cell
                  key={column.key}
                  scope={column.rowHeader ? "row" : undefined}
                  className={classes(column.className, column.align)}
                  {...column.cellProps?.(row)}
                >
                  {column.cell(row)}
                </Cell>
              );
            })}
          </tr>
        ))}
      </tbody>
      {footer ? <tfoot className={footerClassName}>{footer}</tfoot> : null}
    </table>
  );
}
