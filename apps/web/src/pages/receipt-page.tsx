import { useQuery } from "@tanstack/react-query";
import { Link, Navigate, useParams } from "react-router";
import { Page } from "../components/layout/page";
import { Alert } from "../components/ui/alert";
import { buttonClasses } from "../components/ui/button";
import { Skeleton } from "../components/ui/skeleton";
import { ReceiptView, receiptQuery } from "../features/receipts";
import { errorMessage, isApiError } from "../lib/api-client";
import { paths } from "../lib/paths";

// A receipt is reached by its private link only: rendered in the browser (no prefetchPage), never indexed
// (the server also sends X-Robots-Tag for /recibo/). The page is as narrow as the receipt, so the title
// lines up with it (as on the payment page).

const TITLE = "Recibo de compra";

export function ReceiptPage() {
  const { token } = useParams();
  if (!token) return <Navigate to={paths.home} replace />;
  return <ReceiptScreen token={token} />;
}

function ReceiptScreen({ token }: { token: string }) {
  const query = useQuery(receiptQuery(token));
  const robots = <meta name="robots" content="noindex, nofollow" />;
  if (query.isPending) {
    return (
      <Page title={TITLE} eyebrow="Tu compra" className="max-w-3xl!">
        {robots}
        <div role="status" aria-label="Cargando recibo..." className="space-y-4">
          <Skeleton className="h-72 w-full rounded-card!" />
          <Skeleton className="h-48 w-full rounded-card!" />
        </div>
      </Page>
    );
  }
  if (query.isError) {
    const missing = isApiError(query.error) && query.error.status === 404;
    return (
      <Page title={TITLE} eyebrow="Tu compra" className="max-w-3xl!">
        {robots}
        <div className="space-y-4">
          <Alert variant={missing ? "warning" : "danger"} title={missing ? "Recibo no encontrado" : "Error"}>
            {errorMessage(query.error)}
          </Alert>
          <Link to={paths.profilePayments} className={buttonClasses({ variant: "outline" })}>
            Ir a Mis pagos
          </Link>
        </div>
      </Page>
    );
  }
  return (
    <Page title={TITLE} eyebrow="Tu compra" className="max-w-3xl! pt-4! sm:pt-8!">
      {robots}
      <ReceiptView receipt={query.data} />
    </Page>
  );
}
