import { CLIENT_ERROR_MESSAGES, PAGE_ERROR_MESSAGES } from "@rifazo/shared/page-errors";
import type { LoginInput } from "@rifazo/shared/schemas/auth";
import { PASSWORD_RESET_MESSAGES } from "@rifazo/shared/schemas/password-reset";
import { SIGN_IN_LINK_MESSAGES } from "@rifazo/shared/schemas/sign-in-link";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { Link, useLocation, useSearchParams } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { EmailInput } from "../../../components/ui/email-input";
import { FormField } from "../../../components/ui/field";
import { PasswordInput } from "../../../components/ui/password-input";
import { toast } from "../../../components/ui/toast";
import { isApiError } from "../../../lib/api-client";
import { firstName } from "../../../lib/names";
import { paths } from "../../../lib/paths";
import type { SessionUser } from "../api/account-api";
import { usePasswordSignIn } from "../hooks/use-password-sign-in";
import { sessionQueryKey } from "../hooks/use-session";
import { carriedReturn } from "../redirects";
import { clearSuspended, useSuspendedSession } from "../suspended-state";
import { ResendVerificationButton } from "./resend-verification";
import { SignInLinkRequest } from "./sign-in-link-request";
import { SuspendedNotice } from "./suspended-notice";
import { TwoFactorStep } from "./two-factor-step";

interface ServerError {
  code: string;
  message: string;
}

const WELCOME_TOAST_MS = 7_000;

/**
 * Email-confirmation outcome from the link in the email: the server redirects to ?verificado=1, adding
 * &error=CODE when the link was invalid, expired (INVALID_TOKEN, TOKEN_EXPIRED) or already used (TOKEN_USED).
 * ?error=profile_not_found comes from a session whose profile is missing.
 */
