import { zodResolver } from "@hookform/resolvers/zod";
import {
  CURRENCIES,
  DEFAULT_TOTAL_TICKETS,
  EXTERNAL_PLATFORMS,
  RAFFLE_STATUS_LABELS,
  RAFFLE_STATUSES,
} from "@rifazo/shared/constants";
import { defaultTicketCap } from "@rifazo/shared/domain/purchase-limits";
import {
  ADMIN_MESSAGES,
  type AdminRaffle,
  RAFFLE_FORM_LABELS,
  type RaffleForm,
  raffleFormErrorSummary,
  raffleFormSchema,
} from "@rifazo/shared/schemas/admin";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import {
  Controller,
  type FieldErrors,
  type FieldPath,
  type Resolver,
  useFieldArray,
  useForm,
} from "react-hook-form";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { Field } from "../../../components/ui/field";
import { Input, inputClasses } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { Select } from "../../../components/ui/select";
import { Switch } from "../../../components/ui/switch";
import { toast } from "../../../components/ui/toast";
import { errorMessage, isApiError } from "../../../lib/api-client";
import { cn } from "../../../lib/cn";
import { adminKeys, createRaffle, updateRaffle, uploadImage } from "../api/admin-api";
import { GalleryDialog } from "./gallery-dialog";
import { checkImageFile, imageVariant } from "./image-file";
import { ImageUploadButton } from "./image-upload-button";
import {
  changedFields,
  emptyPrizeLevel,
  newRaffleValues,
  type RaffleFormValues,
  raffleValues,
} from "./raffle-form-values";

const CREATED_TOAST_MS = 6_000;

// The shared schema reads loosely typed input (text numbers included), so the form's all-text values fit it.
const resolver = zodResolver(raffleFormSchema) as unknown as Resolver<RaffleFormValues, unknown, RaffleForm>;

const STATUS_OPTIONS = RAFFLE_STATUSES.map((status) => ({
  value: status,
  label: RAFFLE_STATUS_LABELS[status],
}));
const CURRENCY_OPTIONS = CURRENCIES.map((currency) => ({
  value: currency,
  label: currency === "USD" ? "USD (dólares)" : "VES (bolívares)",
}));
const PLATFORM_OPTIONS = EXTERNAL_PLATFORMS.map((platform) => ({ value: platform, label: platform }));

interface RaffleFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** null: create a new raffle. */
  raffle: AdminRaffle | null;
}

