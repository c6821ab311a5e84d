import { zodResolver } from "@hookform/resolvers/zod";
import { MAX_PRIZE_IMAGES } from "@rifazo/shared/domain/prize-images";
import {
  ADMIN_MESSAGES,
  type AdminRaffle,
  type RaffleForm,
  raffleFormSchema,
} from "@rifazo/shared/schemas/admin";
import { useState } from "react";
import { type Resolver, type UseFormReturn, useForm } from "react-hook-form";
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
import { GalleryDialog } from "./gallery-dialog";
import {
  reportInvalidForm,
  unboundLotteryMessage,
  usePrizeUpload,
  useSaveRaffle,
} from "./raffle-form-actions";
import { RaffleFormAnnouncementSection } from "./raffle-form-announcement-section";
import { RaffleFormDrawSection } from "./raffle-form-draw-section";
import { RaffleFormGeneralSection } from "./raffle-form-general-section";
import { RaffleFormInstantSection } from "./raffle-form-instant-section";
import { RaffleFormLevelsSection } from "./raffle-form-levels-section";
import { RaffleFormPurchaseSection } from "./raffle-form-purchase-section";
import { RaffleFormSaleSection } from "./raffle-form-sale-section";
import { newRaffleValues, patchBody, type RaffleFormValues, raffleValues } from "./raffle-form-values";

// The shared schema reads loosely typed input (text numbers included), so the form's all-text values fit it;
// it checks the purchase fields (number mode, reservation minutes, combos) with the rest.
const resolver = zodResolver(raffleFormSchema) as unknown as Resolver<RaffleFormValues, unknown, RaffleForm>;

type RaffleFormApi = UseFormReturn<RaffleFormValues, unknown, RaffleForm>;

/** Adds a gallery or uploaded image at the end of the list (once; the cover stays first). */
function addImageTo(form: RaffleFormApi, url: string) {
  const current = form.getValues("images");
  if (current.some((image) => image.url === url) || current.length >= MAX_PRIZE_IMAGES) return;
  form.setValue("images", [...current, { url, alt: "" }], {
    shouldDirty: true,
    shouldValidate: form.formState.isSubmitted,
  });
}

interface RaffleFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** null: create a new raffle. */
  raffle: AdminRaffle | null;
}

/** Spec 2 §2 "Raffle form": create or edit, validated by the same raffleFormSchema as the API. */
export function RaffleFormDialog({ open, onOpenChange, raffle }: RaffleFormDialogProps) {
  const editing = raffle !== null;
  const [galleryOpen, setGalleryOpen] = useState(false);
  const [levelsError, setLevelsError] = useState<string>();

  const form = useForm<RaffleFormValues, unknown, RaffleForm>({
    resolver,
    defaultValues: raffle ? raffleValues(raffle) : newRaffleValues(),
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const { watch, getValues } = form;
  const images = watch("images");
  const addImage = (url: string) => addImageTo(form, url);
  const locked = Boolean(raffle?.hasSales);

  const save = useSaveRaffle(raffle, form.setError, () => onOpenChange(false));
  const upload = usePrizeUpload(addImage);

  const onValid = (values: RaffleForm) => {
    setLevelsError(undefined);
    const unbound = unboundLotteryMessage(raffle, values);
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

  const onInvalid = () => {
    const summary = reportInvalidForm(getValues());
    if (summary) setLevelsError(summary.levelsError);
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (save.isPending ? undefined : onOpenChange(next))}>
      <DialogContent
        size="lg"
        // A stray click outside must not throw away a half-filled form; Escape and the buttons still close it.
        onInteractOutside={(event) => event.preventDefault()}
      >
        <FormHeader editing={editing} />

        <form noValidate onSubmit={form.handleSubmit(onValid, onInvalid)} className="space-y-6">
          {locked ? (
            <Alert variant="warning" title="Rifa con ventas">
              {ADMIN_MESSAGES.saleLocked}
            </Alert>
          ) : null}

          <RaffleFormSections
            form={form}
            editing={editing}
            locked={locked}
            upload={upload}
            onOpenGallery={() => setGalleryOpen(true)}
            levelsError={levelsError}
            onLevelsErrorChange={setLevelsError}
          />

          <FormFooter editing={editing} busy={save.isPending} onCancel={() => onOpenChange(false)} />
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

function FormHeader({ editing }: { editing: boolean }) {
  return (
    <DialogHeader>
      <DialogTitle>{editing ? "Editar Rifa" : "Crear Rifa"}</DialogTitle>
      <DialogDescription>
        {editing
          ? "Modifica los datos de la rifa. Los campos marcados con * son obligatorios."
          : "Completa los datos de la nueva rifa. Los campos marcados con * son obligatorios."}
      </DialogDescription>
    </DialogHeader>
  );
}

interface RaffleFormSectionsProps {
  form: RaffleFormApi;
  editing: boolean;
  /** The raffle has sales: what buyers paid for cannot change. */
  locked: boolean;
  upload: ReturnType<typeof usePrizeUpload>;
  onOpenGallery: () => void;
  levelsError: string | undefined;
  onLevelsErrorChange: (message: string | undefined) => void;
}

function RaffleFormSections({
  form,
  editing,
  locked,
  upload,
  onOpenGallery,
  levelsError,
  onLevelsErrorChange,
}: RaffleFormSectionsProps) {
  return (
    <>
      <RaffleFormGeneralSection
        form={form}
        uploading={upload.uploading}
        onFile={upload.pickFile}
        onOpenGallery={onOpenGallery}
      />
      <RaffleFormSaleSection form={form} editing={editing} locked={locked} />
      <RaffleFormPurchaseSection form={form} locked={locked} />
      <RaffleFormDrawSection form={form} locked={locked} />
      <RaffleFormLevelsSection
        form={form}
        locked={locked}
        levelsError={levelsError}
        onLevelsErrorChange={onLevelsErrorChange}
      />
      <RaffleFormInstantSection form={form} locked={locked} />
      <RaffleFormAnnouncementSection form={form} />
    </>
  );
}

function FormFooter({ editing, busy, onCancel }: { editing: boolean; busy: boolean; onCancel: () => void }) {
  return (
    <DialogFooter className="sticky -bottom-6 z-10 -mx-6 -mb-6 flex-row! justify-end! border-t border-line bg-surface px-6 py-4">
      <Button variant="outline" disabled={busy} onClick={onCancel}>
        Cancelar
      </Button>
      <Button type="submit" loading={busy} loadingText={editing ? "Guardando..." : "Creando..."}>
        {editing ? "Guardar Cambios" : "Crear Rifa"}
      </Button>
    </DialogFooter>
  );
}
