import { zodResolver } from "@hookform/resolvers/zod";
import {
  CHANGE_PASSWORD_TITLES,
  type ChangePasswordInput,
  changePasswordFormSchema,
} from "@rifazo/shared/schemas/auth";
import { useState } from "react";
import { type FieldErrors, useForm } from "react-hook-form";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/field";
import { PasswordInput } from "../../../components/ui/password-input";
import { toast } from "../../../components/ui/toast";
import { errorMessage, isApiError } from "../../../lib/api-client";
import {
  PasswordStrengthHint,
  passwordWeakness,
  requestPasswordReset,
  usePasswordStrength,
  useSession,
} from "../../auth";
import { changePassword } from "../api/security-api";
import { PASSWORD_CHANGE_TEXT } from "../password-rules";

type PasswordField = "currentPassword" | "newPassword" | "confirmPassword";

const EMPTY: ChangePasswordInput = { currentPassword: "", newPassword: "", confirmPassword: "" };
/** The order of the spec's toasts (spec 1 §8 "Profile and password"): the first invalid field is toasted. */
const FIELD_ORDER: readonly PasswordField[] = ["newPassword", "confirmPassword", "currentPassword"];

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

  const fail = (field: PasswordField, title: string, description: string) => {
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
        if (name in EMPTY) form.setError(name as PasswordField, { message });
      }
      toast({
        id: "password-change",
        title: PASSWORD_CHANGE_TEXT.errorTitle,
        description: errorMessage(error),
        variant: "error",
      });
    }
  };

  const errorFor = (field: PasswordField) => errors[field]?.message;

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

  return (
    <form onSubmit={form.handleSubmit(onValid, onInvalid)} noValidate className="space-y-5">
      <FormField
        id="password-currentPassword"
        label="Contraseña actual"
        hint={PASSWORD_CHANGE_TEXT.currentHint}
        error={errorFor("currentPassword")}
      >
        {(control) => (
          <PasswordInput autoComplete="current-password" {...form.register("currentPassword")} {...control} />
        )}
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          id="password-newPassword"
          label="Nueva contraseña"
          error={errorFor("newPassword")}
          hint={errorFor("newPassword") ? undefined : <PasswordStrengthHint strength={strength} />}
        >
          {(control) => (
            <PasswordInput
              autoComplete="new-password"
              placeholder={PASSWORD_CHANGE_TEXT.newPlaceholder}
              {...form.register("newPassword")}
              {...control}
            />
          )}
        </FormField>
        <FormField
          id="password-confirmPassword"
          label="Confirmar nueva contraseña"
          error={errorFor("confirmPassword")}
        >
          {(control) => (
            <PasswordInput
              autoComplete="new-password"
              placeholder="Repite la nueva contraseña"
              {...form.register("confirmPassword")}
              {...control}
            />
          )}
        </FormField>
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
