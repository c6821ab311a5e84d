import { useState } from "react";
import { OpenInNewTab } from "../../../components/ui/open-in-new-tab";
import type { AdminProof } from "../api/admin-api";
import { ProofZoom } from "./proof-zoom";

/**
 * The proof shown in the row: an image (a click or Enter opens it large, with zoom), or a PDF in a
 * same-origin frame (the page CSP allows frames from this origin and no objects; the file route lets
 * this origin frame a PDF), with a link to open it.
 */
export function ProofFilePreview({ proof }: { proof: AdminProof }) {
  const { url, contentType, filename } = proof.file;
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
