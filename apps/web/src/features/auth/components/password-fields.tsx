import type { ReactNode } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { FormField } from "../../../components/ui/field";
import { PasswordInput } from "../../../components/ui/password-input";
import { PasswordStrengthHint } from "../password-strength/password-strength-hint";
import type { PasswordStrength } from "../password-strength/use-password-strength";

interface PasswordFieldProps {
  id: string;
  label: ReactNode;
  error: string | undefined;
  hint?: ReactNode;
  autoComplete: "current-password" | "new-password";
  placeholder?: string;
  /** What `form.register(name)` returned for the field. */
  registration: UseFormRegisterReturn;
}

/** A labelled password input bound to a react-hook-form field: the forms that set or confirm one share it. */
export function PasswordField({
  id,
  label,
  error,
  hint,
  autoComplete,
  placeholder,
  registration,
}: PasswordFieldProps) {
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      {(control) => (
        <PasswordInput autoComplete={autoComplete} placeholder={placeholder} {...control} {...registration} />
      )}
    </FormField>
  );
}

/** A new password with the strength meter as its hint, until the field has an error to show instead. */
export function NewPasswordField({
  strength,
  ...props
}: Omit<PasswordFieldProps, "hint" | "autoComplete"> & { strength: PasswordStrength }) {
  return (
    <PasswordField
      {...props}
      autoComplete="new-password"
      hint={props.error ? undefined : <PasswordStrengthHint strength={strength} />}
    />
  );
}

/** A new password with its meter, then its confirmation: the sign-up and the reset ask for both. */
export function NewPasswordPair({
  idPrefix,
  label,
  strength,
  password,
  confirm,
}: {
  idPrefix: string;
  label: string;
  strength: PasswordStrength;
  password: { error: string | undefined; registration: UseFormRegisterReturn };
  confirm: { error: string | undefined; registration: UseFormRegisterReturn };
}) {
  return (
    <>
      <NewPasswordField id={`${idPrefix}-password`} label={label} strength={strength} {...password} />
      <PasswordField
        id={`${idPrefix}-confirm`}
        label="Confirmar contraseña"
        autoComplete="new-password"
        {...confirm}
      />
    </>
  );
}
