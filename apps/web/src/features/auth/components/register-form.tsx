import { zodResolver } from "@hookform/resolvers/zod";
import { PAGE_ERROR_MESSAGES } from "@rifazo/shared/page-errors";
import { AUTH_MESSAGES, registerFormSchema } from "@rifazo/shared/schemas/auth";
import { useEffect, useRef, useState } from "react";
import { type FieldErrors, useForm } from "react-hook-form";
import { Link, useLocation } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Button, buttonClasses } from "../../../components/ui/button";
import { EmailInput } from "../../../components/ui/email-input";
import { FormField } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { PhoneInput } from "../../../components/ui/phone-input";
import { toast } from "../../../components/ui/toast";
import { isApiError } from "../../../lib/api-client";
import { paths } from "../../../lib/paths";
import { register } from "../api/account-api";
import { passwordWeakness, usePasswordStrength } from "../password-strength/use-password-strength";
import { carriedReturn } from "../redirects";
import { NewPasswordPair } from "./password-fields";
import { ResendVerificationButton } from "./resend-verification";

type RegisterFormValues = {
  fullName: string;
  email: string;
  phone: string;
  password: string;
  confirmPassword: string;
};
/** What the form submits: the shared schema's output (the phone normalised to +584XXXXXXXXX). */
type RegisterValues = ReturnType<typeof registerFormSchema.parse>;

const EMPTY: RegisterFormValues = { fullName: "", email: "", phone: "", password: "", confirmPassword: "" };
const FIELD_NAMES = new Set<string>(Object.keys(EMPTY));
const linkClasses = "font-semibold text-brand-700 underline-offset-4 hover:underline";

/** The registration form and its submission: the strength rule, then the server; the fields it rejects. */
function useRegister() {
  const [serverError, setServerError] = useState<string>();
  const [registeredEmail, setRegisteredEmail] = useState<string>();
  const form = useForm<RegisterFormValues, unknown, RegisterValues>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: EMPTY,
  });

  const onValid = async (values: RegisterValues) => {
    setServerError(undefined);
    try {
      // The same rule the server applies; checked here so the reason shows beside the field.
      const weakness = await passwordWeakness(values.password, [values.email, values.fullName]).catch(
        () => null,
      );
      if (weakness) {
        form.setError("password", { message: weakness }, { shouldFocus: true });
        return;
      }
      await register(values);
      toast({
        title: AUTH_MESSAGES.registerSuccessTitle,
        description: AUTH_MESSAGES.registerSuccess,
        variant: "success",
        duration: 5_000,
      });
      setRegisteredEmail(values.email);
      form.reset(EMPTY);
    } catch (error) {
      if (!isApiError(error)) {
        toast({ title: "Error Inesperado", description: PAGE_ERROR_MESSAGES.INTERNAL, variant: "error" });
        return;
      }
      for (const [name, message] of Object.entries(error.fields ?? {})) {
        if (FIELD_NAMES.has(name)) form.setError(name as keyof RegisterFormValues, { message });
      }
      setServerError(error.message);
    }
  };

  const onInvalid = (invalid: FieldErrors<RegisterFormValues>) => {
    // Spec 1 §5 names this one: a bad address gets a 'Correo Inválido' toast besides the inline message.
    if (invalid.email && !invalid.fullName) {
      toast({
        id: "register-invalid",
        title: AUTH_MESSAGES.invalidEmailTitle,
        description: AUTH_MESSAGES.invalidEmail,
        variant: "error",
      });
    }
  };

  return { form, serverError, registeredEmail, setRegisteredEmail, onValid, onInvalid };
}

function RegisterConsent() {
  return (
    <p className="text-xs leading-relaxed text-muted">
      Al registrarte confirmas que eres mayor de 18 años, resides en Venezuela y aceptas los{" "}
      <Link to={paths.terms} className={linkClasses}>
        Términos y Condiciones
      </Link>{" "}
      y la{" "}
      <Link to={paths.privacy} className={linkClasses}>
        Política de Privacidad
      </Link>
      .
    </p>
  );
}

