import { ERROR_MESSAGES } from "@rifazo/shared/errors";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { Page } from "../../components/layout/page";
import { Alert } from "../../components/ui/alert";
import { Button, buttonClasses } from "../../components/ui/button";
import { Skeleton } from "../../components/ui/skeleton";
import { errorMessage, isApiError } from "../../lib/api-client";
import { paths } from "../../lib/paths";
import { type RedirectState, type SessionUser, useSession } from "../auth";
import { acceptSellerInvitation, sellerKeys } from "./api";

// /vendedor/invitacion?token=… (docs/decisions/0034-vendedores.md): the link an organiser sends a
// vendedor. The token is a secret (@rifazo/shared/secret-urls): it goes only in the accept request's body;
// page views count the path alone (features/analytics), and the page is rendered in the browser, noindex.

const TITLE = "Invitación de vendedor";

const ERROR_TITLES: Partial<Record<string, string>> = {
  SELLER_INVITATION_INVALID: "Invitación no válida",
  SELLER_INVITATION_OTHER_ACCOUNT: "Esta invitación es para otra cuenta",
  SELLER_ALREADY: "Ya eres vendedor",
};

export function SellerInvitation() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token")?.trim() ?? "";
  return (
    <Page
      title={TITLE}
      eyebrow="Vendedores"
      className="max-w-xl!"
      description="Un organizador te invitó a vender sus rifas en Rifazo."
    >
      <meta name="robots" content="noindex, nofollow" />
      <div className="space-y-5">
        <section aria-labelledby="invitation-what" className="space-y-2 text-sm text-muted">
          <h2 id="invitation-what" className="text-base font-bold text-ink">
            Qué significa ser vendedor
          </h2>
          <ul className="list-disc space-y-1.5 pl-5">
            <li>Verás en tu área de vendedor las rifas que el organizador te asigne.</li>
            <li>
              Para cada rifa, tu comisión (un porcentaje o un monto por boleto) y tu límite de efectivo.
            </li>
            <li>El organizador puede suspender tu cuenta de vendedor cuando lo considere.</li>
          </ul>
        </section>
        {token ? (
          <InvitationAction token={token} />
        ) : (
          <Alert variant="danger" title={ERROR_TITLES.SELLER_INVITATION_INVALID}>
            {ERROR_MESSAGES.SELLER_INVITATION_INVALID}
          </Alert>
        )}
      </div>
    </Page>
  );
}

/** A visitor signs in or registers first (coming back here); a signed-in user accepts. */
function InvitationAction({ token }: { token: string }) {
  const session = useSession();
  if (session.status === "loading") {
    return (
      <div role="status" aria-label="Verificando tu sesión...">
        <Skeleton className="h-28 w-full rounded-card!" />
      </div>
    );
  }
  if (session.status === "error") {
    return (
      <Alert
        variant="danger"
        title="No pudimos verificar tu sesión"
        action={
          <Button size="sm" variant="outline" onClick={session.refetch}>
            Reintentar
          </Button>
        }
      >
        {errorMessage(session.error)}
      </Alert>
    );
  }
  return session.user ? <AcceptInvitation token={token} user={session.user} /> : <SignInFirst />;
}

function SignInFirst() {
  const location = useLocation();
  // Location state, not ?volver=: the return path holds the token, which must stay out of URLs.
  const state: RedirectState = {
    from: { pathname: location.pathname, search: location.search, hash: location.hash },
  };
  return (
    <div className="space-y-4 rounded-card border border-line bg-surface p-4 sm:p-5">
      <p className="text-sm text-ink">
        Para aceptar la invitación, inicia sesión con tu cuenta de Rifazo o crea una. Después volverás a esta
        página.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Link to={paths.login} state={state} className={buttonClasses({ className: "w-full sm:w-auto" })}>
          Iniciar sesión
        </Link>
        <Link
          to={paths.register}
          state={state}
          className={buttonClasses({ variant: "outline", className: "w-full sm:w-auto" })}
        >
          Crear cuenta
        </Link>
      </div>
    </div>
  );
}

function AcceptInvitation({ token, user }: { token: string; user: SessionUser }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const accept = useMutation({
    mutationFn: () => acceptSellerInvitation(token),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: sellerKeys.area });
      // Replaced: the address with the token leaves this tab's history.
      await navigate(paths.seller, { replace: true });
    },
  });
  const code = isApiError(accept.error) ? accept.error.code : null;
  return (
    <div className="space-y-4 rounded-card border border-line bg-surface p-4 sm:p-5">
      <p className="text-sm text-ink">
        Aceptarás con tu cuenta <strong className="[overflow-wrap:anywhere]">{user.email}</strong>.
      </p>
      {accept.isError ? (
        <Alert variant="danger" title={(code && ERROR_TITLES[code]) || "No se pudo aceptar la invitación"}>
          {errorMessage(accept.error)}
          {code === "SELLER_ALREADY" ? (
            <p className="mt-2">
              <Link to={paths.seller} className="font-semibold text-brand-700 underline">
                Ir a mi área de vendedor
              </Link>
            </p>
          ) : null}
        </Alert>
      ) : null}
      <Button
        size="lg"
        className="w-full sm:w-auto"
        waitsForCode
        loading={accept.isPending}
        loadingText="Aceptando..."
        onClick={() => accept.mutate()}
      >
        Aceptar invitación
      </Button>
    </div>
  );
}
