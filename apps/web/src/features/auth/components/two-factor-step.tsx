import { type FormEvent, type RefObject, useEffect, useId, useRef, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/field";
import { ShieldIcon } from "../../../components/ui/icons";
import { Input } from "../../../components/ui/input";
import { errorMessage, isApiError } from "../../../lib/api-client";
import { fetchSessionUser, type SessionUser, verifyBackupCode, verifyTotp } from "../api/account-api";

interface TwoFactorStepProps {
  /** Called with the signed-in user once the code is accepted. */
  onVerified: (user: SessionUser) => void | Promise<void>;
  /** Back to email and password (also used when the pending two-factor login expired). */
  onCancel: (reason?: string) => void;
}

const TOTP_PATTERN = /^\d{6}$/;

type CodeMode = "totp" | "backup";

function TwoFactorIntro({ mode }: { mode: CodeMode }) {
  return (
    <div className="flex items-start gap-3 rounded-control bg-brand-50 p-4 text-sm text-brand-900">
      <ShieldIcon className="mt-0.5 shrink-0 text-lg text-brand-700" />
      <p>
        {mode === "totp"
          ? "Tu cuenta tiene verificación en dos pasos. Ingresa el código de 6 dígitos de tu aplicación de autenticación."
          : "Ingresa uno de los códigos de respaldo que guardaste al activar la verificación en dos pasos."}
      </p>
    </div>
  );
}

function CodeField({
  id,
  mode,
  code,
  onCodeChange,
  error,
  inputRef,
}: {
  id: string;
  mode: CodeMode;
  code: string;
  onCodeChange: (code: string) => void;
  error: string | undefined;
  inputRef: RefObject<HTMLInputElement | null>;
}) {
  return (
    <FormField
      id={id}
      label={mode === "totp" ? "Código de verificación" : "Código de respaldo"}
      error={error}
    >
      {(control) => (
        <Input
          name="code"
          value={code}
          onChange={(e) =>
            onCodeChange(mode === "totp" ? e.target.value.replace(/\D/g, "").slice(0, 6) : e.target.value)
          }
          inputMode={mode === "totp" ? "numeric" : "text"}
          autoComplete={mode === "totp" ? "one-time-code" : "off"}
          maxLength={mode === "totp" ? 6 : 64}
          placeholder={mode === "totp" ? "123456" : "xxxxx-xxxxx"}
          className={mode === "totp" ? "text-center font-mono text-xl! tracking-[0.5em]" : "font-mono"}
          {...control}
          ref={inputRef}
        />
      )}
    </FormField>
  );
}

/** Second login step for accounts with two-factor authentication: app code, or a backup code. */
export function TwoFactorStep({ onVerified, onCancel }: TwoFactorStepProps) {
  const id = useId();
  const [mode, setMode] = useState<CodeMode>("totp");
  const [code, setCode] = useState("");
  const [fieldError, setFieldError] = useState<string>();
  const [serverError, setServerError] = useState<string>();
  const [pending, setPending] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  // The step replaces the password form: put the cursor where the code goes, also after switching mode.
  useEffect(() => {
    if (mode) inputRef.current?.focus();
  }, [mode]);

  const switchMode = () => {
    setMode((m) => (m === "totp" ? "backup" : "totp"));
    setCode("");
    setFieldError(undefined);
    setServerError(undefined);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = code.trim();
    if (mode === "totp" && !TOTP_PATTERN.test(value)) {
      setFieldError("El código debe tener 6 dígitos.");
      return;
    }
    if (mode === "backup" && value.length < 4) {
      setFieldError("Ingresa uno de tus códigos de respaldo.");
      return;
    }
    setFieldError(undefined);
    setServerError(undefined);
    setPending(true);
    try {
      await (mode === "totp" ? verifyTotp(value) : verifyBackupCode(value));
      const user = await fetchSessionUser();
      if (!user) throw new Error("no session after two-factor verification");
      await onVerified(user);
    } catch (error) {
      if (isApiError(error) && error.code === "SESSION_NOT_FOUND") {
        onCancel(error.message);
        return;
      }
      setServerError(errorMessage(error));
    } finally {
      setPending(false);
    }
  };

  const inputId = `${id}-code`;
  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <TwoFactorIntro mode={mode} />
      {serverError ? <Alert variant="danger">{serverError}</Alert> : null}
      <CodeField
        id={inputId}
        mode={mode}
        code={code}
        onCodeChange={setCode}
        error={fieldError}
        inputRef={inputRef}
      />
      <Button type="submit" size="lg" className="w-full" loading={pending} loadingText="Verificando...">
        Verificar
      </Button>
      <div className="flex flex-col items-center gap-2 text-sm">
        <Button variant="link" onClick={switchMode}>
          {mode === "totp" ? "Usar un código de respaldo" : "Usar el código de mi aplicación"}
        </Button>
        <Button variant="link" className="text-muted!" onClick={() => onCancel()}>
          Volver al inicio de sesión
        </Button>
      </div>
    </form>
  );
}
