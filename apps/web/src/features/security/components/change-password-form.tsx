import { zodResolver } from "@hookform/resolvers/zod";
import {
  CHANGE_PASSWORD_TITLES,
  type ChangePasswordInput,
  changePasswordFormSchema,
} from "@rifazo/shared/schemas/auth";
import { useState } from "react";
import { type FieldErrors, type UseFormReturn, useForm } from "react-hook-form";
import { Button } from "../../../components/ui/button";
import { toast } from "../../../components/ui/toast";
import { errorMessage, isApiError } from "../../../lib/api-client";
import {
  NewPasswordField,
  PasswordField,
  passwordWeakness,
  requestPasswordReset,
  type SessionUser,
  usePasswordStrength,
  useSession,
} from "../../auth";
import { changePassword } from "../api/security-api";
import { PASSWORD_CHANGE_TEXT } from "../password-rules";

type PasswordFieldName = "currentPassword" | "newPassword" | "confirmPassword";

const EMPTY: ChangePasswordInput = { currentPassword: "", newPassword: "", confirmPassword: "" };
/** The order of the spec's toasts (spec 1 §8 "Profile and password"): the first invalid field is toasted. */
const FIELD_ORDER: readonly PasswordFieldName[] = ["newPassword", "confirmPassword", "currentPassword"];

/** The emailed reset link, for an account without a password or whose owner forgot it. */
function useResetLink(user: SessionUser | null | undefined) {
  const [sendingLink, setSendingLink] = useState(false);
  const sendLink = async () => {
    if (!user) return;
    setSendingLink(true);
    try {
      await requestPasswordReset(user.email);
      toast({
        id: "password-change",
        title: PASSWORD_CHANGE_TEXT.linkSentTitle,
        description: PASSWORD_CHANGE_TEXT.linkSent,
        variant: "success",
      });
    } catch (error) {
      toast({
        id: "password-change",
        title: PASSWORD_CHANGE_TEXT.errorTitle,
        description: errorMessage(error),
        variant: "error",
      });
    } finally {
      setSendingLink(false);
    }
  };

  return { sendingLink, sendLink };
}

/** Submission: the schema's errors toasted in the spec's order, the strength rule, then the server. */
function useChangePasswordSubmit(
  form: UseFormReturn<ChangePasswordInput>,
  userInputs: (string | undefined)[],
) {
  const fail = (field: PasswordFieldName, title: string, description: string) => {
    form.setError(field, { message: description });
    toast({ id: "password-change", title, description, variant: "error" });
    document.getElementById(`password-${field}`)?.focus();
  };

  const onInvalid = (invalid: FieldErrors<ChangePasswordInput>) => {
    const field = FIELD_ORDER.find((name) => invalid[name]?.message);
    const message = field ? invalid[field]?.message : undefined;
    if (!field || !message) return;
    fail(field, CHANGE_PASSWORD_TITLES[message] ?? PASSWORD_CHANGE_TEXT.errorTitle, message);
  };

  const onValid = async (values: ChangePasswordInput) => {
    // The strength rule the server applies too (the estimator is loaded on demand).
    const weakness = await passwordWeakness(values.newPassword, userInputs).catch(() => null);
    if (weakness) {
      fail("newPassword", PASSWORD_CHANGE_TEXT.weakTitle, weakness);
      return;
    }
    try {
      await changePassword({
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
        confirmPassword: values.confirmPassword,
      });
      form.reset(EMPTY);
      toast({
        id: "password-change",
        title: PASSWORD_CHANGE_TEXT.successTitle,
        description: PASSWORD_CHANGE_TEXT.success,
        variant: "success",
      });
    } catch (error) {
      const field = !isApiError(error)
        ? null
        : error.code === "INVALID_PASSWORD"
          ? "currentPassword"
          : error.code === "WEAK_PASSWORD"
            ? "newPassword"
            : null;
      if (field) form.setError(field, { message: errorMessage(error) });
      for (const [name, message] of Object.entries(isApiError(error) ? (error.fields ?? {}) : {})) {
        if (name in EMPTY) form.setError(name as PasswordFieldName, { message });
      }
      toast({
        id: "password-change",
        title: PASSWORD_CHANGE_TEXT.errorTitle,
        description: errorMessage(error),
        variant: "error",
      });
    }
  };

  return { onValid, onInvalid };
}

/**
 * Seguridad: change the password. The current one is required (docs/decisions/0007-one-sign-in-path.md: a
 * session alone, perhaps stolen, cannot change it); an account without one, or whose owner forgot it,
 * gets the emailed reset link instead. The rules are the shared form schema's (changePasswordFormSchema),
 * then the strength rule the server applies.
 */
export function ChangePasswordForm() {
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: EMPTY,
    shouldFocusError: false,
  });
  const { errors, isSubmitting } = form.formState;
  const { user } = useSession();
  const userInputs = [user?.email, user?.fullName];
  const strength = usePasswordStrength(form.watch("newPassword"), userInputs);
  const { onValid, onInvalid } = useChangePasswordSubmit(form, userInputs);
  const { sendingLink, sendLink } = useResetLink(user);

  const errorFor = (field: PasswordFieldName) => errors[field]?.message;

  return (
    <form onSubmit={form.handleSubmit(onValid, onInvalid)} noValidate className="space-y-5">
      <PasswordField
        id="password-currentPassword"
        label="Contraseña actual"
        hint={PASSWORD_CHANGE_TEXT.currentHint}
        autoComplete="current-password"
        error={errorFor("currentPassword")}
        registration={form.register("currentPassword")}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <NewPasswordField
          id="password-newPassword"
          label="Nueva contraseña"
          placeholder={PASSWORD_CHANGE_TEXT.newPlaceholder}
          error={errorFor("newPassword")}
          strength={strength}
          registration={form.register("newPassword")}
        />
        <PasswordField
          id="password-confirmPassword"
          label="Confirmar nueva contraseña"
          autoComplete="new-password"
          placeholder="Repite la nueva contraseña"
          error={errorFor("confirmPassword")}
          registration={form.register("confirmPassword")}
        />
      </div>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted">
          {PASSWORD_CHANGE_TEXT.linkPrompt}{" "}
          <Button
            type="button"
            variant="link"
            size="sm"
            className="whitespace-normal! text-left"
            loading={sendingLink}
            disabled={!user}
            onClick={() => void sendLink()}
          >
            {PASSWORD_CHANGE_TEXT.linkButton}
          </Button>
        </p>
        <Button
          type="submit"
          loading={isSubmitting}
          loadingText="Actualizando..."
          className="w-full sm:w-auto"
        >
          Actualizar Contraseña
        </Button>
      </div>
    </form>
  );
}
