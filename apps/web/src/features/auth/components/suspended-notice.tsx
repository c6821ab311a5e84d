import { PAGE_ERROR_MESSAGES } from "@rifazo/shared/page-errors";
import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { paths } from "../../../lib/paths";
import { SUPPORT_EMAIL } from "../../../lib/site";

const linkClasses = "font-semibold text-brand-700 underline-offset-4 hover:underline";

export const SUSPENDED_TITLE = "Tu cuenta está suspendida";

/**
 * A suspended account (spec 2 §2 Users tab: status inactive) cannot sign in: say so and how to appeal,
 * instead of leaving the person on the sign-in page wondering what happened.
 */
export function SuspendedNotice() {
  return (
    <Alert variant="danger" title={SUSPENDED_TITLE}>
      <p>{PAGE_ERROR_MESSAGES.ACCOUNT_SUSPENDED}</p>
      <p className="mt-2">
        Para apelar, escríbenos desde la página de{" "}
        <Link to={paths.contact} className={linkClasses}>
          Contacto
        </Link>{" "}
        o a{" "}
        <a href={`mailto:${SUPPORT_EMAIL}`} className={`${linkClasses} break-all`}>
          {SUPPORT_EMAIL}
        </a>{" "}
        con el correo de tu cuenta y te responderemos.
      </p>
    </Alert>
  );
}
