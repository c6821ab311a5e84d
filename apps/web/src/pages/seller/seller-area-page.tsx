import { SellerArea } from "../../features/sellers";

/** /vendedor: the raffles a vendedor may sell now (docs/decisions/0034-vendedores.md). */
export function SellerAreaPage() {
  return <SellerArea />;
}
