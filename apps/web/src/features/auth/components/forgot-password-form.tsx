import { EMAIL_PATTERN } from "@rifazo/shared/schemas/auth";
import { PASSWORD_RESET_MESSAGES } from "@rifazo/shared/schemas/password-reset";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { EmailInput } from "../../../components/ui/email-input";
import { FormField } from "../../../components/ui/field";
import { errorMessage } from "../../../lib/api-client";
import { paths } from "../../../lib/paths";
import { requestPasswordReset } from "../api/account-api";

const linkClasses = "font-semibold text-brand-700 underline-offset-4 hover:underline";

/**
 * Asks for a link to set a new password. The answer is the same whether or not the address has an
 * account, so the page cannot be used to find out who is registered.
 */
export function ForgotPasswordForm() {
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string>();
  const [sent, setSent] = useState(false);
  const [pending, setPending] = useState(false);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim().toLowerCase();
    if (!EMAIL_PATTERN.test(address)) {
      setError("Por favor, proporciona un correo electrónico válido.");
      return;
    }
    setError(undefined);
    setPending(true);
    try {
      await requestPasswordReset(address);
      setSent(true);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="space-y-5">
      {sent ? (
        <Alert variant="success" title={PASSWORD_RESET_MESSAGES.sentTitle}>
          {PASSWORD_RESET_MESSAGES.sent}
        </Alert>
      ) : (
        <form onSubmit={send} noValidate className="space-y-5">
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
