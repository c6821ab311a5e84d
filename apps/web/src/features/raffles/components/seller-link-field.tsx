import { useSellerLink } from "../hooks/use-seller-link";

/**
 * Inside a purchase form: the vendedor's code as the native form's `vendedor` field, and said to the buyer
 * with «Quitar», so nobody is credited without the buyer seeing it (docs/decisions/0034-vendedores.md).
 */
export function SellerLinkField({ raffleId }: { raffleId: string }) {
  const { code, forget } = useSellerLink(raffleId);
  if (!code) return null;
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 rounded-control border border-line bg-surface px-3 py-2 text-sm">
      <input type="hidden" name="vendedor" value={code} />
      <p className="text-ink">
        Llegaste por el enlace del vendedor <strong className="font-mono tracking-wider">{code}</strong>: tu
        compra se le acreditará.
      </p>
      <button
        type="button"
        className="min-h-11 px-2 font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
        onClick={forget}
      >
        Quitar
      </button>
    </div>
  );
}
