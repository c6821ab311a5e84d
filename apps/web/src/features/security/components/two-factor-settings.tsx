import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { PasswordInput } from "../../../components/ui/password-input";
import { toast } from "../../../components/ui/toast";
import { errorMessage } from "../../../lib/api-client";
import { sessionQueryKey, useSession } from "../../auth";
import {
  confirmTwoFactor,
  disableTwoFactor,
  enableTwoFactor,
  type TwoFactorSetup,
} from "../api/security-api";
import { groupSecret, normalizeTotpCode, totpSecret } from "../password-rules";
import { QrCodeSvg } from "./qr-code-svg";

type Step =
  | { kind: "idle" }
  | { kind: "password"; action: "enable" | "disable" }
  | { kind: "scan"; setup: TwoFactorSetup }
  | { kind: "backup"; codes: string[] };

/** Runs a request with the form busy; a failure becomes the form's error. */
function useRun() {
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const run = async (work: () => Promise<void>) => {
    setPending(true);
    setError(undefined);
    try {
      await work();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setPending(false);
    }
  };

  return { error, setError, pending, run };
}

/** The steps' state and what submitting each form does. */
function useTwoFactorFlow() {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ kind: "idle" });
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const { error, setError, pending, run } = useRun();

  const reset = () => {
    setStep({ kind: "idle" });
    setPassword("");
    setCode("");
    setError(undefined);
  };

  const submitPassword = (event: FormEvent) => {
    event.preventDefault();
    if (step.kind !== "password") return;
    if (!password) {
      setError("Ingresa tu contraseña para continuar.");
      return;
    }
    void run(async () => {
      if (step.action === "enable") {
        const setup = await enableTwoFactor(password);
        setPassword("");
        setStep({ kind: "scan", setup });
      } else {
        await disableTwoFactor(password);
        await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
        reset();
        toast({
          title: "Verificación en dos pasos desactivada",
          description: "Tu cuenta vuelve a pedir solo la contraseña al iniciar sesión.",
          variant: "success",
        });
      }
    });
  };

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    if (step.kind !== "scan") return;
    if (!/^\d{6}$/.test(code)) {
      setError("El código debe tener 6 dígitos.");
      return;
    }
    void run(async () => {
      await confirmTwoFactor(code);
      setCode("");
      setStep({ kind: "backup", codes: step.setup.backupCodes });
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      toast({
        title: "Verificación en dos pasos activada",
        description: "Desde ahora te pediremos un código de tu aplicación al iniciar sesión.",
        variant: "success",
      });
    });
  };

  return {
    step,
    setStep,
    password,
    setPassword,
    code,
    setCode,
    error,
    pending,
    reset,
    submitPassword,
    submitCode,
  };
}

async function copyCodes(codes: string[]) {
  try {
    await navigator.clipboard.writeText(codes.join("\n"));
    toast({ title: "Códigos copiados", description: "Guárdalos en un lugar seguro.", variant: "success" });
  } catch {
    toast({ title: "No se pudo copiar", description: "Anota los códigos a mano.", variant: "warning" });
  }
}

/**
 * Two-factor authentication with an authenticator app (TOTP): password → QR code (or the secret typed
 * by hand) → first 6-digit code turns it on → backup codes to keep. Turning it off asks for the password.
 */
export function TwoFactorSettings() {
  const id = useId();
  const { user } = useSession();
  const flow = useTwoFactorFlow();
  const { step } = flow;
  const enabled = Boolean(user?.twoFactorEnabled);

  if (step.kind === "password") {
    return <PasswordStep id={`${id}-password`} action={step.action} flow={flow} />;
  }
  if (step.kind === "scan") return <ScanStep id={`${id}-code`} setup={step.setup} flow={flow} />;
  if (step.kind === "backup") return <BackupStep codes={step.codes} onDone={flow.reset} />;
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="space-y-1">
        <p className="flex flex-wrap items-center gap-2 font-semibold text-ink">
          Verificación en dos pasos
          {enabled ? <Badge variant="success">Activa</Badge> : <Badge variant="neutral">Inactiva</Badge>}
        </p>
        <p className="text-sm text-muted">
          {enabled
            ? "Al iniciar sesión te pedimos un código de tu aplicación de autenticación."
            : "Protege tu cuenta con un código de tu aplicación de autenticación además de la contraseña."}
        </p>
      </div>
      <Button
        variant={enabled ? "outline" : "primary"}
        className="shrink-0"
        onClick={() => flow.setStep({ kind: "password", action: enabled ? "disable" : "enable" })}
      >
        {enabled ? "Desactivar 2FA" : "Activar 2FA"}
      </Button>
    </div>
  );
}

