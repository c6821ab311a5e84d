import { EMAIL_PATTERN } from "@rifazo/shared/schemas/auth";
import { useState } from "react";
import { errorMessage } from "../../../lib/api-client";

const INVALID_EMAIL = "Por favor, proporciona un correo electrónico válido.";

/**
 * A request that sends a link to an address (a password reset, a sign-in link): the address is checked
 * and normalised here, the server's refusal is shown under the field, and `sent` once it went out.
 */
export function useEmailRequest(request: (email: string) => Promise<unknown>) {
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string>();
  const [sent, setSent] = useState(false);
  const [pending, setPending] = useState(false);

  const send = async () => {
    const address = email.trim().toLowerCase();
    if (!EMAIL_PATTERN.test(address)) {
      setError(INVALID_EMAIL);
      return;
    }
    setError(undefined);
    setPending(true);
    try {
      await request(address);
      setSent(true);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setPending(false);
    }
  };

  return { email, setEmail, error, sent, pending, send };
}
