import { countText } from "@rifazo/shared/domain/plural";
import { PAGE_ERROR_MESSAGES } from "@rifazo/shared/page-errors";
import type { ReceiptClaim as ReceiptClaimView } from "@rifazo/shared/schemas/receipts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Button, buttonClasses } from "../../../components/ui/button";
import { CheckCircleIcon } from "../../../components/ui/icons";
import { toast } from "../../../components/ui/toast";
import { errorMessage, isApiError } from "../../../lib/api-client";
import { paths } from "../../../lib/paths";
import { type RedirectState, useSession } from "../../auth";
import { claimReceipt } from "../api";

// A vendedor's sale bought without an account (docs/decisions/0034-vendedores.md): its buyer claims it into
// the account confirmed with the email the vendedor wrote down, and its tickets join Mis boletos.

const ERROR_TITLES: Partial<Record<string, string>> = {
  RECEIPT_CLAIM_NOT_ALLOWED: "No puedes reclamar este recibo",
  RECEIPT_ALREADY_CLAIMED: "Este recibo ya está en otra cuenta",
  RECEIPT_CLAIM_CANCELLED: "Recibo anulado",
  EMAIL_NOT_VERIFIED: "Confirma tu correo",
};

const TITLE_ID = "receipt-claim-title";

function Block({ children }: { children: ReactNode }) {
  return (
    <section
      aria-labelledby={TITLE_ID}
      className="space-y-3 rounded-card border border-brand-200 bg-brand-50 p-5 shadow-card sm:p-6"
    >
      {children}
    </section>
  );
}

function MyTicketsLink({ primary = false }: { primary?: boolean }) {
  return (
    <Link
      to={paths.profilePayments}
      className={buttonClasses({ variant: primary ? "primary" : "outline", className: "w-full sm:w-auto" })}
    >
      Ver Mis boletos
    </Link>
  );
}

/** A visitor signs in or creates an account, coming back to this receipt afterwards. */
function SignInLinks() {
  const location = useLocation();
  // Location state, not ?volver=: the return path holds the receipt's token, which stays out of URLs.
  const state: RedirectState = {
    from: { pathname: location.pathname, search: location.search, hash: location.hash },
  };
  return (
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
  );
}

function ClaimButton({ token }: { token: string }) {
  const queryClient = useQueryClient();
  const claim = useMutation({
    mutationFn: () => claimReceipt(token),
    onSuccess: async (result) => {
      toast({
        title: "Boletos agregados a tu cuenta",
        description:
          result.pointsAwarded > 0
            ? `Ya están en Mis boletos, y sumaste ${countText(result.pointsAwarded, "RifaPunto", "RifaPuntos")}.`
            : "Ya están en Mis boletos.",
        variant: "success",
      });
      // The receipt, Mis boletos, the points in the session: everything this account sees changed.
      await queryClient.invalidateQueries();
    },
  });
  const code = isApiError(claim.error) ? claim.error.code : null;
  return (
    <div className="space-y-3">
      {claim.isError ? (
        <Alert variant="danger" title={(code && ERROR_TITLES[code]) || "No se pudo reclamar el recibo"}>
          {errorMessage(claim.error, PAGE_ERROR_MESSAGES.RECEIPT_CLAIM_NOT_ALLOWED)}
        </Alert>
      ) : null}
      <Button
        className="w-full sm:w-auto"
        loading={claim.isPending}
        loadingText="Reclamando..."
        onClick={() => claim.mutate()}
      >
        Reclamar en mi cuenta
      </Button>
    </div>
  );
}

/**
 * "¿Quieres ver estos boletos en tu cuenta?": the claim (signed in, with the right confirmed email), the
 * reason it is not possible, or sign-in and registration links for a visitor.
 */
export function ReceiptClaim({ token, claim }: { token: string; claim: ReceiptClaimView }) {
  const session = useSession();
  if (claim.claimedByYou) {
    return (
      <Block>
        <h3 id={TITLE_ID} className="flex items-center gap-2 font-bold text-ink">
          <CheckCircleIcon className="text-brand-700" /> Estos boletos están en tu cuenta
        </h3>
        <MyTicketsLink primary />
      </Block>
    );
  }
  const visitor = session.status === "signed-out";
  return (
    <Block>
      <h3 id={TITLE_ID} className="font-bold text-ink">
        ¿Quieres ver estos boletos en tu cuenta?
      </h3>
      {claim.claimable ? (
        <>
          <p className="text-sm text-muted">
            Tu cuenta tiene el correo que anotó el vendedor ({claim.emailHint}): reclámalos y los verás en Mis
            boletos junto con tus otras compras.
          </p>
          <ClaimButton token={token} />
        </>
      ) : (
        <>
          {claim.reason ? <p className="text-sm text-ink">{claim.reason}</p> : null}
          {visitor ? <SignInLinks /> : null}
        </>
      )}
    </Block>
  );
}
