import { Link, useParams } from "react-router";
import { PlaceholderPage } from "../../components/layout/placeholder-page";
import { buttonClasses } from "../../components/ui/button";
import { paths } from "../../lib/paths";

export function AdminRaffleDetailPage() {
  const { id } = useParams();
  return (
    <PlaceholderPage
      title="Detalle de Rifa"
      eyebrow="Administración"
      description={`Vista de solo lectura de la rifa ${id ?? ""}.`}
    >
      <Link to={paths.admin} className={buttonClasses({ variant: "outline" })}>
        Volver al Panel
      </Link>
    </PlaceholderPage>
  );
}
