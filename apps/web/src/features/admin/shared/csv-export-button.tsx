import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { toast } from "../../../components/ui/toast";
import { errorMessage } from "../../../lib/api-client";
import { downloadCsv, EmptyExportError } from "../api/csv-download";

interface CsvExportButtonProps {
  path: string;
  filename: string;
  /** What the file lists, for the messages ("usuarios"). */
  noun: string;
  label?: string;
}

/** Spec 2 §8/§9: UTF-8 CSV with BOM; an empty export is a destructive toast, not an empty file. */
export function CsvExportButton({ path, filename, noun, label = "Exportar CSV" }: CsvExportButtonProps) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await downloadCsv(path, filename);
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
    <Button variant="outline" size="sm" loading={busy} loadingText="Exportando..." onClick={run}>
      {label}
    </Button>
  );
}