export function RegisterForm() {
  const location = useLocation();
  const { form, serverError, registeredEmail, setRegisteredEmail, onValid, onInvalid } = useRegister();
  const { errors, isSubmitting } = form.formState;
  const [password, email, fullName] = form.watch(["password", "email", "fullName"]);
  const strength = usePasswordStrength(password, [email, fullName]);

  // Once registered, the form has done its job: what shows is where the link went and what comes next.
  if (registeredEmail)
    return <RegisteredNotice email={registeredEmail} onRestart={() => setRegisteredEmail(undefined)} />;

  return (
    <form onSubmit={form.handleSubmit(onValid, onInvalid)} noValidate className="space-y-5">
      {serverError ? (
        <Alert variant="danger" title="No pudimos completar el registro">
          {serverError}
        </Alert>
      ) : null}

      <FormField id="register-name" label="Nombre completo" error={errors.fullName?.message}>
        {(control) => (
          <Input autoComplete="name" placeholder="María Pérez" {...control} {...form.register("fullName")} />
        )}
      </FormField>

      <FormField id="register-email" label="Correo electrónico" error={errors.email?.message}>
        {(control) => <EmailInput {...control} {...form.register("email")} />}
      </FormField>

      <FormField
        id="register-phone"
        label="Teléfono celular"
        error={errors.phone?.message}
        hint={
          errors.phone
            ? undefined
            : "Para contactarte por WhatsApp sobre tus compras y devolverte un pago si una rifa se cancela."
        }
      >
        {(control) => <PhoneInput {...control} {...form.register("phone")} />}
      </FormField>

      <div className="grid gap-5 sm:grid-cols-2">
        <NewPasswordPair
          idPrefix="register"
          label="Contraseña"
          strength={strength}
          password={{ error: errors.password?.message, registration: form.register("password") }}
          confirm={{ error: errors.confirmPassword?.message, registration: form.register("confirmPassword") }}
        />
      </div>

      <RegisterConsent />

      <Button
        type="submit"
        size="lg"
        className="w-full"
        loading={isSubmitting}
        loadingText="Creando tu cuenta..."
      >
        Crear Cuenta
      </Button>

      <p className="text-center text-sm text-muted">
        ¿Ya tienes una cuenta?{" "}
        <Link to={paths.login} state={carriedReturn(location)} className={linkClasses}>
          Inicia sesión
        </Link>
      </p>
    </form>
  );
}

/** After registering: the address the confirmation link went to, the steps left, and ways on. */
function RegisteredNotice({ email, onRestart }: { email: string; onRestart: () => void }) {
  const location = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  // The submit button that had the focus is gone with the form: the focus goes to the news instead.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="register-done-title" className="space-y-5">
      <Alert variant="success">
        <h2
          id="register-done-title"
          ref={heading}
          tabIndex={-1}
          className="text-base font-bold text-success-700 focus:outline-none"
        >
          ¡Ya casi terminas!
        </h2>
        <p className="mt-1">
          Te enviamos un enlace de confirmación a <strong className="wrap-anywhere">{email}</strong>.
        </p>
      </Alert>
      <div className="space-y-2 text-sm">
        <p className="font-semibold text-ink">Qué sigue:</p>
        <ol className="list-decimal space-y-1.5 pl-5 text-muted">
          <li>Abre el correo de Rifazo (si no lo ves, revisa la carpeta de spam o promociones).</li>
          <li>Pulsa el enlace para confirmar tu cuenta.</li>
          <li>Inicia sesión con tu correo y tu contraseña.</li>
        </ol>
      </div>
      <Link
        to={paths.login}
        state={carriedReturn(location)}
        className={buttonClasses({ size: "lg", className: "w-full" })}
      >
        Ir a Iniciar Sesión
      </Link>
      <div className="flex flex-col items-center gap-2 border-t border-line pt-4 text-center text-sm text-muted">
        <p>¿No te llegó el correo?</p>
        <ResendVerificationButton variant="outline" getEmail={() => email} />
        <Button variant="link" size="sm" onClick={onRestart}>
          Registrarme con otro correo
        </Button>
      </div>
    </section>
  );
}
