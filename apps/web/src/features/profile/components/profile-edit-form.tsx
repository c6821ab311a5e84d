import { zodResolver } from "@hookform/resolvers/zod";
import type { SessionUser } from "@rifazo/shared/schemas/auth";
import {
  formatVenezuelanPhone,
  PROFILE_LIMITS,
  PROFILE_MESSAGES,
  type UpdateProfileInput,
  updateProfileSchema,
} from "@rifazo/shared/schemas/profile";
import { useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { PhoneInput } from "../../../components/ui/phone-input";
import { toast } from "../../../components/ui/toast";
import { errorMessage, isApiError } from "../../../lib/api-client";
import { sessionQueryKey } from "../../auth";
import { updateProfile } from "../api/profile-api";

type ParsedValues = { fullName: string; phone?: string | null };

export const PHONE_HINT = "Formato venezolano: 0414-1234567 (celular) o 0212-1234567 (fijo).";

/** Edit mode of Mi Perfil: full name and phone; the email is shown but cannot change (spec 1 §5). */
export function ProfileEditForm({ user, onDone }: { user: SessionUser; onDone: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm<UpdateProfileInput, unknown, ParsedValues>({
    resolver: zodResolver(updateProfileSchema),
    defaultValues: { fullName: user.fullName, phone: formatVenezuelanPhone(user.phone) },
  });
  const { errors, isSubmitting } = form.formState;

  const onValid = async (values: ParsedValues) => {
    try {
      const updated = await updateProfile({ fullName: values.fullName, phone: values.phone ?? null });
      queryClient.setQueryData(sessionQueryKey, updated);
      toast({
        title: PROFILE_MESSAGES.updatedTitle,
        description: PROFILE_MESSAGES.updated,
        variant: "success",
      });
      onDone();
    } catch (error) {
      if (isApiError(error) && error.fields) {
        for (const name of ["fullName", "phone"] as const) {
          const message = error.fields[name];
          if (message) form.setError(name, { message });
        }
      }
      toast({ title: PROFILE_MESSAGES.updateErrorTitle, description: errorMessage(error), variant: "error" });
    }
  };

  return (
    <form onSubmit={form.handleSubmit(onValid)} noValidate className="space-y-5">
      <FormField id="profile-full-name" label="Nombre completo" error={errors.fullName?.message}>
        {(control) => (
          <Input
            autoComplete="name"
            maxLength={PROFILE_LIMITS.fullName}
            {...control}
            {...form.register("fullName")}
          />
        )}
      </FormField>
      <FormField id="profile-phone" label="Teléfono" hint={PHONE_HINT} error={errors.phone?.message}>
        {(control) => <PhoneInput autoComplete="tel" {...control} {...form.register("phone")} />}
      </FormField>
      <FormField id="profile-email" label="Correo electrónico" hint={PROFILE_MESSAGES.emailReadOnly}>
        {(control) => <Input type="email" value={user.email} readOnly {...control} />}
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone} disabled={isSubmitting}>
          Cancelar
        </Button>
        <Button type="submit" loading={isSubmitting} loadingText="Guardando...">
          Guardar Cambios
        </Button>
      </div>
    </form>
  );
}
