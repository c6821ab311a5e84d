import { buyerPhoneSchema, MOBILE_PHONE_MESSAGES } from "@rifazo/shared/schemas/profile";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/field";
import { PhoneInput } from "../../../components/ui/phone-input";
import { isApiError } from "../../../lib/api-client";
import { sessionQueryKey, useSession } from "../../auth";
import { updateProfile } from "../api/profile-api";

/**
 * Asked inline when a purchase is refused for want of a mobile: saves it to the profile (the shared rule,
 * a Venezuelan 04XX number) and then lets the purchase go on with `onSaved`.
 */
export function BuyerPhonePrompt({ onSaved }: { onSaved: () => void }) {
  const { user } = useSession();
  const id = useId();
  const queryClient = useQueryClient();
  const [phone, setPhone] = useState("");
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const parsed = buyerPhoneSchema.safeParse({ phone });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? MOBILE_PHONE_MESSAGES.invalid);
      return;
    }
    if (!user) return;
    setSaving(true);
    try {
      const updated = await updateProfile({ fullName: user.fullName, phone: parsed.data.phone });
      queryClient.setQueryData(sessionQueryKey, updated);
      setError(undefined);
      onSaved();
    } catch (failure) {
      setError(
        isApiError(failure) ? (failure.fields?.phone ?? failure.message) : MOBILE_PHONE_MESSAGES.invalid,
      );
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Agrega tu teléfono celular"
      className="space-y-3 rounded-card border border-warning-700/20 bg-warning-50 p-4 text-sm"
    >
      <p className="text-warning-700">
        <span className="font-bold">Antes de comprar, agrega tu teléfono celular. </span>
        El organizador lo usa para contactarte por WhatsApp y devolverte un pago si la rifa se cancela.
      </p>
      <FormField id={`${id}-phone`} label="Teléfono celular" error={error}>
        {(control) => (
          <PhoneInput value={phone} onChange={(event) => setPhone(event.target.value)} {...control} />
        )}
      </FormField>
      <Button type="submit" size="sm" loading={saving} loadingText="Guardando...">
        Guardar y continuar
      </Button>
    </form>
  );
}
