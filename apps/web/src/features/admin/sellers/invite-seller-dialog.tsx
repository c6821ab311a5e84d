import { zodResolver } from "@hookform/resolvers/zod";
import { SELLER_LIMITS, SELLER_MESSAGES, sellerInviteInputSchema } from "@rifazo/shared/schemas/sellers";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { DialogFooter } from "../../../components/ui/dialog";
import { EmailInput } from "../../../components/ui/email-input";
import { FormField } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { PhoneInput } from "../../../components/ui/phone-input";
import { errorMessage, isApiError } from "../../../lib/api-client";
import { inviteSeller, type SellerInvitation, sellerKeys } from "../api/sellers-api";
import { AdminDialog } from "../shared/admin-dialog";
import { InvitationLinkPanel } from "./invitation-link-panel";

type InviteValues = { name: string; email: string; phone: string };
type InviteBody = ReturnType<typeof sellerInviteInputSchema.parse>;

const EMPTY: InviteValues = { name: "", email: "", phone: "" };

const schemaResolver = zodResolver(sellerInviteInputSchema) as unknown as Resolver<
  InviteValues,
  unknown,
  InviteBody
>;

/** The schema asks for "correo o celular" only once the other fields pass: here it is said with them. */
const inviteResolver: Resolver<InviteValues, unknown, InviteBody> = async (values, context, options) => {
  const result = await schemaResolver(values, context, options);
  const failed = Object.keys(result.errors).length > 0;
  if (failed && !values.email.trim() && !values.phone.trim() && !result.errors.email) {
    return {
      values: {},
      errors: { ...result.errors, email: { type: "custom", message: SELLER_MESSAGES.contact } },
    };
  }
  return result;
};

/** The server's 409 names the contact already taken: shown beside that field. */
function takenField(message: string): keyof InviteValues | null {
  if (message === SELLER_MESSAGES.emailTaken) return "email";
  if (message === SELLER_MESSAGES.phoneTaken) return "phone";
  return null;
}

/** The invitation form and its sending; a contact already taken is said beside its field. */
function useInviteForm(onInvited: (made: SellerInvitation) => void) {
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<InviteValues, unknown, InviteBody>({
    resolver: inviteResolver,
    defaultValues: EMPTY,
  });

  const onValid = async (body: InviteBody) => {
    setFormError(null);
    try {
      const made = await inviteSeller(body);
      onInvited(made);
      void queryClient.invalidateQueries({ queryKey: sellerKeys.all() });
    } catch (error) {
      const field = isApiError(error) ? takenField(error.message) : null;
      if (field) form.setError(field, { message: errorMessage(error) }, { shouldFocus: true });
      else setFormError(errorMessage(error));
      for (const [name, message] of Object.entries(isApiError(error) ? (error.fields ?? {}) : {})) {
        if (name in EMPTY) form.setError(name as keyof InviteValues, { message });
      }
    }
  };
  const reset = () => {
    setFormError(null);
    form.reset(EMPTY);
  };
  return { form, formError, onSubmit: form.handleSubmit(onValid), reset };
}

/** "Invitar vendedor": name and email or celular; then the link, shown once. */
export function InviteSellerDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [invitation, setInvitation] = useState<SellerInvitation | null>(null);
  const invite = useInviteForm(setInvitation);
  const change = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      // The link is not kept once the dialog closes: it was shown once.
      setInvitation(null);
      invite.reset();
    }
  };

  return (
    <AdminDialog
      open={open}
      onOpenChange={change}
      title={invitation ? "Invitación lista" : "Invitar vendedor"}
      description={
        invitation
          ? `${invitation.seller.name} podrá vender las rifas que le asignes cuando acepte.`
          : "Escribe su nombre y su correo o su celular. Recibirás un enlace para enviarle."
      }
    >
      {invitation ? (
        <>
          <InvitationLinkPanel invitation={invitation} />
          <DialogFooter>
            <Button onClick={() => change(false)}>Listo</Button>
          </DialogFooter>
        </>
      ) : (
        <InviteForm {...invite} onCancel={() => change(false)} />
      )}
    </AdminDialog>
  );
}

function InviteForm({
  form,
  formError,
  onSubmit,
  onCancel,
}: Omit<ReturnType<typeof useInviteForm>, "reset"> & { onCancel: () => void }) {
  const { errors, isSubmitting } = form.formState;
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Invitar vendedor">
      {formError ? (
        <Alert variant="danger" title="No se pudo invitar">
          {formError}
        </Alert>
      ) : null}
      <FormField id="seller-name" label="Nombre" error={errors.name?.message}>
        {(control) => (
          <Input autoComplete="off" maxLength={SELLER_LIMITS.name} {...control} {...form.register("name")} />
        )}
      </FormField>
      <FormField id="seller-email" label="Correo (opcional si das el celular)" error={errors.email?.message}>
        {(control) => (
          <EmailInput
            autoComplete="off"
            placeholder="nombre@correo.com"
            {...control}
            {...form.register("email")}
          />
        )}
      </FormField>
      <FormField
        id="seller-phone"
        label="Celular (opcional si das el correo)"
        hint="Con celular podrás enviarle el enlace por WhatsApp."
        error={errors.phone?.message}
      >
        {(control) => <PhoneInput autoComplete="off" {...control} {...form.register("phone")} />}
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancelar
        </Button>
        <Button type="submit" loading={isSubmitting} loadingText="Invitando...">
          Invitar
        </Button>
      </DialogFooter>
    </form>
  );
}
