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