/** Spec 2 §2 "Raffle form": create or edit, validated by the same raffleFormSchema as the API. */
export function RaffleFormDialog({ open, onOpenChange, raffle }: RaffleFormDialogProps) {
  const editing = raffle !== null;
  const queryClient = useQueryClient();
  const [galleryOpen, setGalleryOpen] = useState(false);
  const [levelsError, setLevelsError] = useState<string>();

  const form = useForm<RaffleFormValues, unknown, RaffleForm>({
    resolver,
    defaultValues: raffle ? raffleValues(raffle) : newRaffleValues(),
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const { register, control, formState, setValue, watch, getValues } = form;
  const { errors } = formState;
  const levels = useFieldArray({ control, name: "prizeLevels" });
  const activationType = watch("activationType");
  const announcementType = watch("announcementType");
  const prizeImage = watch("prizeImage");
  const totalTickets = watch("totalTickets");
  const locked = Boolean(raffle?.hasSales);

  const save = useMutation({
    mutationFn: (values: RaffleForm) =>
      raffle ? updateRaffle(raffle.id, patchBody(raffle, values)) : createRaffle(values),
    onSuccess: (saved) => {
      queryClient.setQueryData<{ items: AdminRaffle[] }>(adminKeys.raffles(), (old) => {
        if (!old) return old;
        const rest = old.items.filter((r) => r.id !== saved.id);
        return { items: [saved, ...rest] };
      });
      queryClient.setQueryData(adminKeys.raffle(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
      if (editing) {
        toast({
          title: "Rifa Actualizada",
          description: `Se guardaron los cambios de "${saved.title}".`,
          variant: "success",
        });
      } else {
        toast({
          title: "Rifa Creada",
          description: ADMIN_MESSAGES.raffleCreated,
          variant: "success",
          duration: CREATED_TOAST_MS,
        });
      }
      onOpenChange(false);
    },
    onError: (error) => {
      // Field messages from the server land on their inputs too.
      if (isApiError(error) && error.fields) {
        for (const [path, message] of Object.entries(error.fields)) {
          form.setError(path as FieldPath<RaffleFormValues>, { type: "server", message });
        }
      }
      toast({
        title: editing ? "Error al Actualizar Rifa" : "Error al Crear Rifa",
        description: errorMessage(error),
        variant: "error",
      });
    },
  });

  const upload = useMutation({
    mutationFn: (file: File) => uploadImage(file, "prizes"),
    onSuccess: (image) => {
      setValue("prizeImage", image.url, { shouldDirty: true, shouldValidate: formState.isSubmitted });
      if (!getValues("imageAlt").trim() && getValues("title").trim())
        setValue("imageAlt", getValues("title"));
      toast({ title: "Imagen subida", description: "La imagen del premio está lista.", variant: "success" });
    },
    onError: (error) =>
      toast({
        // 503: the server cannot store files right now (storage not configured or unavailable).
        title: isApiError(error) && error.status === 503 ? "Error de Configuración" : "Error de Subida",
        description: errorMessage(error),
        variant: "error",
      }),
  });

  const pickFile = (file: File | undefined) => {
    if (!file) return;
    const check = checkImageFile(file);
    if (!check.ok) {
      toast({ title: check.title, description: check.message, variant: "error" });
      return;
    }
    upload.mutate(file);
  };

  const onValid = (values: RaffleForm) => {
    setLevelsError(undefined);
    if (raffle && Object.keys(patchBody(raffle, values)).length === 0) {
      toast({ title: "Sin cambios", description: "No modificaste ningún dato de la rifa.", variant: "info" });
      onOpenChange(false);
      return;
    }
    save.mutate(values);
  };

  const onInvalid = (_errors: FieldErrors<RaffleFormValues>) => {
    // Same schema again for the spec's summary: "Por favor, completa o corrige: {list}."
    const result = raffleFormSchema.safeParse(getValues());
    if (result.success) return;
    const summary = raffleFormErrorSummary(result.error);
    setLevelsError(summary.fields.prizeLevels);
    toast({
      id: "raffle-form-invalid",
      title: summary.title,
      description: summary.message,
      variant: "error",
    });
  };

  const switchActivation = (next: "date" | "percentage") => {
    setValue("activationType", next, { shouldDirty: true });
    // Spec 2 §4: switching clears the other field.
    if (next === "percentage") setValue("endDate", "");
    else setValue("activationPercentage", "");
    form.clearErrors(["endDate", "activationPercentage"]);
  };

  const removeLevel = (index: number) => {
    if (levels.fields.length <= 1) {
      toast({ title: "Niveles de Premio", description: ADMIN_MESSAGES.atLeastOneLevel, variant: "error" });
      setLevelsError(ADMIN_MESSAGES.atLeastOneLevel);
      return;
    }
    levels.remove(index);
  };

  const levelError = (index: number, field: "description" | "winnerCount" | "prizeValue") =>
    errors.prizeLevels?.[index]?.[field]?.message;

  return (
    <Dialog open={open} onOpenChange={(next) => (save.isPending ? undefined : onOpenChange(next))}>
      <DialogContent
        size="lg"
        // A stray click outside must not throw away a half-filled form; Escape and the buttons still close it.
        onInteractOutside={(event) => event.preventDefault()}
      >
        <DialogHeader>
          <DialogTitle>{editing ? "Editar Rifa" : "Crear Rifa"}</DialogTitle>
          <DialogDescription>
            {editing
              ? "Modifica los datos de la rifa. Los campos marcados con * son obligatorios."
              : "Completa los datos de la nueva rifa. Los campos marcados con * son obligatorios."}
          </DialogDescription>
        </DialogHeader>

        <form noValidate onSubmit={form.handleSubmit(onValid, onInvalid)} className="space-y-6">
          {locked ? (
            <Alert variant="warning" title="Rifa con ventas">
              {ADMIN_MESSAGES.saleLocked}
            </Alert>
          ) : null}

          <section className="space-y-4" aria-labelledby="raffle-form-general">
            <h3 id="raffle-form-general" className="text-sm font-bold tracking-wide text-brand-800 uppercase">
              Datos generales
            </h3>
            <Field id="raffle-title" label={`${RAFFLE_FORM_LABELS.title} *`} error={errors.title?.message}>
              {(describedBy) => (
                <Input
                  id="raffle-title"
                  autoComplete="off"
                  aria-invalid={Boolean(errors.title)}
                  aria-describedby={describedBy}
                  {...register("title")}
                />
              )}
            </Field>
            <Field
              id="raffle-description"
              label={RAFFLE_FORM_LABELS.description}
              error={errors.description?.message}
              hint="Si la dejas vacía se usa la descripción del primer premio."
            >
              {(describedBy) => (
                <textarea
                  id="raffle-description"
                  rows={3}
                  className={cn(inputClasses, "h-auto py-2")}
                  aria-invalid={Boolean(errors.description)}
                  aria-describedby={describedBy}
                  {...register("description")}
                />
              )}
            </Field>

            <fieldset className="space-y-2">
              <legend className="text-sm font-semibold text-ink">{RAFFLE_FORM_LABELS.prizeImage}</legend>
              <div className="flex items-start gap-3">
                <div className="flex aspect-[4/3] w-28 shrink-0 items-center justify-center overflow-hidden rounded-control border border-line bg-brand-50 sm:w-40">
                  {prizeImage ? (
                    <img
                      src={imageVariant(prizeImage, 320)}
                      alt="Vista previa de la imagen del premio"
                      className="size-full object-cover"
                    />
                  ) : (
                    <span className="px-2 text-center text-xs text-muted">Sin imagen</span>
                  )}
                </div>
                <div className="flex min-w-0 flex-col items-start gap-2 sm:flex-row sm:flex-wrap">
                  <ImageUploadButton uploading={upload.isPending} onFile={pickFile}>
                    Subir imagen
                  </ImageUploadButton>
                  <Button variant="outline" size="sm" onClick={() => setGalleryOpen(true)}>
                    Elegir de la galería
                  </Button>
                  {prizeImage ? (
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => setValue("prizeImage", null, { shouldDirty: true })}
                    >
                      Quitar imagen
                    </Button>
                  ) : null}
                </div>
              </div>
              {errors.prizeImage?.message ? (
                <p className="text-sm font-medium text-danger-700">{errors.prizeImage.message}</p>
              ) : null}
            </fieldset>
            <Field
              id="raffle-imagealt"
              label={RAFFLE_FORM_LABELS.imageAlt}
              error={errors.imageAlt?.message}
              hint="Describe la imagen para quien no puede verla. Si lo dejas vacío se usa el nombre."
            >
              {(describedBy) => (
                <Input
                  id="raffle-imagealt"
                  autoComplete="off"
                  aria-invalid={Boolean(errors.imageAlt)}
                  aria-describedby={describedBy}
                  {...register("imageAlt")}
                />
              )}
            </Field>
          </section>

          <section className="space-y-4" aria-labelledby="raffle-form-sale">
            <h3 id="raffle-form-sale" className="text-sm font-bold tracking-wide text-brand-800 uppercase">
              Venta
            </h3>
            <div className="grid gap-4 sm:grid-cols-3">
              <Field id="raffle-price" label={`${RAFFLE_FORM_LABELS.price} *`} error={errors.price?.message}>
                {(describedBy) => (
                  <Input
                    id="raffle-price"
                    type="number"
                    inputMode="decimal"
                    min="0.01"
                    step="0.01"
                    aria-invalid={Boolean(errors.price)}
                    aria-describedby={describedBy}
                    {...(locked ? { disabled: true, value: getValues("price") } : register("price"))}
                  />
                )}
              </Field>
              <Field
                id="raffle-currency"
                label={`${RAFFLE_FORM_LABELS.currency} *`}
                error={errors.currency?.message}
              >
                {(describedBy) => (
                  <Controller
                    control={control}
                    name="currency"
                    render={({ field }) => (
                      <Select
                        id="raffle-currency"
                        options={CURRENCY_OPTIONS}
                        value={field.value}
                        onValueChange={(value) => field.onChange(value)}
                        disabled={locked}
                        aria-invalid={Boolean(errors.currency)}
                        aria-describedby={describedBy}
                      />
                    )}
                  />
                )}
              </Field>
              <Field
                id="raffle-total"
                label={`${RAFFLE_FORM_LABELS.totalTickets} *`}
                error={errors.totalTickets?.message}
                hint={editing ? ADMIN_MESSAGES.totalTicketsLocked : "Entre 1 y 10000."}
              >
                {(describedBy) => (
                  <Input
                    id="raffle-total"
                    type="number"
                    inputMode="numeric"
                    min="1"
                    max="10000"
                    step="1"
                    aria-invalid={Boolean(errors.totalTickets)}
                    aria-describedby={describedBy}
                    // Shown but not registered while editing: a disabled registered input would drop its value.
                    {...(editing
                      ? { disabled: true, value: getValues("totalTickets") }
                      : register("totalTickets"))}
                  />
                )}
              </Field>
              <Field
                id="raffle-max-per-buyer"
                label={RAFFLE_FORM_LABELS.maxTicketsPerBuyer}
                error={errors.maxTicketsPerBuyer?.message}
                hint={`Boletos en revisión más aprobados de cada comprador. Vacío: ${defaultTicketCap(
                  Number(totalTickets) || DEFAULT_TOTAL_TICKETS,
                )} (10 % del total).`}
              >
                {(describedBy) => (
                  <Input
                    id="raffle-max-per-buyer"
                    type="number"
                    inputMode="numeric"
                    min="2"
                    step="1"
                    placeholder={String(defaultTicketCap(Number(totalTickets) || DEFAULT_TOTAL_TICKETS))}
                    aria-invalid={Boolean(errors.maxTicketsPerBuyer)}
                    aria-describedby={describedBy}
                    {...register("maxTicketsPerBuyer")}
                  />
                )}
              </Field>
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field id="raffle-status" label={RAFFLE_FORM_LABELS.status} error={errors.status?.message}>
                {(describedBy) => (
                  <Controller
                    control={control}
                    name="status"
                    render={({ field }) => (
                      <Select
                        id="raffle-status"
                        options={STATUS_OPTIONS}
                        value={field.value}
                        onValueChange={(value) => field.onChange(value)}
                        aria-describedby={describedBy}
                      />
                    )}
                  />
                )}
              </Field>
              <div className="flex items-center gap-3 sm:pt-7">
                <Controller
                  control={control}
                  name="isFeatured"
                  render={({ field }) => (
                    <Switch
                      id="raffle-featured"
                      checked={field.value}
                      onCheckedChange={(checked) => field.onChange(checked)}
                    />
                  )}
                />
                <Label htmlFor="raffle-featured">Rifa destacada (aparece en el inicio)</Label>
              </div>
            </div>
            <Field
              id="raffle-methods"
              label={RAFFLE_FORM_LABELS.paymentMethods}
              error={errors.paymentMethods?.message}
              hint="Separados por comas. Si lo dejas vacío: Pago Móvil, Zelle, Binance Pay."
            >
              {(describedBy) => (
                <Input
                  id="raffle-methods"
                  autoComplete="off"
                  aria-invalid={Boolean(errors.paymentMethods)}
                  aria-describedby={describedBy}
                  {...register("paymentMethods")}
                />
              )}
            </Field>
          </section>

          <section className="space-y-4" aria-labelledby="raffle-form-draw">
            <h3 id="raffle-form-draw" className="text-sm font-bold tracking-wide text-brand-800 uppercase">
              Sorteo
            </h3>
            <fieldset className="space-y-2" disabled={locked}>
              <legend className="text-sm font-semibold text-ink">{RAFFLE_FORM_LABELS.activationType}</legend>
              <div className="grid grid-cols-2 gap-2 sm:max-w-sm">
                <ChoiceRadio
                  name="activationType"
                  value="date"
                  label="Fecha"
                  checked={activationType === "date"}
                  onSelect={() => switchActivation("date")}
                />
                <ChoiceRadio
                  name="activationType"
                  value="percentage"
                  label="Porcentaje"
                  checked={activationType === "percentage"}
                  onSelect={() => switchActivation("percentage")}
                />
              </div>
            </fieldset>
            {activationType === "date" ? (
              <Field
                id="raffle-end-date"
                label={`${RAFFLE_FORM_LABELS.endDate} *`}
                error={errors.endDate?.message}
                hint={
                  locked
                    ? "Hora de Venezuela. Con ventas, la fecha solo puede posponerse."
                    : "Hora de Venezuela."
                }
              >
                {(describedBy) => (
                  <Input
                    id="raffle-end-date"
                    type="datetime-local"
                    className="block sm:max-w-xs"
                    aria-invalid={Boolean(errors.endDate)}
                    aria-describedby={describedBy}
                    {...register("endDate")}
                  />
                )}
              </Field>
            ) : (
              <Field
                id="raffle-percentage"
                label={`${RAFFLE_FORM_LABELS.activationPercentage} *`}
                error={errors.activationPercentage?.message}
                hint="Al llegar a este porcentaje de boletos vendidos empiezan las últimas 24 horas de venta."
              >
                {(describedBy) => (
                  <Input
                    id="raffle-percentage"
                    type="number"
                    inputMode="numeric"
                    min="1"
                    max="100"
                    step="1"
                    className="block sm:max-w-40"
                    aria-invalid={Boolean(errors.activationPercentage)}
                    aria-describedby={describedBy}
                    {...(locked
                      ? { disabled: true, value: getValues("activationPercentage") }
                      : register("activationPercentage"))}
                  />
                )}
              </Field>
            )}
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                id="raffle-start-date"
                label={`${RAFFLE_FORM_LABELS.startDate} (opcional)`}
                error={errors.startDate?.message}
                hint="Para rifas próximas: cuándo abre la venta (hora de Venezuela)."
              >
                {(describedBy) => (
                  <Input
                    id="raffle-start-date"
                    type="datetime-local"
                    aria-invalid={Boolean(errors.startDate)}
                    aria-describedby={describedBy}
                    {...register("startDate")}
                  />
                )}
              </Field>
              <Field
                id="raffle-teaser"
                label={RAFFLE_FORM_LABELS.daysUntilActivationTeaser}
                error={errors.daysUntilActivationTeaser?.message}
                hint="Días antes del inicio en que la rifa se anuncia como próxima."
              >
                {(describedBy) => (
                  <Input
                    id="raffle-teaser"
                    type="number"
                    inputMode="numeric"
                    min="0"
                    max="365"
                    step="1"
                    aria-invalid={Boolean(errors.daysUntilActivationTeaser)}
                    aria-describedby={describedBy}
                    {...register("daysUntilActivationTeaser")}
                  />
                )}
              </Field>
            </div>
          </section>

          <section className="space-y-3" aria-labelledby="raffle-form-levels">
            <div className="flex items-center justify-between gap-2">
              <h3
                id="raffle-form-levels"
                className="text-sm font-bold tracking-wide text-brand-800 uppercase"
              >
                {RAFFLE_FORM_LABELS.prizeLevels} *
              </h3>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => {
                  setLevelsError(undefined);
                  levels.append(emptyPrizeLevel(), { shouldFocus: true });
                }}
              >
                Añadir nivel
              </Button>
            </div>
            <ol className="space-y-3">
              {levels.fields.map((field, index) => (
                <li key={field.id} className="rounded-control border border-line bg-canvas/60 p-3">
                  <fieldset className="relative space-y-3">
                    <legend className="py-2 text-sm font-bold text-ink">Nivel {index + 1}</legend>
                    <Button
                      variant="ghost"
                      size="sm"
                      className="absolute -top-0.5 right-0"
                      onClick={() => removeLevel(index)}
                      aria-label={`Eliminar nivel ${index + 1}`}
                    >
                      <span className="text-danger-700">Eliminar</span>
                    </Button>
                    <Field
                      id={`level-${field.id}-description`}
                      label="Descripción del premio *"
                      error={levelError(index, "description")}
                    >
                      {(describedBy) => (
                        <Input
                          id={`level-${field.id}-description`}
                          autoComplete="off"
                          aria-invalid={Boolean(levelError(index, "description"))}
                          aria-describedby={describedBy}
                          {...register(`prizeLevels.${index}.description`)}
                        />
                      )}
                    </Field>
                    <div className="grid grid-cols-2 gap-3">
                      <Field
                        id={`level-${field.id}-count`}
                        label="Ganadores *"
                        error={levelError(index, "winnerCount")}
                      >
                        {(describedBy) => (
                          <Input
                            id={`level-${field.id}-count`}
                            type="number"
                            inputMode="numeric"
                            min="1"
                            step="1"
                            aria-invalid={Boolean(levelError(index, "winnerCount"))}
                            aria-describedby={describedBy}
                            {...register(`prizeLevels.${index}.winnerCount`)}
                          />
                        )}
                      </Field>
                      <Field
                        id={`level-${field.id}-value`}
                        label="Valor (opcional)"
                        error={levelError(index, "prizeValue")}
                      >
                        {(describedBy) => (
                          <Input
                            id={`level-${field.id}-value`}
                            type="number"
                            inputMode="decimal"
                            min="0"
                            step="0.01"
                            aria-invalid={Boolean(levelError(index, "prizeValue"))}
                            aria-describedby={describedBy}
                            {...register(`prizeLevels.${index}.prizeValue`)}
                          />
                        )}
                      </Field>
                    </div>
                  </fieldset>
                </li>
              ))}
            </ol>
            {levelsError ? (
              <p role="alert" className="text-sm font-medium text-danger-700">
                {levelsError}
              </p>
            ) : null}
          </section>

          <section className="space-y-4" aria-labelledby="raffle-form-announcement">
            <h3
              id="raffle-form-announcement"
              className="text-sm font-bold tracking-wide text-brand-800 uppercase"
            >
              Anuncio de ganadores
            </h3>
            <fieldset className="space-y-2">
              <legend className="text-sm font-semibold text-ink">
                {RAFFLE_FORM_LABELS.announcementType}
              </legend>
              <div className="grid grid-cols-2 gap-2 sm:max-w-sm">
                <ChoiceRadio
                  name="announcementType"
                  value="internal"
                  label="Interno"
                  checked={announcementType === "internal"}
                  onSelect={() => setValue("announcementType", "internal", { shouldDirty: true })}
                />
                <ChoiceRadio
                  name="announcementType"
                  value="external"
                  label="Externo"
                  checked={announcementType === "external"}
                  onSelect={() => setValue("announcementType", "external", { shouldDirty: true })}
                />
              </div>
            </fieldset>
            {announcementType === "external" ? (
              <div className="space-y-4 rounded-control border border-line bg-canvas/60 p-3">
                <Field
                  id="raffle-platform"
                  label={`${RAFFLE_FORM_LABELS.externalAnnouncementPlatform} *`}
                  error={errors.externalAnnouncementPlatform?.message}
                >
                  {(describedBy) => (
                    <Controller
                      control={control}
                      name="externalAnnouncementPlatform"
                      render={({ field }) => (
                        <Select
                          id="raffle-platform"
                          options={PLATFORM_OPTIONS}
                          placeholder="Selecciona la plataforma"
                          value={field.value}
                          onValueChange={(value) => field.onChange(value)}
                          aria-invalid={Boolean(errors.externalAnnouncementPlatform)}
                          aria-describedby={describedBy}
                        />
                      )}
                    />
                  )}
                </Field>
                <Field
                  id="raffle-details"
                  label={RAFFLE_FORM_LABELS.externalAnnouncementDetails}
                  error={errors.externalAnnouncementDetails?.message}
                >
                  {(describedBy) => (
                    <textarea
                      id="raffle-details"
                      rows={2}
                      className={cn(inputClasses, "h-auto py-2")}
                      aria-invalid={Boolean(errors.externalAnnouncementDetails)}
                      aria-describedby={describedBy}
                      {...register("externalAnnouncementDetails")}
                    />
                  )}
                </Field>
                <Field
                  id="raffle-url"
                  label={`${RAFFLE_FORM_LABELS.externalAnnouncementUrl} (opcional)`}
                  error={errors.externalAnnouncementUrl?.message}
                >
                  {(describedBy) => (
                    <Input
                      id="raffle-url"
                      type="url"
                      inputMode="url"
                      placeholder="https://"
                      aria-invalid={Boolean(errors.externalAnnouncementUrl)}
                      aria-describedby={describedBy}
                      {...register("externalAnnouncementUrl")}
                    />
                  )}
                </Field>
              </div>
            ) : null}
          </section>

          <DialogFooter className="sticky -bottom-6 z-10 -mx-6 -mb-6 flex-row! justify-end! border-t border-line bg-surface px-6 py-4">
            <Button variant="outline" disabled={save.isPending} onClick={() => onOpenChange(false)}>
              Cancelar
            </Button>
            <Button
              type="submit"
              loading={save.isPending}
              loadingText={editing ? "Guardando..." : "Creando..."}
            >
              {editing ? "Guardar Cambios" : "Crear Rifa"}
            </Button>
          </DialogFooter>
        </form>

        <GalleryDialog
          open={galleryOpen}
          onOpenChange={setGalleryOpen}
          current={prizeImage}
          onSelect={(image) => {
            setValue("prizeImage", image.url, { shouldDirty: true });
            if (!getValues("imageAlt").trim() && getValues("title").trim())
              setValue("imageAlt", getValues("title"));
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

/** PATCH body: only what changed against the raffle as the form first showed it (spec 2 §7 "changed fields"). */
function patchBody(raffle: AdminRaffle, values: RaffleForm): Partial<RaffleForm> {
  const original = raffleFormSchema.safeParse(raffleValues(raffle));
  // A stored raffle that today's rules reject (older data) is sent whole, so the server says what to fix.
  return original.success ? changedFields(original.data, values) : values;
}

interface ChoiceRadioProps {
  name: string;
  value: string;
  label: string;
  checked: boolean;
  onSelect: () => void;
}

/** A native radio drawn as a segmented button: arrow keys and screen readers work as usual. */
function ChoiceRadio({ name, value, label, checked, onSelect }: ChoiceRadioProps) {
  return (
    <label
      className={cn(
        "flex h-11 cursor-pointer items-center justify-center gap-2 rounded-control border px-3 text-sm font-semibold transition-colors",
        "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60",
        checked
          ? "border-brand-600 bg-brand-50 text-brand-900"
          : "border-line bg-surface text-muted hover:border-brand-300",
      )}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={onSelect}
        className="size-4 accent-brand-700"
      />
      {label}
    </label>
  );
}
