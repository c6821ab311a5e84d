import { PROOF_FLAG_LABELS } from "@rifazo/shared/schemas/admin";
import { formatMoney, formatNumber } from "../../../lib/format";
import type { AdminProof } from "../api/admin-api";
import { ConfirmDialog } from "../shared/confirm-dialog";

type DialogProps = {
  proof: AdminProof | null;
  busy: boolean;
  onClose: () => void;
  onConfirm: (proof: AdminProof) => Promise<unknown>;
};

/** Approving asks first, with the buyer, the amount, the tickets and any alert in view. */
export function ApproveProofDialog({ proof, busy, onClose, onConfirm }: DialogProps) {
  return (
    <ConfirmDialog
      open={proof !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="¿Aprobar este pago?"
      variant="primary"
      description={
        proof ? (
          <>
            <p>
              Comprador: <strong className="text-ink">{proof.buyerName}</strong>
            </p>
            <p>
              Monto: <strong className="text-ink">{formatMoney(proof.amount, proof.currency)}</strong> ·
              Referencia <strong className="text-ink">{proof.transactionRef}</strong>
            </p>
            <p>
              Boletos:{" "}
              <strong className="text-ink">
                {formatNumber(proof.quantityOfTickets)}
                {proof.raffleTitle ? ` de "${proof.raffleTitle}"` : ""}
              </strong>
            </p>
            {proof.flags.length > 0 ? (
              <p className="font-semibold text-danger-700">
                Atención: {proof.flags.map((f) => PROOF_FLAG_LABELS[f]).join(" · ")}.
              </p>
            ) : null}
          </>
        ) : null
      }
      confirmLabel="Aprobar pago"
      busy={busy}
      onConfirm={() => (proof ? onConfirm(proof) : undefined)}
    />
  );
}

export function DeleteProofDialog({ proof, busy, onClose, onConfirm }: DialogProps) {
  return (
    <ConfirmDialog
      open={proof !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="¿Eliminar este comprobante?"
      description={
        <>
          <p>
            Comprobante de <strong className="text-ink">{proof?.buyerName}</strong>, referencia{" "}
            <strong className="text-ink">{proof?.transactionRef}</strong>.
          </p>
          <p className="font-semibold text-danger-700">
            Se eliminará también la participación del usuario en la rifa. Esta acción no se puede deshacer.
          </p>
        </>
      }
      confirmLabel="Eliminar Comprobante"
      busy={busy}
      onConfirm={() => (proof ? onConfirm(proof) : undefined)}
    />
  );
}
