import { zodResolver } from "@hookform/resolvers/zod";
import { formatEsNumber } from "@rifazo/shared/domain/money";
import {
  COMMISSION_KIND_LABELS,
  COMMISSION_KINDS,
  type CommissionKind,
  type SellerAssignmentInput,
  sellerAssignmentInputSchema,
} from "@rifazo/shared/schemas/sellers";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Controller, type Resolver, type UseFormReturn, useForm, useWatch } from "react-hook-form";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/field";
import { Label } from "../../../components/ui/label";
import { MoneyInput } from "../../../components/ui/money-input";
import { Switch } from "../../../components/ui/switch";
import { toast } from "../../../components/ui/toast";
import { errorMessage, isApiError } from "../../../lib/api-client";
import { formatMoney } from "../../../lib/format";
import { commissionText } from "../../sellers";
import { type AdminSeller, saveAssignment, sellerKeys } from "../api/sellers-api";
import { ChoiceFieldset } from "../raffles/choice-radio";
import { RaffleStatusBadge } from "../shared/raffle-status";

/** A raffle the vendedor may be allowed to sell: upcoming or active (docs/decisions/0034-vendedores.md). */
export interface AssignableRaffle {
  id: string;
  title: string;
  status: string;
  currency: "USD" | "VES";
  ticketPrice: number;
}

type AssignmentValues = {
  allowed: boolean;
  commissionKind: CommissionKind;
  commissionValue: string;
  creditLimit: string;
};
type AssignmentOutput = ReturnType<typeof sellerAssignmentInputSchema.parse>;

// The form holds text; the schema also takes numbers (its input type), so the types differ only there.
const assignmentResolver = zodResolver(sellerAssignmentInputSchema) as unknown as Resolver<
  AssignmentValues,
  unknown,
  AssignmentOutput
>;

const KIND_OPTIONS = COMMISSION_KINDS.map((value) => ({ value, label: COMMISSION_KIND_LABELS[value] }));

function valuesOf(assignment: AdminSeller["raffles"][number] | undefined): AssignmentValues {
  return assignment
    ? {
        allowed: assignment.allowed,
        commissionKind: assignment.commissionKind,
        commissionValue: formatEsNumber(assignment.commissionValue, 2),
        creditLimit: formatEsNumber(assignment.creditLimit, 2),
      }
    : { allowed: false, commissionKind: "percent", commissionValue: "", creditLimit: "" };
}

/** The form of one raffle and its saving; the server's field messages go beside their fields. */
function useAssignmentForm(seller: AdminSeller, raffle: AssignableRaffle) {
  const queryClient = useQueryClient();
  const assignment = seller.raffles.find((item) => item.raffleId === raffle.id);
  const form = useForm<AssignmentValues, unknown, AssignmentOutput>({
    resolver: assignmentResolver,
    values: valuesOf(assignment),
  });
  const save = useMutation({
    mutationFn: (body: SellerAssignmentInput) => saveAssignment(seller.id, raffle.id, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(sellerKeys.one(seller.id), saved);
      void queryClient.invalidateQueries({ queryKey: sellerKeys.all(), exact: true });
      toast({
        title: "Rifa actualizada",
        description: `${raffle.title}: cambios guardados.`,
        variant: "success",
      });
    },
    onError: (error) => {
      for (const [name, message] of Object.entries(isApiError(error) ? (error.fields ?? {}) : {})) {
        if (name in form.getValues()) form.setError(name as keyof AssignmentValues, { message });
      }
      toast({ title: "No se pudo guardar", description: errorMessage(error), variant: "error" });
    },
  });
  // The typed text, not the parsed numbers: the API reads it with the same es-VE parser.
  const onSubmit = form.handleSubmit(() => save.mutateAsync(form.getValues()).catch(() => undefined));
  return { assignment, form, save, onSubmit };
}

/**
 * Whether the vendedor may sell one raffle, for what commission and holding how much cash. The amounts go
 * to the API as typed, es-VE ("1.194,56"), checked first with the schema the API parses them with.
 */
export function AssignmentForm({ seller, raffle }: { seller: AdminSeller; raffle: AssignableRaffle }) {
  const { assignment, form, save, onSubmit } = useAssignmentForm(seller, raffle);
  const id = (field: string) => `assignment-${raffle.id}-${field}`;
  return (
    <form
      noValidate
      aria-labelledby={id("title")}
      className="space-y-4 rounded-card border border-line p-4"
      onSubmit={onSubmit}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 space-y-1">
          <h3 id={id("title")} className="font-bold text-ink [overflow-wrap:anywhere]">
            {raffle.title}
          </h3>
          <p className="text-sm text-muted">
            Boleto a {formatMoney(raffle.ticketPrice, raffle.currency)}
            {assignment?.allowed
              ? ` · Ahora: ${commissionText(assignment.commissionKind, assignment.commissionValue, raffle.currency)}, límite ${formatMoney(assignment.creditLimit, raffle.currency)}`
              : null}
            {assignment && assignment.commissionOwed !== 0
              ? ` · Comisión por pagar: ${formatMoney(assignment.commissionOwed, raffle.currency)}`
              : null}
            {assignment && assignment.cashHeld !== 0
              ? ` · Efectivo por entregar: ${formatMoney(assignment.cashHeld, raffle.currency)}`
              : null}
          </p>
        </div>
        <RaffleStatusBadge status={raffle.status} />
      </div>
      <AssignmentFields form={form} raffle={raffle} id={id} />
      <div className="flex justify-end">
        <Button
          type="submit"
          size="sm"
          loading={save.isPending}
          loadingText="Guardando..."
          disabled={!form.formState.isDirty && !!assignment}
        >
          Guardar
        </Button>
      </div>
    </form>
  );
}

function AssignmentFields({
  form,
  raffle,
  id,
}: {
  form: UseFormReturn<AssignmentValues, unknown, AssignmentOutput>;
  raffle: AssignableRaffle;
  id: (field: string) => string;
}) {
  const { errors } = form.formState;
  const kind = useWatch({ control: form.control, name: "commissionKind" });
  const currencySymbol = raffle.currency === "USD" ? "US$" : "Bs.";
  return (
    <>
      <Controller
        control={form.control}
        name="allowed"
        render={({ field }) => (
          <div className="flex items-center gap-3">
            <Switch id={id("allowed")} checked={field.value} onCheckedChange={field.onChange} />
            <Label htmlFor={id("allowed")}>Puede vender esta rifa</Label>
          </div>
        )}
      />
      <ChoiceFieldset
        legend="Comisión"
        name={id("kind")}
        options={KIND_OPTIONS}
        value={kind}
        onSelect={(value) => form.setValue("commissionKind", value, { shouldDirty: true })}
        gridClassName="grid grid-cols-2 gap-2 sm:max-w-sm"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id={id("value")}
          label={kind === "percent" ? "Comisión (%)" : `Comisión por boleto (${currencySymbol})`}
          error={errors.commissionValue?.message}
        >
          {(control) => (
            <MoneyInput
              placeholder={kind === "percent" ? "10" : "1,00"}
              {...control}
              {...form.register("commissionValue")}
            />
          )}
        </FormField>
        <FormField
          id={id("limit")}
          label={`Límite de efectivo (${currencySymbol})`}
          hint="Lo más que puede tener cobrado sin liquidar."
          error={errors.creditLimit?.message}
        >
          {(control) => <MoneyInput placeholder="1.000,00" {...control} {...form.register("creditLimit")} />}
        </FormField>
      </div>
    </>
  );
}
