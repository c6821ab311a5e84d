import { useQuery } from "@tanstack/react-query";
import { Link, Navigate, useParams, useSearchParams } from "react-router";
import { Page } from "../components/layout/page";
import { Alert } from "../components/ui/alert";
import { buttonClasses } from "../components/ui/button";
import { Skeleton } from "../components/ui/skeleton";
import { useSession } from "../features/auth";
import {
  CheckpointCheck,
  checkpointCodesIn,
  DownloadRecordButton,
  RecordView,
  recordQuery,
  recordTitle,
  VerifyDraw,
} from "../features/draws";
import { myProofsQuery } from "../features/proofs";
import { errorMessage } from "../lib/api-client";
import type { PrefetchPage } from "../lib/page-data";
import { CHECKPOINT_PARAM, paths } from "../lib/paths";

/** Rendered on the server with the record (entries, frozen list, winners); verification runs on press. */
export const prefetchPage: PrefetchPage = ({ queryClient, params }) =>
  queryClient.prefetchQuery(recordQuery(params.raffleId ?? ""));

export function DrawRecordPage() {
  const { raffleId } = useParams();
  if (!raffleId) return <Navigate to={paths.home} replace />;
  return <DrawRecordScreen raffleId={raffleId} />;
}

const DESCRIPTION =
  "Todo lo que decide este sorteo, en orden y encadenado: reglas, cierre, lista congelada, ronda de drand, aleatoriedad y ganadores. Verifícalo completo en tu navegador.";

/**
 * The signed-in buyer's checkpoints for this raffle (docs/draw-protocol.md §14), from the first page of
 * their payments: the query the offline copy of Mis boletos restores, so they are there offline too.
 */
function useOwnCheckpoints(raffleId: string): string[] {
  const session = useSession();
  const signedIn = session.status === "signed-in";
  const proofs = useQuery({ ...myProofsQuery("", 1), enabled: signedIn });
  if (!signedIn) return [];
  return (proofs.data?.items ?? [])
    .filter((p) => p.raffleId === raffleId && p.checkpoint)
    .map((p) => p.checkpoint as string);
}

function RecordLinks({ raffleId }: { raffleId: string }) {
  return (
    <div className="flex flex-wrap gap-3 text-sm">
      <Link to={paths.raffle(raffleId)} className="font-semibold text-brand-700 hover:underline">
        Ver la rifa
      </Link>
      <Link to={paths.draw(raffleId)} className="font-semibold text-brand-700 hover:underline">
        Ver el sorteo
      </Link>
      <Link to={paths.transparency} className="font-semibold text-brand-700 hover:underline">
        Cómo funciona
      </Link>
    </div>
  );
}

function DrawRecordScreen({ raffleId }: { raffleId: string }) {
  const query = useQuery(recordQuery(raffleId));
  const [search] = useSearchParams();
  const linked = search.getAll(CHECKPOINT_PARAM).flatMap(checkpointCodesIn);
  const own = useOwnCheckpoints(raffleId);

  if (query.isPending) {
    return (
      <Page title="Acta del sorteo" eyebrow="Transparencia">
        <div role="status" aria-label="Cargando acta..." className="space-y-4">
          <Skeleton className="h-32 w-full rounded-card!" />
          <Skeleton className="h-64 w-full rounded-card!" />
        </div>
      </Page>
    );
  }
  if (query.isError) {
    return (
      <Page title="Acta del sorteo" eyebrow="Transparencia">
        <Alert variant="danger" title="No se pudo cargar el acta">
          {errorMessage(query.error)}
        </Alert>
      </Page>
    );
  }
  const record = query.data;
  if (!record) {
    return (
      <Page title="Acta del sorteo" eyebrow="Transparencia">
        <div className="space-y-4">
          <Alert variant="info" title="Esta rifa todavía no tiene acta publicada">
            El acta se publica con las reglas de la rifa. Los sorteos anteriores a este sistema se verifican
            desde la página de transparencia.
          </Alert>
          <Link to={paths.transparency} className={buttonClasses({ variant: "outline" })}>
            Ir a Transparencia
          </Link>
        </div>
      </Page>
    );
  }
  return (
    <Page title={`Acta: ${recordTitle(record)}`} eyebrow="Acta del sorteo" description={DESCRIPTION}>
      <div className="max-w-4xl space-y-6">
        <RecordLinks raffleId={raffleId} />
        <section
          aria-label="Verificación"
          className="space-y-3 rounded-card border border-line bg-surface p-5 shadow-card"
        >
          <VerifyDraw
            raffleId={raffleId}
            record={record}
            label="Verificar el acta completa"
            actions={<DownloadRecordButton record={record} />}
          />
          <p className="text-sm text-muted">
            También puedes verificarla sin nuestra web: descarga el JSON y ejecuta{" "}
            <code className="rounded bg-brand-50 px-1 font-mono text-xs">
              npm run verify-draw -- acta.json
            </code>
            .
          </p>
        </section>
        <CheckpointCheck record={record} own={own} linked={linked} />
        <RecordView record={record} />
      </div>
    </Page>
  );
}