type Flow = ReturnType<typeof useTwoFactorFlow>;

function PasswordStep({ id, action, flow }: { id: string; action: "enable" | "disable"; flow: Flow }) {
  const { password, setPassword, error, pending, reset, submitPassword } = flow;
  return (
    <form onSubmit={submitPassword} noValidate className="space-y-4">
      <p className="text-sm text-muted">
        {action === "enable"
          ? "Para activar la verificación en dos pasos, confirma tu contraseña."
          : "Para desactivar la verificación en dos pasos, confirma tu contraseña."}
      </p>
      <FormField id={id} label="Contraseña" error={error}>
        {(control) => (
          <PasswordInput
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            {...control}
            autoFocus
          />
        )}
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={reset} disabled={pending}>
          Cancelar
        </Button>
        <Button
          type="submit"
          variant={action === "disable" ? "danger" : "primary"}
          loading={pending}
          loadingText="Verificando..."
        >
          Continuar
        </Button>
      </div>
    </form>
  );
}

function ScanStep({ id, setup, flow }: { id: string; setup: TwoFactorSetup; flow: Flow }) {
  const { code, setCode, error, pending, reset, submitCode } = flow;
  const secret = totpSecret(setup.totpURI);
  return (
    <form onSubmit={submitCode} noValidate className="space-y-5">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-muted">
        <li>
          Abre tu aplicación de autenticación (Google Authenticator, Microsoft Authenticator, Authy...).
        </li>
        <li>Escanea el código QR o escribe la clave a mano.</li>
        <li>Ingresa el código de 6 dígitos que te muestra la aplicación.</li>
      </ol>
      <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
        <QrCodeSvg
          value={setup.totpURI}
          label="Código QR para agregar Rifazo a tu aplicación de autenticación"
          className="size-48 shrink-0 rounded-control border border-line bg-white p-1"
        />
        <div className="min-w-0 flex-1 space-y-2 text-sm">
          <p className="font-semibold text-ink">¿No puedes escanear?</p>
          <p className="text-muted">Agrega una cuenta manualmente con esta clave (basada en tiempo):</p>
          {secret ? (
            <p className="rounded-control bg-canvas px-3 py-2 font-mono text-base font-bold tracking-wide break-all text-ink select-all">
              {groupSecret(secret)}
            </p>
          ) : null}
          <details className="text-xs text-muted">
            <summary className="cursor-pointer font-semibold">Ver enlace de configuración</summary>
            <p className="mt-1 font-mono break-all select-all">{setup.totpURI}</p>
          </details>
        </div>
      </div>
      <FormField id={id} label="Código de verificación" error={error}>
        {(control) => (
          <Input
            value={code}
            onChange={(e) => setCode(normalizeTotpCode(e.target.value))}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder="123456"
            className="max-w-48 text-center font-mono text-xl! tracking-[0.4em]"
            {...control}
          />
        )}
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={reset} disabled={pending}>
          Cancelar
        </Button>
        <Button type="submit" loading={pending} loadingText="Verificando...">
          Verificar y Activar
        </Button>
      </div>
    </form>
  );
}

function BackupStep({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="space-y-4">
      <Alert variant="success" title="Verificación en dos pasos activada">
        Guarda estos códigos de respaldo en un lugar seguro. Cada uno sirve una sola vez para entrar si
        pierdes tu teléfono.
      </Alert>
      <ul
        aria-label="Códigos de respaldo"
        className="grid grid-cols-2 gap-2 rounded-control bg-canvas p-3 font-mono text-sm text-ink sm:grid-cols-3"
      >
        {codes.map((backup) => (
          <li key={backup} className="rounded-md bg-surface px-2 py-1.5 text-center select-all">
            {backup}
          </li>
        ))}
      </ul>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={() => void copyCodes(codes)}>
          Copiar Códigos
        </Button>
        <Button onClick={onDone}>Listo, ya los guardé</Button>
      </div>
    </div>
  );
}
