import { zodResolver } from "@hookform/resolvers/zod";
import { PAGE_ERROR_MESSAGES } from "@rifazo/shared/page-errors";
import {
  PASSWORD_RESET_MESSAGES,
  type PasswordResetInput,
  passwordResetSchema,
} from "@rifazo/shared/schemas/password-reset";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { toast } from "../../../components/ui/toast";
import { isApiError } from "../../../lib/api-client";
import { paths } from "../../../lib/paths";
import { resetPassword } from "../api/account-api";
import { sessionQueryKey } from "../hooks/use-session";
import { passwordWeakness, usePasswordStrength } from "../password-strength/use-password-strength";
import { NewPasswordPair } from "./password-fields";

type ResetValues = { token: string; newPassword: string; confirmPassword: string };

const linkClasses = "font-semibold text-brand-700 underline-offset-4 hover:underline";
const TOKEN_ERRORS = new Set(["INVALID_TOKEN", "TOKEN_USED"]);

function RequestAgainLink() {
  return (
    <Link to={paths.forgotPassword} className={linkClasses}>
      {PASSWORD_RESET_MESSAGES.requestAgain}
    </Link>
  );
}

/** The reset form and its submission: the strength rule, then the server; on success, on to sign in. */
function useResetPassword(token: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<{ code: string; message: string }>();
  const form = useForm<ResetValues, unknown, PasswordResetInput>({
    resolver: zodResolver(passwordResetSchema),
    defaultValues: { token, newPassword: "", confirmPassword: "" },
  });

  const onValid = async (values: PasswordResetInput) => {
    setServerError(undefined);
    try {
      // The same rule the server applies; checked here so the reason shows beside the field.
      const weakness = await passwordWeakness(values.newPassword, []).catch(() => null);
      if (weakness) {
        form.setError("newPassword", { message: weakness }, { shouldFocus: true });
        return;
      }
      await resetPassword(values);
      // Every session ended on the server, this browser's included.
      queryClient.setQueryData(sessionQueryKey, null);
      toast({
        title: PASSWORD_RESET_MESSAGES.resetDoneTitle,
        description: PASSWORD_RESET_MESSAGES.resetDone,
        variant: "success",
        survivesRedirect: true,
      });
      await navigate(paths.login, { replace: true });
    } catch (error) {
      if (!isApiError(error)) {
        toast({ title: "Error Inesperado", description: PAGE_ERROR_MESSAGES.INTERNAL, variant: "error" });
        return;
      }
      const fieldMessage = error.fields?.newPassword;
      if (fieldMessage) {
        form.setError("newPassword", { message: fieldMessage }, { shouldFocus: true });
        return;
      }
      setServerError({ code: error.code, message: error.message });
    }
  };

  return { form, serverError, onValid };
}

/**
 * The page the reset email links to (?token=...): a new password held to the registration rule, with the
 * same strength meter. Saving it ends every session of the account, this browser's too, then sign in.
 */
export function ResetPasswordForm({ token }: { token: string }) {
  const { form, serverError, onValid } = useResetPassword(token);
  const { errors, isSubmitting } = form.formState;
  const newPassword = form.watch("newPassword");
  const strength = usePasswordStrength(newPassword, []);

  if (!token) {
    return (
      <Alert variant="warning" title="Enlace no válido" action={<RequestAgainLink />}>
        {PASSWORD_RESET_MESSAGES.missingToken}
      </Alert>
    );
  }

  const tokenProblem = serverError && TOKEN_ERRORS.has(serverError.code);
  return (
    <form onSubmit={form.handleSubmit(onValid)} noValidate className="space-y-5">
      <p className="text-sm text-muted">{PASSWORD_RESET_MESSAGES.resetIntro}</p>
      {serverError ? (
        <Alert
          variant="danger"
          title="No pudimos cambiar la contraseña"
          action={tokenProblem ? <RequestAgainLink /> : undefined}
        >
          {serverError.message}
        </Alert>
      ) : null}
      <NewPasswordPair
        idPrefix="reset"
        label="Nueva contraseña"
        strength={strength}
        password={{ error: errors.newPassword?.message, registration: form.register("newPassword") }}
        confirm={{ error: errors.confirmPassword?.message, registration: form.register("confirmPassword") }}
      />
      <Button type="submit" size="lg" className="w-full" loading={isSubmitting} loadingText="Guardando...">
        {PASSWORD_RESET_MESSAGES.resetSubmit}
      </Button>
    </form>
  );
}
