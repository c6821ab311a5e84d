import { cn } from "../../../lib/cn";
import type { PasswordStrength } from "./use-password-strength";

export const PASSWORD_HINTS = {
  idle: "Mínimo 8 caracteres. Una frase de varias palabras poco comunes es lo más seguro.",
  checking: "Revisando la contraseña...",
  strong: "Contraseña segura.",
} as const;

/** The Field hint under a new password: the rule, then, as the user types, why it is weak or that it is fine. */
export function PasswordStrengthHint({ strength }: { strength: PasswordStrength }) {
  const text =
    strength.state === "weak"
      ? strength.reason
      : strength.state === "strong"
        ? PASSWORD_HINTS.strong
        : strength.state === "checking"
          ? PASSWORD_HINTS.checking
          : PASSWORD_HINTS.idle;
  return (
    <span
      aria-live="polite"
      data-strength={strength.state}
      className={cn(
        strength.state === "weak" && "text-warning-700",
        strength.state === "strong" && "text-success-700",
      )}
    >
      {text}
    </span>
  );
}
