import { formatVenezuelanPhone } from "@rifazo/shared/domain/phone";
import { countText } from "@rifazo/shared/domain/plural";
import { Link } from "react-router";
import { DataTable, type DataTableColumn } from "../../../components/ui/data-table";
import { paths } from "../../../lib/paths";
import type { AdminSeller } from "../api/sellers-api";
import { SellerStatusBadge } from "./seller-status";

const linkClasses = "font-semibold text-brand-700 underline-offset-4 hover:underline";

/** Raffles the vendedor may sell now (an assignment may exist with `allowed` off). */
export function allowedCount(seller: AdminSeller): number {
  return seller.raffles.filter((raffle) => raffle.allowed).length;
}

function contactLines(seller: AdminSeller): string[] {
  return [seller.email, seller.phone ? formatVenezuelanPhone(seller.phone) : null].filter(
    (line): line is string => Boolean(line),
  );
}

const COLUMNS: Array<DataTableColumn<AdminSeller>> = [
  {
    key: "name",
    header: "Vendedor",
    headerClassName: "py-2 pr-3 font-semibold",
    className: "max-w-64 py-3 pr-3",
    cell: (seller) => (
      <Link to={paths.adminSeller(seller.id)} className={`${linkClasses} break-words`}>
        {seller.name}
      </Link>
    ),
  },
  {
    key: "contact",
    header: "Contacto",
    headerClassName: "px-3 py-2 font-semibold",
    className: "max-w-72 px-3 py-3 text-muted",
    cell: (seller) =>
      contactLines(seller).map((line) => (
        <p key={line} className="truncate">
          {line}
        </p>
      )),
  },
  {
    key: "code",
    header: "Código",
    headerClassName: "px-3 py-2 font-semibold",
    className: "px-3 py-3 font-mono font-semibold whitespace-nowrap",
    cell: (seller) => seller.code,
  },
  {
    key: "status",
    header: "Estado",
    headerClassName: "px-3 py-2 font-semibold",
    className: "px-3 py-3",
    cell: (seller) => <SellerStatusBadge status={seller.status} />,
  },
  {
    key: "raffles",
    header: "Rifas permitidas",
    align: "right",
    headerClassName: "py-2 pl-3 font-semibold",
    className: "py-3 pl-3 tabular-nums",
    cell: (seller) => allowedCount(seller),
  },
];

/** Laptop and up: a table. Phones: one card per vendedor with the same data. */
export function SellersList({ sellers }: { sellers: AdminSeller[] }) {
  return (
    <>
      <div className="relative hidden overflow-x-auto lg:block">
        <DataTable columns={COLUMNS} rows={sellers} rowKey={(seller) => seller.id} caption="Vendedores" />
      </div>
      <ul aria-label="Vendedores" className="divide-y divide-line lg:hidden">
        {sellers.map((seller) => (
          <li key={seller.id} className="space-y-1.5 py-3">
            <div className="flex flex-wrap items-center gap-2">
              <Link to={paths.adminSeller(seller.id)} className={`${linkClasses} break-words`}>
                {seller.name}
              </Link>
              <SellerStatusBadge status={seller.status} />
            </div>
            <p className="text-sm text-muted [overflow-wrap:anywhere]">{contactLines(seller).join(" · ")}</p>
            <p className="text-sm text-muted">
              Código <span className="font-mono font-semibold text-ink">{seller.code}</span> ·{" "}
              {countText(allowedCount(seller), "rifa permitida", "rifas permitidas")}
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}
