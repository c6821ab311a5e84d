import type { LoginInput } from "@rifazo/shared/schemas/auth";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { PasswordInput } from "../../../components/ui/password-input";
import { toast } from "../../../components/ui/toast";
import { isApiError } from "../../../lib/api-client";
import { rememberAdminSession } from "../admin-session";
import { logout, type SessionUser } from "../api/account-api";
import { usePasswordSignIn } from "../hooks/use-password-sign-in";
import { sessionQueryKey } from "../hooks/use-session";
import { TwoFactorStep } from "./two-factor-step";

const GENERIC_FAILURE = "Credenciales inválidas o error de red.";

/** /adminrifazo2025 (spec 2 §2): only admin accounts get through; any other session is closed again. */
export function AdminLoginForm() {
  const queryClient = useQueryClient();
  const [serverError, setServerError] = useState<string>();
  const { form, step, onInvalid, submit, backToCredentials } = usePasswordSignIn("admin-login-invalid");
  const { errors, isSubmitting } = form.formState;

  const signedIn = async (user: SessionUser) => {
    if (user.role !== "admin") {
      // A regular account must not keep a session opened from the admin door.
      await logout().catch(() => undefined);
      queryClient.setQueryData(sessionQueryKey, null);
      backToCredentials();
      form.reset({ email: user.email, password: "" });
      toast({
        title: "Acceso No Autorizado",
        description: "Esta cuenta no tiene permisos de administrador.",
        variant: "error",
      });
      return;
    }
    rememberAdminSession(user.email);
    toast({
      title: "Bienvenido al panel",
      description: `Sesión iniciada como ${user.email}.`,
      variant: "success",
      survivesRedirect: true,
    });
    // The sign-in page sees the admin session and redirects to the panel (or where the guard came from).
    queryClient.setQueryData(sessionQueryKey, user);
  };

  const onValid = async (values: LoginInput) => {
    setServerError(undefined);
    await submit(values, signedIn, (error) =>
      setServerError(isApiError(error) && error.message ? error.message : GENERIC_FAILURE),
    );
  };

  if (step === "two-factor") {
    return (
      <TwoFactorStep
        onVerified={signedIn}
        onCancel={(reason) => {
          backToCredentials();
          setServerError(reason);
        }}
      />
    );
  }

  return (
    <form onSubmit={form.handleSubmit(onValid, onInvalid)} noValidate className="space-y-5">
      {serverError ? <Alert variant="danger">{serverError}</Alert> : null}
      <FormField id="admin-email" label="Correo electrónico" error={errors.email?.message}>
        {(control) => (
          <Input
            type="email"
            autoComplete="username"
            inputMode="email"
            {...control}
            {...form.register("email")}
          />
        )}
      </FormField>
      <FormField id="admin-password" label="Contraseña" error={errors.password?.message}>
        {(control) => (
          <PasswordInput autoComplete="current-password" {...control} {...form.register("password")} />
        )}
      </FormField>
      <Button type="submit" size="lg" className="w-full" loading={isSubmitting} loadingText="Verificando...">
        Ingresar al Panel
      </Button>
    </form>
  );
}
