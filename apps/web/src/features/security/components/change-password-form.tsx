import { type FormEvent, useState } from "react";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { PasswordInput } from "../../../components/ui/password-input";
import { toast } from "../../../components/ui/toast";
import { errorMessage, isApiError } from "../../../lib/api-client";
import { PasswordStrengthHint, passwordWeakness, usePasswordStrength, useSession } from "../../auth";
import { changePassword } from "../api/security-api";
import {
  findPasswordProblem,
  PASSWORD_CHANGE_TEXT,
  type PasswordChangeValues,
  type PasswordProblem,
} from "../password-rules";

const EMPTY: PasswordChangeValues = { currentPassword: "", newPassword: "", confirmPassword: "" };

/** Seguridad: change the password. The current one is optional, as the spec says; if given, it is checked. */
export function ChangePasswordForm() {
  const [values, setValues] = useState(EMPTY);
  const [problem, setProblem] = useState<PasswordProblem | null>(null);
  const [pending, setPending] = useState(false);
  const { user } = useSession();
  const userInputs = [user?.email, user?.fullName];
  const strength = usePasswordStrength(values.newPassword, userInputs);

  const set = (field: keyof PasswordChangeValues) => (event: React.ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    if (problem?.field === field) setProblem(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const basic = findPasswordProblem(values);
    // Then the strength rule the server applies too (the estimator is loaded on demand).
    const weakness = basic ? null : await passwordWeakness(values.newPassword, userInputs).catch(() => null);
    const found: PasswordProblem | null =
      basic ??
      (weakness
        ? { field: "newPassword", title: PASSWORD_CHANGE_TEXT.weakTitle, description: weakness }
        : null);
    setProblem(found);
    if (found) {
      toast({ id: "password-change", title: found.title, description: found.description, variant: "error" });
      document.getElementById(`password-${found.field}`)?.focus();
      return;
    }
    setPending(true);
    try {
      await changePassword({
        currentPassword: values.currentPassword || undefined,
        newPassword: values.newPassword,
        confirmPassword: values.confirmPassword,
      });
      setValues(EMPTY);
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
      if (field)
        setProblem({ field, title: PASSWORD_CHANGE_TEXT.errorTitle, description: errorMessage(error) });
      toast({
        id: "password-change",
        title: PASSWORD_CHANGE_TEXT.errorTitle,
        description: errorMessage(error),
        variant: "error",
      });
    } finally {
      setPending(false);
    }
  };

  const errorFor = (field: keyof PasswordChangeValues) =>
    problem?.field === field ? problem.description : undefined;

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <Field
        id="password-currentPassword"
        label="Contraseña actual (opcional)"
        hint="Si la escribes, comprobaremos que sea correcta."
        error={errorFor("currentPassword")}
      >
        {(describedBy) => (
          <PasswordInput
            id="password-currentPassword"
            autoComplete="current-password"
            value={values.currentPassword}
            onChange={set("currentPassword")}
            aria-invalid={errorFor("currentPassword") ? true : undefined}
            aria-describedby={describedBy}
          />
        )}
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          id="password-newPassword"
          label="Nueva contraseña"
          error={errorFor("newPassword")}
          hint={errorFor("newPassword") ? undefined : <PasswordStrengthHint strength={strength} />}
        >
          {(describedBy) => (
            <PasswordInput
              id="password-newPassword"
              autoComplete="new-password"
              placeholder={PASSWORD_CHANGE_TEXT.newPlaceholder}
              value={values.newPassword}
              onChange={set("newPassword")}
              aria-invalid={errorFor("newPassword") ? true : undefined}
              aria-describedby={describedBy}
            />
          )}
        </Field>
        <Field
          id="password-confirmPassword"
          label="Confirmar nueva contraseña"
          error={errorFor("confirmPassword")}
        >
          {(describedBy) => (
            <PasswordInput
              id="password-confirmPassword"
              autoComplete="new-password"
              placeholder="Repite la nueva contraseña"
              value={values.confirmPassword}
              onChange={set("confirmPassword")}
              aria-invalid={errorFor("confirmPassword") ? true : undefined}
              aria-describedby={describedBy}
            />
          )}
        </Field>
      </div>
      <div className="flex justify-end">
        <Button type="submit" loading={pending} loadingText="Actualizando..." className="w-full sm:w-auto">
          Actualizar Contraseña
        </Button>
      </div>
    </form>
  );
}
