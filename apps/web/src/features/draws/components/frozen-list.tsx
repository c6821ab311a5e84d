import type { FrozenData } from "@rifazo/shared/domain/draw-record";
import { countText } from "@rifazo/shared/domain/plural";
import { formatTicketNumber, ticketDigits } from "@rifazo/shared/domain/tickets";
import { useState } from "react";
import { DataTable, type DataTableColumn } from "../../../components/ui/data-table";
import { Input } from "../../../components/ui/input";
import { HashValue, Section } from "./record-section";

const ticket = (n: number, totalTickets: number) => formatTicketNumber(n, totalTickets);

const PAGE_SIZE = 100;

type FrozenTicket = FrozenData["tickets"][number];

function tagColumns(totalTickets: number): Array<DataTableColumn<FrozenTicket>> {
  return [
    {
      key: "number",
      header: "Número",
      headerClassName: "py-1 pr-4 font-semibold",
      className: "py-1 pr-4 font-mono font-bold tracking-widest",
      cell: (t) => ticket(t.number, totalTickets),
    },
    {
      key: "tag",
      header: "Etiqueta",
      headerClassName: "py-1 font-semibold",
      className: "py-1 font-mono text-xs break-all text-muted",
      cell: (t) => t.tag,
    },
  ];
}

/** The frozen list, a page at a time (a raffle may have 10 000 numbers), with a search by number. */
export function FrozenList({ frozen, totalTickets }: { frozen: FrozenData; totalTickets: number }) {
  const [page, setPage] = useState(0);
  const [search, setSearch] = useState("");
  const digits = search.replace(/\D/g, "").slice(0, ticketDigits(totalTickets));
  const rows = digits
    ? frozen.tickets.filter((t) => ticket(t.number, totalTickets).includes(digits))
    : frozen.tickets;
  const pages = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  const shown = rows.slice(current * PAGE_SIZE, (current + 1) * PAGE_SIZE);
  return (
    <Section
      id="acta-lista"
      title={`Lista congelada (${countText(frozen.ticketCount, "boleto", "boletos")})`}
    >
      <p className="text-sm text-muted">
        Cada número lleva una etiqueta que solo reconoce quien tiene el código de su recibo. Huella de la
        lista: <HashValue label="Huella de la lista" value={frozen.listHash} />
      </p>
      <div className="max-w-xs space-y-1">
        <label htmlFor="acta-buscar" className="text-sm font-semibold text-ink">
          Buscar un número
        </label>
        <Input
          id="acta-buscar"
          inputMode="numeric"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(0);
          }}
          className="font-mono"
        />
      </div>
      {shown.length === 0 ? (
        <p className="text-sm text-muted">Ningún número de la lista coincide.</p>
      ) : (
        <div className="overflow-x-auto">
          <DataTable
            columns={tagColumns(totalTickets)}
            rows={shown}
            rowKey={(t) => t.number}
            caption="Boletos de la lista congelada con su etiqueta"
            headClassName=""
            headRowClassName="border-b border-line text-xs text-muted"
            bodyClassName=""
            rowClassName="border-b border-line/60"
          />
        </div>
      )}
      {pages > 1 ? (
        <nav aria-label="Páginas de la lista" className="flex flex-wrap items-center gap-3 text-sm">
          <button
            type="button"
            className="font-semibold text-brand-700 disabled:text-muted"
            disabled={current === 0}
            onClick={() => setPage(current - 1)}
          >
            Anterior
          </button>
          <span aria-live="polite">
            Página {current + 1} de {pages}
          </span>
          <button
            type="button"
            className="font-semibold text-brand-700 disabled:text-muted"
            disabled={current >= pages - 1}
            onClick={() => setPage(current + 1)}
          >
            Siguiente
          </button>
        </nav>
      ) : null}
    </Section>
  );
}
