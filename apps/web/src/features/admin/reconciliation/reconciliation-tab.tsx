import { ReconciliationView } from "./reconciliation-view";
import { StatementImport } from "./statement-import";
import { StatementsList } from "./statements-list";

/** The Conciliación tab: upload a bank statement, compare the pending proofs with it, list past statements. */
export function ReconciliationTab() {
  return (
    <div className="space-y-6">
      <StatementImport />
      <ReconciliationView />
      <StatementsList />
    </div>
  );
}
