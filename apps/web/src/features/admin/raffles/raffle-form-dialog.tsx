import { zodResolver } from "@hookform/resolvers/zod";
import { lotteryMissingForSale } from "@rifazo/shared/domain/lottery-binding";
import { MAX_PRIZE_IMAGES } from "@rifazo/shared/domain/prize-images";
import {
  ADMIN_MESSAGES,
  type AdminRaffle,
  type RaffleForm,
  raffleFormErrorSummary,
  raffleFormSchema,
} from "@rifazo/shared/schemas/admin";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { type FieldErrors, type FieldPath, type Resolver, useForm } from "react-hook-form";
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
import { toast } from "../../../components/ui/toast";
import { errorMessage, isApiError } from "../../../lib/api-client";
import { adminKeys, createRaffle, updateRaffle, uploadImage } from "../api/admin-api";
import { GalleryDialog } from "./gallery-dialog";
import { checkImageFile } from "./image-file";
import { RaffleFormAnnouncementSection } from "./raffle-form-announcement-section";
import { RaffleFormDrawSection } from "./raffle-form-draw-section";
import { RaffleFormGeneralSection } from "./raffle-form-general-section";
import { RaffleFormLevelsSection } from "./raffle-form-levels-section";
import { RaffleFormPurchaseSection } from "./raffle-form-purchase-section";
import { RaffleFormSaleSection } from "./raffle-form-sale-section";
import { newRaffleValues, patchBody, type RaffleFormValues, raffleValues } from "./raffle-form-values";

const CREATED_TOAST_MS = 6_000;

// The shared schema reads loosely typed input (text numbers included), so the form's all-text values fit it;
// it checks the purchase fields (number mode, reservation minutes, combos) with the rest.
const resolver = zodResolver(raffleFormSchema) as unknown as Resolver<RaffleFormValues, unknown, RaffleForm>;

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
  const { formState, setValue, watch, getValues } = form;
  const images = watch("images");
  /** Adds a gallery or uploaded image at the end of the list (once; the cover stays first). */
  const addImage = (url: string) => {
    const current = getValues("images");
    if (current.some((image) => image.url === url) || current.length >= MAX_PRIZE_IMAGES) return;
    setValue("images", [...current, { url, alt: "" }], {
      shouldDirty: true,
      shouldValidate: formState.isSubmitted,
    });
  };
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
      addImage(image.url);
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
    // A new raffle has no lottery bound yet (that is set in its detail): one decided by a lottery is
    // created upcoming, as the server requires.
    const unbound =
      !raffle && values.status === "active"
        ? lotteryMissingForSale({
            ...values,
            externalLottery: null,
            externalDrawAt: null,
            externalRule: null,
          })
        : null;
    if (unbound) {
      form.setError("status", { type: "lottery", message: unbound });
      toast({ id: "raffle-form-invalid", title: "Falta la lotería", description: unbound, variant: "error" });
      return;
    }
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
    if (result.success) {
      // Only the purchase fields are wrong: their messages sit under each input of "Compra".
      toast({
        id: "raffle-form-invalid",
        title: "Campos Requeridos",
        description: "Por favor, corrige los datos de la sección Compra.",
        variant: "error",
      });
      return;
    }
    const summary = raffleFormErrorSummary(result.error);
    setLevelsError(summary.fields.prizeLevels);
    toast({
      id: "raffle-form-invalid",
      title: summary.title,
      description: summary.message,
      variant: "error",
    });
  };

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

          <RaffleFormGeneralSection
            form={form}
            uploading={upload.isPending}
            onFile={pickFile}
            onOpenGallery={() => setGalleryOpen(true)}
          />
          <RaffleFormSaleSection form={form} editing={editing} locked={locked} />
          <RaffleFormPurchaseSection form={form} locked={locked} />
          <RaffleFormDrawSection form={form} locked={locked} />
          <RaffleFormLevelsSection
            form={form}
            levelsError={levelsError}
            onLevelsErrorChange={setLevelsError}
          />
          <RaffleFormAnnouncementSection form={form} />

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
          current={images[images.length - 1]?.url ?? null}
          onSelect={(image) => addImage(image.url)}
        />
      </DialogContent>
    </Dialog>
  );
}