function useVerificationNotice(): boolean {
  const [searchParams, setSearchParams] = useSearchParams();
  const verified = searchParams.get("verificado");
  const linkError = searchParams.get("error");
  // A sign-in link that was invalid, used or expired comes back as ?enlace=invalido&error=CODE.
  const signInLink = searchParams.get("enlace");
  const [linkFailed] = useState(verified === "error" || (verified !== null && linkError !== null));

  useEffect(() => {
    if (linkError === "profile_not_found") {
      toast({
        id: "profile-missing",
        title: "Error de Perfil",
        description: CLIENT_ERROR_MESSAGES.PROFILE_NOT_FOUND_RECENT,
        variant: "error",
      });
      setSearchParams(
        (params) => {
          params.delete("error");
          return params;
        },
        { replace: true, preventScrollReset: true },
      );
      return;
    }
    if (signInLink) {
      toast({
        id: "sign-in-link",
        title: SIGN_IN_LINK_MESSAGES.invalidTitle,
        description: SIGN_IN_LINK_MESSAGES.invalid,
        variant: "error",
      });
      setSearchParams(
        (params) => {
          params.delete("enlace");
          params.delete("error");
          return params;
        },
        { replace: true, preventScrollReset: true },
      );
      return;
    }
    if (!verified) return;
    if (verified === "error" || linkError) {
      toast({
        id: "email-verified",
        title: "Enlace Inválido",
        description:
          linkError === "TOKEN_USED" ? PAGE_ERROR_MESSAGES.TOKEN_USED : PAGE_ERROR_MESSAGES.INVALID_TOKEN,
        variant: "error",
      });
    } else {
      toast({
        id: "email-verified",
        title: "¡Correo confirmado! Ya puedes iniciar sesión.",
        variant: "success",
      });
    }
    // Consume the parameter so a reload or a shared URL does not repeat the notice.
    setSearchParams(
      (params) => {
        params.delete("verificado");
        params.delete("error");
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [verified, linkError, signInLink, setSearchParams]);

  return linkFailed;
}

/** What follows a successful sign-in: the welcome, fresh data, and the session that moves the user on. */
function useSignedIn() {
  const queryClient = useQueryClient();
  return async (user: SessionUser) => {
    clearSuspended();
    toast({
      title: `¡Hola, ${firstName(user.fullName)}!`,
      description: "Iniciaste sesión correctamente. ¡Mucha suerte en tus rifas!",
      variant: "success",
      duration: WELCOME_TOAST_MS,
      // Shown on the page the sign-in sends the user on to.
      survivesRedirect: true,
    });
    // Data cached while signed out (favourites, prices for visitors) may differ now.
    await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
    // GuestOnly sees the user and takes them to where they were going.
    queryClient.setQueryData(sessionQueryKey, user);
  };
}

/** What the form says above its fields: a suspension, the server's refusal, or a failed confirmation link. */
function LoginNotice({
  serverError,
  suspendedSession,
  linkFailed,
  getEmail,
}: {
  serverError: ServerError | undefined;
  suspendedSession: boolean;
  linkFailed: boolean;
  getEmail: () => string;
}) {
  const notVerified = serverError?.code === "EMAIL_NOT_VERIFIED";
  return serverError?.code === "ACCOUNT_SUSPENDED" || (!serverError && suspendedSession) ? (
    <SuspendedNotice />
  ) : serverError ? (
    <Alert
      variant={notVerified ? "warning" : "danger"}
      title={notVerified ? "Confirma tu correo" : "No pudimos iniciar sesión"}
      action={notVerified ? <ResendVerificationButton getEmail={getEmail} /> : undefined}
    >
      {serverError.message}
    </Alert>
  ) : linkFailed ? (
    <Alert
      variant="warning"
      title="Enlace de confirmación inválido"
      action={<ResendVerificationButton getEmail={getEmail} />}
    >
      {PAGE_ERROR_MESSAGES.INVALID_TOKEN} Escribe tu correo y te enviaremos un enlace nuevo.
    </Alert>
  ) : null;
}

function LoginPasswordField({
  error,
  invalid,
  registration,
}: {
  error: string | undefined;
  invalid: boolean;
  registration: UseFormRegisterReturn<"password">;
}) {
  return (
    <FormField id="login-password" label="Contraseña" error={error} invalid={invalid}>
      {(control) => (
        <PasswordInput
          autoComplete="current-password"
          placeholder="Tu contraseña"
          {...control}
          {...registration}
        />
      )}
    </FormField>
  );
}

function ForgotPasswordLink() {
  return (
    <p className="-mt-3 text-right text-sm">
      <Link
        to={paths.forgotPassword}
        className="font-semibold text-brand-700 underline-offset-4 hover:underline"
      >
        {PASSWORD_RESET_MESSAGES.link}
      </Link>
    </p>
  );
}

function RegisterPrompt() {
  const location = useLocation();
  return (
    <p className="text-center text-sm text-muted">
      ¿No tienes una cuenta?{" "}
      <Link
        to={paths.register}
        state={carriedReturn(location)}
        className="font-semibold text-brand-700 underline-offset-4 hover:underline"
      >
        Regístrate aquí
      </Link>
    </p>
  );
}

export function LoginForm() {
  const linkFailed = useVerificationNotice();
  const [serverError, setServerError] = useState<ServerError>();
  const suspendedSession = useSuspendedSession();
  const { form, step, onInvalid, submit, backToCredentials } = usePasswordSignIn("login-invalid");
  const { errors, isSubmitting } = form.formState;

  const signedIn = useSignedIn();

  const onValid = async (values: LoginInput) => {
    setServerError(undefined);
    await submit(values, signedIn, (error) => {
      if (isApiError(error)) {
        setServerError({ code: error.code, message: error.message });
        return;
      }
      toast({ title: "Error Inesperado", description: PAGE_ERROR_MESSAGES.INTERNAL, variant: "error" });
    });
  };

  if (step === "two-factor") {
    return (
      <TwoFactorStep
        onVerified={signedIn}
        onCancel={(reason) => {
          backToCredentials();
          setServerError(reason ? { code: "SESSION_NOT_FOUND", message: reason } : undefined);
        }}
      />
    );
  }

  // Both fields share one message (spec 1 §5); say it once, under the first field in trouble.
  const passwordError = errors.email ? undefined : errors.password?.message;
  return (
    <div className="space-y-5">
      <form onSubmit={form.handleSubmit(onValid, onInvalid)} noValidate className="space-y-5">
        <LoginNotice
          serverError={serverError}
          suspendedSession={suspendedSession}
          linkFailed={linkFailed}
          getEmail={() => form.getValues("email")}
        />

        <FormField id="login-email" label="Correo electrónico" error={errors.email?.message}>
          {(control) => <EmailInput {...control} {...form.register("email")} />}
        </FormField>

        <LoginPasswordField
          error={passwordError}
          invalid={Boolean(errors.password)}
          registration={form.register("password")}
        />
        <ForgotPasswordLink />

        <Button
          type="submit"
          size="lg"
          className="w-full"
          loading={isSubmitting}
          loadingText="Iniciando sesión..."
        >
          Iniciar Sesión
        </Button>

        <RegisterPrompt />
      </form>
      <SignInLinkRequest initialEmail={() => form.getValues("email")} />
    </div>
  );
}
