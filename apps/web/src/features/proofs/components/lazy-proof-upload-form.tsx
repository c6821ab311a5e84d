import { type ComponentProps, lazy, Suspense } from "react";
import { Alert } from "../../../components/ui/alert";
import { Skeleton } from "../../../components/ui/skeleton";
import { loadProofUploadForm } from "../lazy";
import type { ProofUploadForm as FullForm } from "./proof-upload-form";

// The full form is its own chunk: the payment page hydrates with the browser's form (native-proof-form)
// and takes this one when it arrives, so react-hook-form is not on the page's path to running (15 kB as
// sent on Slow 3G).
const FullProofForm = lazy(() =>
  loadProofUploadForm().then(
    (module) => ({ default: module.ProofUploadForm }),
    () => ({
      default: () => (
        <Alert variant="danger">No pudimos cargar el formulario del comprobante. Recarga la página.</Alert>
      ),
    }),
  ),
);

/** The proof upload form, a placeholder of its size while its code downloads. */
export function ProofUploadForm(props: ComponentProps<typeof FullForm>) {
  return (
    <Suspense
      fallback={
        <div role="status" aria-label="Cargando el formulario...">
          <Skeleton className="h-96 w-full" />
        </div>
      }
    >
      <FullProofForm {...props} />
    </Suspense>
  );
}
