import { SIGN_IN_LINK_MESSAGES } from "@rifazo/shared/schemas/sign-in-link";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { EmailInput } from "../../../components/ui/email-input";
import { FormField } from "../../../components/ui/field";
import { requestSignInLink } from "../api/account-api";
import { useEmailRequest } from "../hooks/use-email-request";

interface SignInLinkRequestProps {
  /** The address already typed in the password form, if any. */
  initialEmail: () => string;
}

/**
 * "Recibir un enlace para entrar": a single-use link by email, the way in that no amount of failed
 * passwords from elsewhere can close (docs/decisions/0007-one-sign-in-path.md). Not a form inside the
 * password form: its own submit, so Enter in this field never sends the password.
 */
export function SignInLinkRequest({ initialEmail }: SignInLinkRequestProps) {
  const [open, setOpen] = useState(false);
  const { email, setEmail, error, sent, pending, send } = useEmailRequest(requestSignInLink);

  if (!open) {
    return (
      <Button
        type="button"
        variant="link"
        size="sm"
        className="w-full"
        onClick={() => {
          setEmail(initialEmail().trim());
          setOpen(true);
        }}
      >
        {SIGN_IN_LINK_MESSAGES.open}
      </Button>
    );
  }

  return (
    <section
      aria-label={SIGN_IN_LINK_MESSAGES.open}
      className="space-y-3 rounded-card border border-line p-4"
    >
      <p className="text-sm font-semibold">{SIGN_IN_LINK_MESSAGES.open}</p>
      {sent ? (
        <Alert variant="success" title={SIGN_IN_LINK_MESSAGES.sentTitle}>
          {SIGN_IN_LINK_MESSAGES.sent}
        </Alert>
      ) : (
        <>
          <p className="text-sm text-muted">{SIGN_IN_LINK_MESSAGES.intro}</p>
          <FormField id="sign-in-link-email" label="Correo electrónico" error={error}>
            {(control) => (
              <EmailInput
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                onKeyDown={(event) => {
                  if (event.key === "Enter") {
                    event.preventDefault();
                    void send();
                  }
                }}
                {...control}
              />
            )}
          </FormField>
          <Button type="button" className="w-full" onClick={send} loading={pending} loadingText="Enviando...">
            {SIGN_IN_LINK_MESSAGES.submit}
          </Button>
        </>
      )}
      <Button type="button" variant="link" size="sm" className="w-full" onClick={() => setOpen(false)}>
        {SIGN_IN_LINK_MESSAGES.back}
      </Button>
    </section>
  );
}
