import type { AdminExportFiles } from "@rifazo/shared/schemas/admin";
import { DropdownMenu } from "radix-ui";
import { useState } from "react";
import { buttonClasses } from "../../../components/ui/button";
import { ChevronDownIcon } from "../../../components/ui/icons";
import { Spinner } from "../../../components/ui/spinner";
import { toast } from "../../../components/ui/toast";
import { errorMessage } from "../../../lib/api-client";
import { downloadCsv, EmptyExportError, type ExportKind } from "../api/csv-download";

interface ExportMenuProps {
  files: AdminExportFiles;
  /** What the file lists, for the messages ("usuarios"). */
  noun: string;
}

const itemClasses =
  "flex min-h-10 cursor-pointer flex-col items-start justify-center rounded-md px-3 py-1.5 text-sm font-medium text-ink outline-none select-none data-highlighted:bg-brand-50 data-highlighted:text-brand-900";

/**
 * Spec 2 §8/§9 plus the spreadsheet variants: the CSV of the spec (comma), a CSV that Excel in Spanish
 * opens in columns (semicolon, comma decimals) and an .xlsx with typed cells. An empty export is a
 * destructive toast, not an empty file.
 */
export function ExportMenu({ files, noun }: ExportMenuProps) {
  const [busy, setBusy] = useState(false);
  const options: { label: string; hint: string; path: string; filename: string; kind: ExportKind }[] = [
    { label: "CSV", hint: "Separado por comas", path: files.path, filename: files.filename, kind: "csv" },
    {
      label: "CSV para Excel (español)",
      hint: "Punto y coma y coma decimal",
      path: files.excelCsvPath,
      filename: files.excelCsvFilename,
      kind: "csv",
    },
    {
      label: "Excel (.xlsx)",
      hint: "Números y fechas con formato",
      path: files.xlsxPath,
      filename: files.xlsxFilename,
      kind: "xlsx",
    },
  ];

  const run = async (path: string, filename: string, kind: ExportKind) => {
    setBusy(true);
    try {
      await downloadCsv(path, filename, kind);
      toast({ title: "Exportación lista", description: `Se descargó ${filename}.`, variant: "success" });
    } catch (error) {
      if (error instanceof EmptyExportError) {
        toast({ title: `Sin ${noun} para exportar`, description: error.message, variant: "error" });
      } else {
        toast({ title: "Error al Exportar", description: errorMessage(error), variant: "error" });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className={buttonClasses({ variant: "outline", size: "sm" })}
        disabled={busy}
        aria-busy={busy}
      >
        {busy ? (
          <>
            <Spinner label="" /> Exportando...
          </>
        ) : (
          <>
            Exportar <ChevronDownIcon />
          </>
        )}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          aria-label={`Exportar ${noun}`}
          className="z-50 w-64 rounded-card border border-line bg-surface p-1.5 shadow-pop animate-fade-in"
        >
          {options.map((option) => (
            <DropdownMenu.Item
              key={option.label}
              className={itemClasses}
              onSelect={() => void run(option.path, option.filename, option.kind)}
            >
              <span>{option.label}</span>
              <span className="text-xs font-normal text-muted">{option.hint}</span>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
