import { lotteryMissingForSale } from "@rifazo/shared/domain/lottery-binding";
import {
  ADMIN_MESSAGES,
  type AdminRaffle,
  type RaffleForm,
  raffleFormErrorSummary,
  raffleFormSchema,
} from "@rifazo/shared/schemas/admin";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { FieldPath, UseFormSetError } from "react-hook-form";
import { toast } from "../../../components/ui/toast";
import { errorMessage, isApiError } from "../../../lib/api-client";
import { adminKeys, createRaffle, updateRaffle, uploadImage } from "../api/admin-api";
import { checkImageFile } from "./image-file";
import { patchBody, type RaffleFormValues } from "./raffle-form-values";

const CREATED_TOAST_MS = 6_000;

/**
 * Creates or updates the raffle; on success updates the cached lists, says so and calls onDone; the
 * server's field messages land on their inputs.
 */
export function useSaveRaffle(
  raffle: AdminRaffle | null,
  setError: UseFormSetError<RaffleFormValues>,
  onDone: () => void,
) {
  const queryClient = useQueryClient();
  const editing = raffle !== null;
  return useMutation({
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
      onDone();
    },
    onError: (error) => {
      // Field messages from the server land on their inputs too.
      if (isApiError(error) && error.fields) {
        for (const [path, message] of Object.entries(error.fields)) {
          setError(path as FieldPath<RaffleFormValues>, { type: "server", message });
        }
      }
      toast({
        title: editing ? "Error al Actualizar Rifa" : "Error al Crear Rifa",
        description: errorMessage(error),
        variant: "error",
      });
    },
  });
}

/** Uploads a prize image chosen from the device (checked first) and hands its URL to addImage. */
export function usePrizeUpload(addImage: (url: string) => void) {
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
  return { uploading: upload.isPending, pickFile };
}

/**
 * Why a new raffle cannot go on sale yet: it has no lottery bound (that is set in its detail), so one
 * decided by a lottery is created upcoming, as the server requires. Null when nothing is missing.
 */
export function unboundLotteryMessage(raffle: AdminRaffle | null, values: RaffleForm): string | null {
  return !raffle && values.status === "active"
    ? lotteryMissingForSale({
        ...values,
        externalLottery: null,
        externalDrawAt: null,
        externalRule: null,
      })
    : null;
}

/**
 * Toasts the spec's summary of what is wrong ("Por favor, completa o corrige: {list}.") and returns the
 * prize levels' message, shown under that section; null when only the purchase fields are wrong (the
 * levels' message stays as it was).
 */
export function reportInvalidForm(values: RaffleFormValues): { levelsError: string | undefined } | null {
  // Same schema again for the summary.
  const result = raffleFormSchema.safeParse(values);
  if (result.success) {
    // Only the purchase fields are wrong: their messages sit under each input of "Compra".
    toast({
      id: "raffle-form-invalid",
      title: "Campos Requeridos",
      description: "Por favor, corrige los datos de la sección Compra.",
      variant: "error",
    });
    return null;
  }
  const summary = raffleFormErrorSummary(result.error);
  toast({
    id: "raffle-form-invalid",
    title: summary.title,
    description: summary.message,
    variant: "error",
  });
  return { levelsError: summary.fields.prizeLevels };
}
