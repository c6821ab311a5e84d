import { PASSWORD_RESET_MESSAGES } from "@rifazo/shared/schemas/password-reset";
import type { FormEvent } from "react";
import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { EmailInput } from "../../../components/ui/email-input";
import { FormField } from "../../../components/ui/field";
import { paths } from "../../../lib/paths";
import { requestPasswordReset } from "../api/account-api";
import { useEmailRequest } from "../hooks/use-email-request";

const linkClasses = "font-semibold text-brand-700 underline-offset-4 hover:underline";

/**
 * Asks for a link to set a new password. The answer is the same whether or not the address has an
 * account, so the page cannot be used to find out who is registered.
 */
export function ForgotPasswordForm() {
  const { email, setEmail, error, sent, pending, send } = useEmailRequest(requestPasswordReset);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };

  return (
    <div className="space-y-5">
      {sent ? (
        <Alert variant="success" title={PASSWORD_RESET_MESSAGES.sentTitle}>
          {PASSWORD_RESET_MESSAGES.sent}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate className="space-y-5">
          <p className="text-sm text-muted">{PASSWORD_RESET_MESSAGES.requestIntro}</p>
          <FormField id="forgot-email" label="Correo electrónico" error={error}>
            {(control) => (
              <EmailInput value={email} onChange={(event) => setEmail(event.target.value)} {...control} />
            )}
          </FormField>
          <Button type="submit" size="lg" className="w-full" loading={pending} loadingText="Enviando...">
            {PASSWORD_RESET_MESSAGES.requestSubmit}
          </Button>
        </form>
      )}
      <p className="text-center text-sm text-muted">
        <Link to={paths.login} className={linkClasses}>
          {PASSWORD_RESET_MESSAGES.backToLogin}
        </Link>
      </p>
    </div>
  );
}
