import { Button } from "../../../components/ui/button";
import { formatNumber } from "../../../lib/format";

/** The paging fields every paginated admin list response carries. */
export interface PageInfo {
  page: number;
  pageSize: number;
  total: number;
}

interface PaginationProps {
  data: PageInfo;
  onPageChange: (page: number) => void;
  /** What is being counted, plural ("usuarios"). */
  noun: string;
  disabled?: boolean;
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / Math.max(1, pageSize)));
}

/** Previous / next with "Página X de Y"; 1-based pages. */
export function Pagination({ data, onPageChange, noun, disabled }: PaginationProps) {
  const { page, pageSize, total } = data;
  const pages = pageCount(total, pageSize);
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav
      aria-label={`Paginación de ${noun}`}
      className="flex flex-col items-center justify-between gap-3 pt-4 text-sm text-muted sm:flex-row"
    >
      <p aria-live="polite">
        {total === 0
          ? `Sin ${noun}`
          : `${formatNumber(first)}–${formatNumber(last)} de ${formatNumber(total)} ${noun} · Página ${page} de ${pages}`}
      </p>
      <div className="flex gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={disabled || page <= 1}
          onClick={() => onPageChange(page - 1)}
        >
          Anterior
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={disabled || page >= pages}
          onClick={() => onPageChange(page + 1)}
        >
          Siguiente
        </Button>
      </div>
    </nav>
  );
}
