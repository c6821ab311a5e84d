import { zodResolver } from "@hookform/resolvers/zod";
import { AUTH_MESSAGES, type LoginInput, loginSchema } from "@rifazo/shared/schemas/auth";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "../../../components/ui/toast";
import { login, type SessionUser } from "../api/account-api";

type CredentialsValues = { email: string; password: string };

/**
 * The email and password step shared by the buyers' and the administrators' sign-in (spec 1 §5, spec 2
 * §2): the form, the one toast for any field problem, and the second step when the account asks for a code.
 */
export function usePasswordSignIn(invalidToastId: string) {
  const [step, setStep] = useState<"credentials" | "two-factor">("credentials");
  const form = useForm<CredentialsValues, unknown, LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: "", password: "" },
  });

  const onInvalid = () => {
    toast({
      id: invalidToastId,
      title: AUTH_MESSAGES.loginInvalidTitle,
      description: AUTH_MESSAGES.loginInvalid,
      variant: "error",
    });
  };

  /**
   * Signs in with the form's values: the user goes to `signedIn`, unless the account asks for its code
   * first (the form turns to that step); a failure goes to `onFailure`, which each door words its own way.
   */
  const submit = async (
    values: LoginInput,
    signedIn: (user: SessionUser) => Promise<void>,
    onFailure: (error: unknown) => void,
  ) => {
    try {
      const result = await login(values);
      if (!result.twoFactorRequired) {
        await signedIn(result.user);
        return;
      }
      setStep("two-factor");
    } catch (error) {
      onFailure(error);
    }
  };

  /** Back from the code step (or from a refused account): the password is typed again. */
  const backToCredentials = () => {
    setStep("credentials");
    form.setValue("password", "");
  };

  return { form, step, onInvalid, submit, backToCredentials };
}
