import { useState } from "react";
import { OpenInNewTab } from "../../../components/ui/open-in-new-tab";
import type { AdminProof } from "../api/admin-api";
import { ProofZoom } from "./proof-zoom";

type ProofFile = NonNullable<AdminProof["file"]>;

/** What stands for the file of a vendedor's sale recorded without one (docs/decisions/0034-vendedores.md). */
export function noFileText(proof: AdminProof): string {
  const cash = proof.paymentMethod === "efectivo_usd";
  const who = proof.seller ? ` por el vendedor ${proof.seller.name} (${proof.seller.code})` : "";
  return cash
    ? `Venta en efectivo registrada${who}, sin comprobante.`
    : `Venta registrada${who}, sin captura del pago: compara la referencia con el banco.`;
}

/**
 * The proof shown in the row: an image (a click or Enter opens it large, with zoom), or a PDF in a
 * same-origin frame (the page CSP allows frames from this origin and no objects; the file route lets
 * this origin frame a PDF), with a link to open it. A vendedor's sale recorded without a file says so.
 */
export function ProofFilePreview({ proof }: { proof: AdminProof }) {
  if (!proof.file) {
    return (
      <p className="flex min-h-32 items-center justify-center rounded-control border border-dashed border-line bg-canvas p-4 text-center text-sm text-muted">
        {noFileText(proof)}
      </p>
    );
  }
  return <FilePreview proof={proof} file={proof.file} />;
}

function FilePreview({ proof, file }: { proof: AdminProof; file: ProofFile }) {
  const { url, contentType, filename } = file;
  const [zoomed, setZoomed] = useState(false);
  const isPdf = contentType === "application/pdf" || /\.pdf$/i.test(filename ?? "");
  const label = `Comprobante de ${proof.buyerName}, referencia ${proof.transactionRef}`;
  return (
    <figure className="space-y-1.5">
      {isPdf ? (
        <iframe
          src={url}
          title={`${label} (PDF)`}
          className="h-[28rem] w-full rounded-control border border-line bg-canvas"
        />
      ) : (
        <>
          {/* The image stays an image (named by its alt text); the button over it opens it large. */}
          <div className="relative">
            <img
              src={url}
              alt={label}
              loading="lazy"
              // The box has its height before the picture arrives (it loads lazily): the row does not jump
              // when it loads, so a tap meant for «Aprobar» below never lands on the zoom button, and that
              // button stays a target a finger can hit (WCAG 2.5.8). Like the PDF's frame above.
              className="h-[28rem] w-full rounded-control border border-line bg-canvas object-contain"
            />
            <button
              type="button"
              onClick={() => setZoomed(true)}
              aria-label={`Ampliar: ${label}`}
              className="absolute inset-0 cursor-zoom-in rounded-control"
            />
          </div>
          <ProofZoom open={zoomed} onOpenChange={setZoomed} url={url} label={label} />
        </>
      )}
      <figcaption className="text-xs text-muted">
        <OpenInNewTab href={url} />
        {filename ? <span className="[overflow-wrap:anywhere]"> · {filename}</span> : null}
      </figcaption>
    </figure>
  );
}
