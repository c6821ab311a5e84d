import type { AdminProof } from "../api/admin-api";

/** The proof shown in the row: an image, or a PDF in an <object> with a link when it cannot be embedded. */
export function ProofFilePreview({ proof }: { proof: AdminProof }) {
  const { url, contentType, filename } = proof.file;
  const isPdf = contentType === "application/pdf" || /\.pdf$/i.test(filename ?? "");
  const label = `Comprobante de ${proof.buyerName}, referencia ${proof.transactionRef}`;
  return (
    <figure className="space-y-1.5">
      {isPdf ? (
        <object
          data={url}
          type="application/pdf"
          aria-label={label}
          className="h-72 w-full rounded-control border border-line bg-canvas"
        >
          <p className="p-4 text-sm text-muted">
            Este navegador no muestra PDF aquí.{" "}
            <a href={url} target="_blank" rel="noopener" className="font-semibold text-brand-700 underline">
              Abrir el comprobante (PDF)
            </a>
          </p>
        </object>
      ) : (
        <a href={url} target="_blank" rel="noopener" className="block">
          <img
            src={url}
            alt={label}
            loading="lazy"
            className="max-h-72 w-full rounded-control border border-line bg-canvas object-contain"
          />
        </a>
      )}
      <figcaption className="text-xs text-muted">
        <a href={url} target="_blank" rel="noopener" className="font-semibold text-brand-700 hover:underline">
          Abrir en una pestaña nueva
        </a>
        {filename ? <span className="[overflow-wrap:anywhere]"> · {filename}</span> : null}
      </figcaption>
    </figure>
  );
}
