import { Alert } from "../../../components/ui/alert";
import type { StatementUploadResult } from "../api/reconciliation-api";

/** The bank read from the file (account prefix, name, column titles) and whether remembered columns fit. */
export function DetectedBank({ upload }: { upload: StatementUploadResult }) {
  const bank = upload.detectedBank;
  if (!bank && !upload.remembered) return null;
  return (
    <Alert
      variant="info"
      title={bank ? `Banco detectado: ${bank.name} (${bank.code})` : "Columnas recordadas"}
    >
      {bank ? (
        <p>
          Lo reconocimos por: {bank.evidence.join(", ")}.
          {bank.layout ? " El formato del archivo es uno conocido de este banco." : ""}
        </p>
      ) : null}
      {upload.remembered ? (
        <p>
          Usamos las columnas recordadas de «{upload.remembered.name}»: la fila de títulos es idéntica a la de
          sus extractos anteriores.
        </p>
      ) : null}
    </Alert>
  );
}
